/**
 * The shapes of secrets that are secret wherever they appear (TOKEN_FORMATS): provider tokens with a
 * fixed prefix and length, so maskText masks them in free text, URLs and JSON strings even under a
 * name that says nothing (`q=`, `"data": …`, a log line). One entry per format: the pattern and a
 * hint that every match contains (a cheap test before the pattern runs), and, in the comment that
 * ends it, the format's name as its provider gives it and what the secret grants, so a reviewer can
 * tell why it is masked (`// Stripe secret key: full access …`). Comments, because nothing at run
 * time reads them and each extension host would load 5 KiB of them (issue 44's bundle budget); the
 * tests read them from this file and check that every entry has both. The prefixes and lengths are
 * the providers' own documented formats, the same ones secret scanners use (GitHub secret scanning,
 * gitleaks' config/gitleaks.toml). No `vscode` import.
 *
 * Every pattern is linear in its input: it starts with a lookbehind that refuses a start inside a
 * run of the characters the token is made of (so a run is tried from its first character only,
 * never from each one), and each quantifier has either a bound or a character class that ends at a
 * character the next part does not start with. A minimum length and that left boundary keep prose
 * and identifiers (`sk-learn`, `risk_level`, `desk_`) unmasked.
 */

export interface TokenFormat {
  /** The secret (global flag). With `lead`, group 1 is context that stays and group 2 the secret. */
  pattern: RegExp;
  /** Found in every match of `pattern` (case-sensitively): text without it is not searched. */
  hint: RegExp;
  /** The pattern's first group is a name or host kept as it is (`aws_secret_access_key=`). */
  lead?: true;
}

/** Sentry's own tokens: organization (`sntrys_`) and user (`sntryu_`) auth tokens. */
export const SENTRY_TOKEN = /(?<![A-Za-z\d_])sntry[su]_[A-Za-z\d+/=_.-]+/g;
/** A JSON Web Token: base64url of `{"…` for the header, then a payload and a signature. */
export const JWT = /(?<![\w-])eyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

const f = (pattern: RegExp, hint: RegExp, lead?: true): TokenFormat => ({ pattern, hint, ...(lead ? { lead } : {}) });

export const TOKEN_FORMATS: readonly TokenFormat[] = [
  f(SENTRY_TOKEN, /sntry/), // Sentry auth token: calls the Sentry API as the organization or user that made it
  f(JWT, /eyJ/), // JSON Web Token: a signed session or access token: whoever holds it is the user it names until it expires
  // Stripe: https://docs.stripe.com/keys. Publishable keys (`pk_live_`) are public by design: not here.
  f(/(?<![\w-])sk_(?:live|test)_[A-Za-z\d]{20,}/g, /sk_(?:live|test)_/), // Stripe secret key: full access to the Stripe account (charges, refunds, customers)
  f(/(?<![\w-])rk_(?:live|test)_[A-Za-z\d]{20,}/g, /rk_(?:live|test)_/), // Stripe restricted key: access to the Stripe account within its restrictions
  f(/(?<![\w-])whsec_[A-Za-z\d+/=]{24,}/g, /whsec_/), // Stripe webhook signing secret: forges webhook events that the endpoint trusts
  // AWS: https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html. The 40-character
  // secret key has no prefix, so it is found only beside its key id or an aws name; before the key id
  // itself is masked, so that it is still there to be seen. It may be followed by `/` (a path).
  f(/((?<![\w-])(?:AKIA|ASIA)[A-Z\d]{16}[\s:,;|="'\\]{1,4})([A-Za-z\d/+]{40})(?![A-Za-z\d+=])/g, /AKIA|ASIA/, true), // AWS secret access key beside its key id: signs AWS API requests as the IAM user or role
  f(/((?<![A-Za-z\d])aws_?(?:secret_?(?:access_?)?key|secret)["']?(?:[ \t]{1,4}|[ \t]{0,4}[:=][ \t]{0,4})["']?)([A-Za-z\d/+]{40})(?![A-Za-z\d+=])/gi, /[Aa][Ww][Ss]/, true), // AWS secret access key beside an aws name: signs AWS API requests as the IAM user or role
  f(/(?<![\w-])(?:AKIA|ASIA)[A-Z\d]{16}(?![A-Za-z\d])/g, /AKIA|ASIA/), // AWS access key id: names the IAM credentials; with the secret beside it in the same logs, it is half of a login
  // GitHub: https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/
  f(/(?<![\w-])ghp_[A-Za-z\d]{36,}/g, /ghp_/), // GitHub personal access token: acts as the user on GitHub within the token's scopes
  f(/(?<![\w-])gho_[A-Za-z\d]{36,}/g, /gho_/), // GitHub OAuth access token: acts as the user for the OAuth app
  f(/(?<![\w-])ghu_[A-Za-z\d]{36,}/g, /ghu_/), // GitHub user-to-server token: acts as the user for the GitHub App
  f(/(?<![\w-])ghs_[A-Za-z\d]{36,}/g, /ghs_/), // GitHub server-to-server token: acts as the GitHub App installation (CI checkouts carry it)
  f(/(?<![\w-])ghr_[A-Za-z\d]{36,}/g, /ghr_/), // GitHub refresh token: mints new user-to-server tokens
  f(/(?<![\w-])github_pat_[A-Za-z\d_]{60,}/g, /github_pat_/), // GitHub fine-grained personal access token: acts as the user on the repositories it was granted
  // Slack: https://docs.slack.dev/authentication/tokens
  f(/(?<![\w-])xoxb-[A-Za-z\d-]{20,}/g, /xoxb-/), // Slack bot token: posts and reads as the Slack app
  f(/(?<![\w-])xoxp-[A-Za-z\d-]{20,}/g, /xoxp-/), // Slack user token: acts as the Slack user who installed the app
  f(/(?<![\w-])xox[aeors](?:\.xox[bp])?-[A-Za-z\d-]{20,}/g, /xox[aeors]/), // Slack workspace, refresh or configuration token: acts for the workspace, or mints new tokens
  f(/(?<![\w-])xapp-\d-[A-Za-z\d-]{20,}/g, /xapp-/), // Slack app-level token: opens the app’s Socket Mode connection
  f(/(hooks\.slack\.com\/(?:services|workflows|triggers)\/)([A-Za-z\d+/_-]{20,})/g, /hooks\.slack\.com/, true), // Slack webhook URL: its path is the credential: anyone with it posts into the channel
  // GitLab: https://docs.gitlab.com/security/tokens/
  f(/(?<![\w-])glpat-[\w-]{20,}(?:\.[\da-z]{2}\.?[\da-z]{7})?/g, /glpat-/), // GitLab personal access token: acts as the GitLab user within its scopes
  f(/(?<![\w-])gldt-[\w-]{20,}/g, /gldt-/), // GitLab deploy token: reads (or writes) the repository and registry it was made for
  f(/(?<![\w-])glrt-[\w-]{20,}(?:\.[\da-z]{2}\.?[\da-z]{7})?/g, /glrt-/), // GitLab runner authentication token: registers a runner that receives CI jobs and their secrets
  f(/(?<![\w-])glptt-[\da-f]{40}/g, /glptt-/), // GitLab pipeline trigger token: starts pipelines with chosen variables
  f(/(?<![\w-])glcbt-[\w-]{20,}/g, /glcbt-/), // GitLab CI/CD job token: acts as the running job on the API
  f(/(?<![\w-])gl(?:ft|imt|agent|oas|soat|ffct)-[\w-]{20,}/g, /gl(?:ft|imt|agent|oas|soat|ffct)-/), // GitLab feed, mail, agent, OAuth, SCIM or feature flag token: each reads or acts on part of the GitLab instance
  // npm: https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/
  f(/(?<![\w-])npm_[A-Za-z\d]{36,}/g, /npm_/), // npm access token: publishes packages as the npm user
  // Google: https://cloud.google.com/docs/authentication/api-keys, https://developers.google.com/identity/protocols/oauth2
  f(/(?<![\w-])AIza[\w-]{35}(?![\w-])/g, /AIza/), // Google API key: bills the Google Cloud project for the APIs the key allows
  f(/(?<![\w-])ya29\.[\w-]{20,}/g, /ya29\./), // Google OAuth access token: acts as the Google account within its scopes
  f(/(?<![\w-])1\/\/0[\w-]{40,}/g, /1\/\/0/), // Google OAuth refresh token: mints new access tokens for the Google account
  f(/(?<![\w-])GOCSPX-[\w-]{24,}/g, /GOCSPX-/), // Google OAuth client secret: lets anyone act as the OAuth client
  // OpenAI: https://platform.openai.com/docs/api-reference/authentication; Anthropic: https://docs.anthropic.com/en/api/overview
  f(/(?<![\w-])sk-proj-[\w-]{40,}/g, /sk-proj-/), // OpenAI project key: bills the OpenAI project
  f(/(?<![\w-])sk-svcacct-[\w-]{40,}/g, /sk-svcacct-/), // OpenAI service account key: bills the OpenAI project as its service account
  f(/(?<![\w-])sk-admin-[\w-]{40,}/g, /sk-admin-/), // OpenAI admin key: manages the OpenAI organization
  f(/(?<![\w-])sk-[A-Za-z\d]{32,}/g, /sk-/), // OpenAI user key: bills the OpenAI account (the older key format, also used by compatible APIs)
  f(/(?<![\w-])sk-ant-[a-z]{2,8}\d\d-[\w-]{40,}/g, /sk-ant-/), // Anthropic API key: bills the Anthropic workspace
  // Email and messaging.
  f(/(?<![\w-])SG\.[\w-]{22}\.[\w-]{43}(?![\w-])/g, /SG\./), // SendGrid API key: sends mail as the account
  f(/(?<![\w-])SK[\da-fA-F]{32}(?![\w-])/g, /SK/), // Twilio API key: the key SID that, with its secret, calls the Twilio API
  f(/(?<![\w-])key-[\da-f]{32}(?![\w-])/g, /key-/), // Mailgun API key: sends mail and reads logs as the account
  f(/(?<![\w-])[\da-f]{32}-us\d{1,2}(?![\w-])/g, /-us\d/), // Mailchimp API key: reads and writes the audience and sends campaigns
  // Its first part is the base64 of the bot's decimal user id, so it starts with M, N or O (the first
  // digit) and D, T, j or z (the rest of that digit and the next one).
  f(/(?<![\w.-])[MNO][DTjz][\w-]{22,26}\.[\w-]{6}\.[\w-]{27,38}(?![\w.-])/g, /[MNO][DTjz][\w-]{22,26}\.[\w-]{6}\./), // Discord bot token: logs in as the bot
  f(/(?<![\w-])(?:bot)?\d{5,16}:A[\w-]{34}(?![\w-])/g, /\d:A/), // Telegram bot token: controls the bot through the Bot API
  // Shopify: https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens
  f(/(?<![\w-])shpat_[\da-fA-F]{32}(?![\w-])/g, /shpat_/), // Shopify access token: calls the Admin API of the shop
  f(/(?<![\w-])shpss_[\da-fA-F]{32}(?![\w-])/g, /shpss_/), // Shopify shared secret: signs and verifies the app’s webhooks and OAuth
  f(/(?<![\w-])shpca_[\da-fA-F]{32}(?![\w-])/g, /shpca_/), // Shopify custom app access token: calls the Admin API of the shop
  f(/(?<![\w-])shppa_[\da-fA-F]{32}(?![\w-])/g, /shppa_/), // Shopify private app access token: calls the Admin API of the shop
  // DigitalOcean: https://docs.digitalocean.com/reference/api/create-personal-access-token/
  f(/(?<![\w-])dop_v1_[\da-f]{64}(?![\w-])/g, /dop_v1_/), // DigitalOcean personal access token: manages droplets, databases and DNS
  f(/(?<![\w-])doo_v1_[\da-f]{64}(?![\w-])/g, /doo_v1_/), // DigitalOcean OAuth token: acts for the user through an OAuth app
  f(/(?<![\w-])dor_v1_[\da-f]{64}(?![\w-])/g, /dor_v1_/), // DigitalOcean refresh token: mints new OAuth tokens
  // Package registries and developer services.
  f(/(?<![\w-])hf_[A-Za-z\d]{30,}/g, /hf_/), // Hugging Face access token: reads and writes the user’s models, datasets and spaces
  f(/(?<![\w-])api_org_[A-Za-z\d]{30,}/g, /api_org_/), // Hugging Face organization token: acts for the organization
  f(/(?<![\w-])pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[\w-]{50,}/g, /pypi-AgE/), // PyPI upload token: publishes releases of the projects it covers
  f(/(?<![\w-])rubygems_[\da-f]{48}(?![\w-])/g, /rubygems_/), // RubyGems API key: pushes gems as the owner
  f(/(?<![\w-])dckr_pat_[\w-]{27,}/g, /dckr_pat_/), // Docker Hub access token: pushes and pulls images as the user
  f(/(?<![\w-])lin_(?:api|oauth)_[A-Za-z\d]{40,}/g, /lin_(?:api|oauth)_/), // Linear API key: reads and writes the workspace’s issues
  f(/(?<![\w-])PMAK-[\da-fA-F]{24}-[\da-fA-F]{34}(?![\w-])/g, /PMAK-/), // Postman API key: reads the collections and environments (and their secrets)
  f(/(?<![\w-])ATATT3[\w=-]{100,}/g, /ATATT3/), // Atlassian API token: acts as the user in Jira and Confluence
  f(/(?<![\w.-])dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[\w-]{1,40}\.)?[A-Za-z\d]{40,}/g, /dp\.(?:pt|st|ct|sa|scim|audit)\./), // Doppler token: reads the secrets Doppler stores
  f(/(?<![\w-])glc_[A-Za-z\d+/]{32,}={0,3}/g, /glc_/), // Grafana Cloud token: acts on the Grafana Cloud stack
  f(/(?<![\w-])glsa_[A-Za-z\d]{32}_[\dA-Fa-f]{8}(?![\w-])/g, /glsa_/), // Grafana service account token: acts as the Grafana service account
  f(/(?<![\w-])eyJrIjoi[A-Za-z\d+/]{50,}={0,3}/g, /eyJrIjoi/), // Grafana API key (legacy): acts on the Grafana instance
  f(/(?<![\w-])NRAK-[A-Z\d]{27}(?![\w-])/g, /NRAK-/), // New Relic user API key: queries and configures the account as the user
  f(/(?<![\w-])NRII-[\w-]{32}(?![\w-])/g, /NRII-/), // New Relic insert key: writes events into the account
  f(/(?<![\w-])[\da-f]{36}NRAL(?![\w-])/g, /NRAL/), // New Relic license key: reports data into the account
  f(/(?<![\w-])dapi[\da-f]{32}(?:-\d)?(?![\w-])/g, /dapi/), // Databricks access token: runs jobs and reads data in the workspace
  f(/(?<![\w-])dt0c01\.[A-Za-z\d]{24}\.[A-Za-z\d]{64}(?![\w-])/g, /dt0c01\./), // Dynatrace API token: reads and configures the environment
  f(/(?<![\w-])hv[sb]\.[\w-]{90,}/g, /hv[sb]\./), // HashiCorp Vault token: reads the secrets Vault stores under its policies
  f(/(?<![\w-])[A-Za-z\d]{14}\.atlasv1\.[\w=-]{60,}/g, /atlasv1/), // Terraform Cloud API token: runs and reads workspaces, with their state and variables
  f(/(?<![\w-])pul-[\da-f]{40}(?![\w-])/g, /pul-/), // Pulumi access token: reads stacks, their state and their secrets
  f(/(?<![\w-])HRKU-AA[\w-]{58}(?![\w-])/g, /HRKU-/), // Heroku API key: manages the user’s apps
  f(/(?<![\w-])(?:fo1_[\w-]{43}|fm[12][ar]?_[A-Za-z\d+/]{100,}={0,3})/g, /fo1_|fm[12][ar]?_/), // Fly.io token: deploys and reads the organization’s apps
  f(/(?<![\w-])pscale_(?:tkn|oauth|pw)_[\w.=-]{32,}/g, /pscale_/), // PlanetScale token or password: connects to the database or its API
  f(/(?<![\w-])ops_eyJ[A-Za-z\d+/]{250,}={0,3}/g, /ops_eyJ/), // 1Password service account token: reads the vaults it was granted
  f(/(?<![\w-])(?:ntn_\d{11}[A-Za-z\d]{35}|secret_[A-Za-z\d]{43})(?![\w-])/g, /ntn_|secret_/), // Notion integration token: reads and writes the pages shared with the integration
  f(/(?<![\w-])sbp_[\da-f]{40}(?![\w-])/g, /sbp_/), // Supabase access token: manages the user’s Supabase projects
  f(/(?<![\w-])sgp_(?:[\da-fA-F]{16}_|local_)?[\da-fA-F]{40}(?![\w-])/g, /sgp_/), // Sourcegraph access token: searches the code the user can see
  f(/(?<![\w-])bkua_[\da-f]{40}(?![\w-])/g, /bkua_/), // Buildkite API token: runs and reads pipelines
  f(/(?<![\w-])pat[A-Za-z\d]{14}\.[\da-f]{64}(?![\w-])/g, /pat[A-Za-z\d]{14}\./), // Airtable personal access token: reads and writes the bases it was granted
  f(/(?<![\w-])figd_[\w-]{40,}/g, /figd_/), // Figma access token: reads the user’s files
  f(/(?<![\w-])nfp_[A-Za-z\d]{36,}/g, /nfp_/), // Netlify access token: deploys and configures sites
  // Payments and cloud identity.
  f(/(?<![\w-])(?:EAAA|sq0atp-)[\w-]{22,}/g, /EAAA|sq0atp-/), // Square access token: takes payments and reads the seller’s data
  f(/(?<![\w-])sq0csp-[\w-]{40,}/g, /sq0csp-/), // Square OAuth secret: lets anyone act as the Square application
  f(/(?<![\w~.-])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])/g, /Q~/), // Azure AD client secret: signs in as the Entra ID application
  f(/(?<![\w-])AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![\w-])/g, /AGE-SECRET-KEY-1/), // Age secret key: decrypts every file encrypted to its recipient
];

/**
 * Text without any of these has no token: every format's hint holds one of them (a test checks it).
 * Written out rather than joined from the hints, because prefixes shared by several formats (`gh?_`,
 * `sk-`, `eyJ`) are tried once here: a long alternation costs per alternative at each position.
 */
export const TOKEN_HINT = new RegExp(
  [
    'sntry|eyJ|[sr]k_(?:live|test)_|whsec_|A[KS]IA|[Aa][Ww][Ss]|gh[pousr]_|github_pat_|xox[abeoprs]|xapp-|hooks\\.slack\\.com',
    'gl(?:pat|dt|rt|ptt|cbt|ft|imt|agent|oas|soat|ffct)-|gl(?:c|sa)_|npm_|AIza|ya29\\.|1//0|GOCSPX-|sk-|SG\\.|SK|key-|-us\\d',
    '[MNO][DTjz][\\w-]{22,26}\\.[\\w-]{6}\\.|\\d:A|shp(?:at|ss|ca|pa)_|do[opr]_v1_|hf_|api_org_|pypi-AgE|rubygems_|dckr_pat_|lin_(?:api|oauth)_|PMAK-|ATATT3',
    'dp\\.|NR(?:AK|II)-|NRAL|dapi|dt0c01\\.|hv[sb]\\.|atlasv1|pul-|HRKU-|fo1_|fm[12][ar]?_|pscale_|ntn_|secret_|sbp_|sgp_|bkua_',
    'pat[A-Za-z\\d]{14}\\.|figd_|nfp_|EAAA|sq0(?:atp|csp)-|Q~|AGE-SECRET-KEY-1',
  ].join('|'),
);

/**
 * `text` with every match of every format replaced by `mask` (a `lead` kept before it), and how many.
 * A format runs only when its hint is in the text; most text has none.
 */
export function maskTokens(text: string, mask: string): { text: string; count: number } {
  if (!TOKEN_HINT.test(text)) return { text, count: 0 };
  let s = text;
  let count = 0;
  for (const format of TOKEN_FORMATS) {
    if (!format.hint.test(s)) continue;
    s = s.replace(format.pattern, (all: string, lead: unknown) => {
      count++;
      return format.lead && typeof lead === 'string' ? `${lead}${mask}` : mask;
    });
  }
  return { text: s, count };
}
