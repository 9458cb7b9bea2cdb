/**
 * The shapes of secrets that are secret wherever they appear (TOKEN_FORMATS): provider tokens with a
 * fixed prefix and length, so maskText masks them in free text, URLs and JSON strings even under a
 * name that says nothing (`q=`, `"data": …`, a log line). One entry per format: its name, the
 * pattern and a hint that every match contains (a cheap test before the pattern runs), and, in the
 * comment that ends it, what the secret grants, so a reviewer can tell why it is masked (a comment:
 * nothing at run time reads it, and each extension host would load 3 KiB of it; a test checks that
 * every entry has one). The prefixes and lengths are the providers' own documented formats, the same ones secret
 * scanners use (GitHub secret scanning, gitleaks' config/gitleaks.toml). No `vscode` import.
 *
 * Every pattern is linear in its input: it starts with a lookbehind that refuses a start inside a
 * run of the characters the token is made of (so a run is tried from its first character only,
 * never from each one), and each quantifier has either a bound or a character class that ends at a
 * character the next part does not start with. A minimum length and that left boundary keep prose
 * and identifiers (`sk-learn`, `risk_level`, `desk_`) unmasked.
 */

export interface TokenFormat {
  /** What the secret is, as its provider names it. */
  name: string;
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

const f = (name: string, pattern: RegExp, hint: RegExp, lead?: true): TokenFormat => ({ name, pattern, hint, ...(lead ? { lead } : {}) });

export const TOKEN_FORMATS: readonly TokenFormat[] = [
  f('Sentry auth token', SENTRY_TOKEN, /sntry/), // calls the Sentry API as the organization or user that made it
  f('JSON Web Token', JWT, /eyJ/), // a signed session or access token: whoever holds it is the user it names until it expires
  // Stripe: https://docs.stripe.com/keys. Publishable keys (`pk_live_`) are public by design: not here.
  f('Stripe secret key', /(?<![\w-])sk_(?:live|test)_[A-Za-z\d]{20,}/g, /sk_(?:live|test)_/), // full access to the Stripe account (charges, refunds, customers)
  f('Stripe restricted key', /(?<![\w-])rk_(?:live|test)_[A-Za-z\d]{20,}/g, /rk_(?:live|test)_/), // access to the Stripe account within its restrictions
  f('Stripe webhook signing secret', /(?<![\w-])whsec_[A-Za-z\d+/=]{24,}/g, /whsec_/), // forges webhook events that the endpoint trusts
  // AWS: https://docs.aws.amazon.com/IAM/latest/UserGuide/security-creds.html. The 40-character
  // secret key has no prefix, so it is found only beside its key id or an aws name; before the key id
  // itself is masked, so that it is still there to be seen. It may be followed by `/` (a path).
  f('AWS secret access key beside its key id', /((?<![\w-])(?:AKIA|ASIA)[A-Z\d]{16}[\s:,;|="'\\]{1,4})([A-Za-z\d/+]{40})(?![A-Za-z\d+=])/g, /AKIA|ASIA/, true), // signs AWS API requests as the IAM user or role
  f(
    'AWS secret access key beside an aws name',
    /((?<![A-Za-z\d])aws_?(?:secret_?(?:access_?)?key|secret)["']?(?:[ \t]{1,4}|[ \t]{0,4}[:=][ \t]{0,4})["']?)([A-Za-z\d/+]{40})(?![A-Za-z\d+=])/gi,
    /[Aa][Ww][Ss]/,
    true,
  ), // signs AWS API requests as the IAM user or role
  f('AWS access key id', /(?<![\w-])(?:AKIA|ASIA)[A-Z\d]{16}(?![A-Za-z\d])/g, /AKIA|ASIA/), // names the IAM credentials; with the secret beside it in the same logs, it is half of a login
  // GitHub: https://github.blog/engineering/platform-security/behind-githubs-new-authentication-token-formats/
  f('GitHub personal access token', /(?<![\w-])ghp_[A-Za-z\d]{36,}/g, /ghp_/), // acts as the user on GitHub within the token's scopes
  f('GitHub OAuth access token', /(?<![\w-])gho_[A-Za-z\d]{36,}/g, /gho_/), // acts as the user for the OAuth app
  f('GitHub user-to-server token', /(?<![\w-])ghu_[A-Za-z\d]{36,}/g, /ghu_/), // acts as the user for the GitHub App
  f('GitHub server-to-server token', /(?<![\w-])ghs_[A-Za-z\d]{36,}/g, /ghs_/), // acts as the GitHub App installation (CI checkouts carry it)
  f('GitHub refresh token', /(?<![\w-])ghr_[A-Za-z\d]{36,}/g, /ghr_/), // mints new user-to-server tokens
  f('GitHub fine-grained personal access token', /(?<![\w-])github_pat_[A-Za-z\d_]{60,}/g, /github_pat_/), // acts as the user on the repositories it was granted
  // Slack: https://docs.slack.dev/authentication/tokens
  f('Slack bot token', /(?<![\w-])xoxb-[A-Za-z\d-]{20,}/g, /xoxb-/), // posts and reads as the Slack app
  f('Slack user token', /(?<![\w-])xoxp-[A-Za-z\d-]{20,}/g, /xoxp-/), // acts as the Slack user who installed the app
  f('Slack workspace, refresh or configuration token', /(?<![\w-])xox[aeors](?:\.xox[bp])?-[A-Za-z\d-]{20,}/g, /xox[aeors]/), // acts for the workspace, or mints new tokens
  f('Slack app-level token', /(?<![\w-])xapp-\d-[A-Za-z\d-]{20,}/g, /xapp-/), // opens the app’s Socket Mode connection
  f('Slack webhook URL', /(hooks\.slack\.com\/(?:services|workflows|triggers)\/)([A-Za-z\d+/_-]{20,})/g, /hooks\.slack\.com/, true), // its path is the credential: anyone with it posts into the channel
  // GitLab: https://docs.gitlab.com/security/tokens/
  f('GitLab personal access token', /(?<![\w-])glpat-[\w-]{20,}(?:\.[\da-z]{2}\.?[\da-z]{7})?/g, /glpat-/), // acts as the GitLab user within its scopes
  f('GitLab deploy token', /(?<![\w-])gldt-[\w-]{20,}/g, /gldt-/), // reads (or writes) the repository and registry it was made for
  f('GitLab runner authentication token', /(?<![\w-])glrt-[\w-]{20,}(?:\.[\da-z]{2}\.?[\da-z]{7})?/g, /glrt-/), // registers a runner that receives CI jobs and their secrets
  f('GitLab pipeline trigger token', /(?<![\w-])glptt-[\da-f]{40}/g, /glptt-/), // starts pipelines with chosen variables
  f('GitLab CI/CD job token', /(?<![\w-])glcbt-[\w-]{20,}/g, /glcbt-/), // acts as the running job on the API
  f('GitLab feed, mail, agent, OAuth, SCIM or feature flag token', /(?<![\w-])gl(?:ft|imt|agent|oas|soat|ffct)-[\w-]{20,}/g, /gl(?:ft|imt|agent|oas|soat|ffct)-/), // each reads or acts on part of the GitLab instance
  // npm: https://github.blog/changelog/2021-09-23-npm-has-a-new-access-token-format/
  f('npm access token', /(?<![\w-])npm_[A-Za-z\d]{36,}/g, /npm_/), // publishes packages as the npm user
  // Google: https://cloud.google.com/docs/authentication/api-keys, https://developers.google.com/identity/protocols/oauth2
  f('Google API key', /(?<![\w-])AIza[\w-]{35}(?![\w-])/g, /AIza/), // bills the Google Cloud project for the APIs the key allows
  f('Google OAuth access token', /(?<![\w-])ya29\.[\w-]{20,}/g, /ya29\./), // acts as the Google account within its scopes
  f('Google OAuth refresh token', /(?<![\w-])1\/\/0[\w-]{40,}/g, /1\/\/0/), // mints new access tokens for the Google account
  f('Google OAuth client secret', /(?<![\w-])GOCSPX-[\w-]{24,}/g, /GOCSPX-/), // lets anyone act as the OAuth client
  // OpenAI: https://platform.openai.com/docs/api-reference/authentication; Anthropic: https://docs.anthropic.com/en/api/overview
  f('OpenAI project key', /(?<![\w-])sk-proj-[\w-]{40,}/g, /sk-proj-/), // bills the OpenAI project
  f('OpenAI service account key', /(?<![\w-])sk-svcacct-[\w-]{40,}/g, /sk-svcacct-/), // bills the OpenAI project as its service account
  f('OpenAI admin key', /(?<![\w-])sk-admin-[\w-]{40,}/g, /sk-admin-/), // manages the OpenAI organization
  f('OpenAI user key', /(?<![\w-])sk-[A-Za-z\d]{32,}/g, /sk-/), // bills the OpenAI account (the older key format, also used by compatible APIs)
  f('Anthropic API key', /(?<![\w-])sk-ant-[a-z]{2,8}\d\d-[\w-]{40,}/g, /sk-ant-/), // bills the Anthropic workspace
  // Email and messaging.
  f('SendGrid API key', /(?<![\w-])SG\.[\w-]{22}\.[\w-]{43}(?![\w-])/g, /SG\./), // sends mail as the account
  f('Twilio API key', /(?<![\w-])SK[\da-fA-F]{32}(?![\w-])/g, /SK/), // the key SID that, with its secret, calls the Twilio API
  f('Mailgun API key', /(?<![\w-])key-[\da-f]{32}(?![\w-])/g, /key-/), // sends mail and reads logs as the account
  f('Mailchimp API key', /(?<![\w-])[\da-f]{32}-us\d{1,2}(?![\w-])/g, /-us\d/), // reads and writes the audience and sends campaigns
  // Its first part is the base64 of the bot's decimal user id, so it starts with M, N or O (the first
  // digit) and D, T, j or z (the rest of that digit and the next one).
  f('Discord bot token', /(?<![\w.-])[MNO][DTjz][\w-]{22,26}\.[\w-]{6}\.[\w-]{27,38}(?![\w.-])/g, /[MNO][DTjz][\w-]{22,26}\.[\w-]{6}\./), // logs in as the bot
  f('Telegram bot token', /(?<![\w-])(?:bot)?\d{5,16}:A[\w-]{34}(?![\w-])/g, /\d:A/), // controls the bot through the Bot API
  // Shopify: https://shopify.dev/docs/apps/build/authentication-authorization/access-tokens
  f('Shopify access token', /(?<![\w-])shpat_[\da-fA-F]{32}(?![\w-])/g, /shpat_/), // calls the Admin API of the shop
  f('Shopify shared secret', /(?<![\w-])shpss_[\da-fA-F]{32}(?![\w-])/g, /shpss_/), // signs and verifies the app’s webhooks and OAuth
  f('Shopify custom app access token', /(?<![\w-])shpca_[\da-fA-F]{32}(?![\w-])/g, /shpca_/), // calls the Admin API of the shop
  f('Shopify private app access token', /(?<![\w-])shppa_[\da-fA-F]{32}(?![\w-])/g, /shppa_/), // calls the Admin API of the shop
  // DigitalOcean: https://docs.digitalocean.com/reference/api/create-personal-access-token/
  f('DigitalOcean personal access token', /(?<![\w-])dop_v1_[\da-f]{64}(?![\w-])/g, /dop_v1_/), // manages droplets, databases and DNS
  f('DigitalOcean OAuth token', /(?<![\w-])doo_v1_[\da-f]{64}(?![\w-])/g, /doo_v1_/), // acts for the user through an OAuth app
  f('DigitalOcean refresh token', /(?<![\w-])dor_v1_[\da-f]{64}(?![\w-])/g, /dor_v1_/), // mints new OAuth tokens
  // Package registries and developer services.
  f('Hugging Face access token', /(?<![\w-])hf_[A-Za-z\d]{30,}/g, /hf_/), // reads and writes the user’s models, datasets and spaces
  f('Hugging Face organization token', /(?<![\w-])api_org_[A-Za-z\d]{30,}/g, /api_org_/), // acts for the organization
  f('PyPI upload token', /(?<![\w-])pypi-AgE(?:IcHlwaS5vcmc|NdGVzdC5weXBpLm9yZw)[\w-]{50,}/g, /pypi-AgE/), // publishes releases of the projects it covers
  f('RubyGems API key', /(?<![\w-])rubygems_[\da-f]{48}(?![\w-])/g, /rubygems_/), // pushes gems as the owner
  f('Docker Hub access token', /(?<![\w-])dckr_pat_[\w-]{27,}/g, /dckr_pat_/), // pushes and pulls images as the user
  f('Linear API key', /(?<![\w-])lin_(?:api|oauth)_[A-Za-z\d]{40,}/g, /lin_(?:api|oauth)_/), // reads and writes the workspace’s issues
  f('Postman API key', /(?<![\w-])PMAK-[\da-fA-F]{24}-[\da-fA-F]{34}(?![\w-])/g, /PMAK-/), // reads the collections and environments (and their secrets)
  f('Atlassian API token', /(?<![\w-])ATATT3[\w=-]{100,}/g, /ATATT3/), // acts as the user in Jira and Confluence
  f('Doppler token', /(?<![\w.-])dp\.(?:pt|st|ct|sa|scim|audit)\.(?:[\w-]{1,40}\.)?[A-Za-z\d]{40,}/g, /dp\.(?:pt|st|ct|sa|scim|audit)\./), // reads the secrets Doppler stores
  f('Grafana Cloud token', /(?<![\w-])glc_[A-Za-z\d+/]{32,}={0,3}/g, /glc_/), // acts on the Grafana Cloud stack
  f('Grafana service account token', /(?<![\w-])glsa_[A-Za-z\d]{32}_[\dA-Fa-f]{8}(?![\w-])/g, /glsa_/), // acts as the Grafana service account
  f('Grafana API key (legacy)', /(?<![\w-])eyJrIjoi[A-Za-z\d+/]{50,}={0,3}/g, /eyJrIjoi/), // acts on the Grafana instance
  f('New Relic user API key', /(?<![\w-])NRAK-[A-Z\d]{27}(?![\w-])/g, /NRAK-/), // queries and configures the account as the user
  f('New Relic insert key', /(?<![\w-])NRII-[\w-]{32}(?![\w-])/g, /NRII-/), // writes events into the account
  f('New Relic license key', /(?<![\w-])[\da-f]{36}NRAL(?![\w-])/g, /NRAL/), // reports data into the account
  f('Databricks access token', /(?<![\w-])dapi[\da-f]{32}(?:-\d)?(?![\w-])/g, /dapi/), // runs jobs and reads data in the workspace
  f('Dynatrace API token', /(?<![\w-])dt0c01\.[A-Za-z\d]{24}\.[A-Za-z\d]{64}(?![\w-])/g, /dt0c01\./), // reads and configures the environment
  f('HashiCorp Vault token', /(?<![\w-])hv[sb]\.[\w-]{90,}/g, /hv[sb]\./), // reads the secrets Vault stores under its policies
  f('Terraform Cloud API token', /(?<![\w-])[A-Za-z\d]{14}\.atlasv1\.[\w=-]{60,}/g, /atlasv1/), // runs and reads workspaces, with their state and variables
  f('Pulumi access token', /(?<![\w-])pul-[\da-f]{40}(?![\w-])/g, /pul-/), // reads stacks, their state and their secrets
  f('Heroku API key', /(?<![\w-])HRKU-AA[\w-]{58}(?![\w-])/g, /HRKU-/), // manages the user’s apps
  f('Fly.io token', /(?<![\w-])(?:fo1_[\w-]{43}|fm[12][ar]?_[A-Za-z\d+/]{100,}={0,3})/g, /fo1_|fm[12][ar]?_/), // deploys and reads the organization’s apps
  f('PlanetScale token or password', /(?<![\w-])pscale_(?:tkn|oauth|pw)_[\w.=-]{32,}/g, /pscale_/), // connects to the database or its API
  f('1Password service account token', /(?<![\w-])ops_eyJ[A-Za-z\d+/]{250,}={0,3}/g, /ops_eyJ/), // reads the vaults it was granted
  f('Notion integration token', /(?<![\w-])(?:ntn_\d{11}[A-Za-z\d]{35}|secret_[A-Za-z\d]{43})(?![\w-])/g, /ntn_|secret_/), // reads and writes the pages shared with the integration
  f('Supabase access token', /(?<![\w-])sbp_[\da-f]{40}(?![\w-])/g, /sbp_/), // manages the user’s Supabase projects
  f('Sourcegraph access token', /(?<![\w-])sgp_(?:[\da-fA-F]{16}_|local_)?[\da-fA-F]{40}(?![\w-])/g, /sgp_/), // searches the code the user can see
  f('Buildkite API token', /(?<![\w-])bkua_[\da-f]{40}(?![\w-])/g, /bkua_/), // runs and reads pipelines
  f('Airtable personal access token', /(?<![\w-])pat[A-Za-z\d]{14}\.[\da-f]{64}(?![\w-])/g, /pat[A-Za-z\d]{14}\./), // reads and writes the bases it was granted
  f('Figma access token', /(?<![\w-])figd_[\w-]{40,}/g, /figd_/), // reads the user’s files
  f('Netlify access token', /(?<![\w-])nfp_[A-Za-z\d]{36,}/g, /nfp_/), // deploys and configures sites
  // Payments and cloud identity.
  f('Square access token', /(?<![\w-])(?:EAAA|sq0atp-)[\w-]{22,}/g, /EAAA|sq0atp-/), // takes payments and reads the seller’s data
  f('Square OAuth secret', /(?<![\w-])sq0csp-[\w-]{40,}/g, /sq0csp-/), // lets anyone act as the Square application
  f('Azure AD client secret', /(?<![\w~.-])[\w~.]{3}\dQ~[\w~.-]{31,34}(?![\w~.-])/g, /Q~/), // signs in as the Entra ID application
  f('Age secret key', /(?<![\w-])AGE-SECRET-KEY-1[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}(?![\w-])/g, /AGE-SECRET-KEY-1/), // decrypts every file encrypted to its recipient
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
