/**
 * Why Seer is not there for an issue, from what the server answered, each with what the user can do;
 * the server's own words are kept beside it. The cases and where Sentry decides them:
 * - 402 "No budget for Seer Autofix." (a bare JSON string on current servers): quotas.check_seer_quota
 *   false (trigger_autofix in src/sentry/seer/autofix/autofix.py; NoSeerQuotaException in
 *   src/sentry/seer/autofix/autofix_agent.py for a new run, answered by group_ai_autofix.py);
 * - 403 for an organization without Seer, by has_seer_agent_access_with_detail
 *   (src/sentry/seer/agent/client_utils.py at 022c1d9a: the access check of SeerAgentClient, which the
 *   agent endpoint's GET says as it is, PermissionDenied(str(e)), while its POST says only "You are not
 *   authorized to perform this action", group_ai_autofix.py at 02cec2d4), each cause its own text:
 *   "Feature flag not enabled" (`organizations:gen-ai-features` or `organizations:seer-explorer`
 *   off), "AI features are disabled for this organization." (the `sentry:hide_ai_features` option),
 *   "Organization does not have open team membership enabled. …" (`allow_joinleave` off),
 *   "Seer has not been acknowledged by the organization." (the acknowledgement, has_seer_access_with_detail
 *   of src/sentry/seer/seer_setup.py at 38dcc229); the legacy trigger_autofix says "AI Autofix is not enabled for
 *   this project.", "AI features are disabled for this organization." and "Seer has not been enabled
 *   for this organization. Please open an issue at sentry.io/issues and set up Seer."; code changes
 *   off: "Seer coding is not enabled for this organization" (SeerAgentClient), "Code generation is
 *   disabled for this organization" (trigger_push_changes);
 * - 403 for the scope: POST needs event:write or event:admin (GroupAiPermission,
 *   src/sentry/issues/endpoints/bases/group.py), GET event:read;
 * - 404 on GET: a server without the endpoint at all (the issue itself was just read);
 * - 500 on GET: a self-hosted server without a Seer service: the legacy GET asks Seer at
 *   SEER_AUTOFIX_URL and raises on the failed request (get_autofix_state,
 *   src/sentry/seer/autofix/utils.py);
 * - no repository: the legacy answer lists the repositories the run can read (from the project's
 *   code mappings); an empty list means Seer sees no code.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

export type UnavailableReason =
  'no-budget' | 'feature-off' | 'ai-hidden' | 'closed-membership' | 'not-acknowledged' | 'coding-off' | 'not-enabled' | 'missing-scope' | 'no-endpoint' | 'no-seer-service' | 'no-repo';

export interface Unavailable {
  reason: UnavailableReason;
  /** One sentence: what is missing. */
  message: string;
  /** What the user can do about it. */
  action: string;
  /** The server's own words, masked and bounded by the API client, when it gave any. */
  detail?: string;
}

/** What an error of a Seer request tells, in the API client's terms (src/api/errors.ts). */
export interface SeerFailure {
  status?: number;
  method: 'GET' | 'POST';
  /** Scopes the token lacks for the request (ForbiddenError.missingScopes). */
  missingScopes?: readonly string[];
  detail?: string;
}

export function describeUnavailable(reason: UnavailableReason, detail?: string): Unavailable {
  switch (reason) {
    case 'no-budget':
      return {
        reason,
        detail,
        message: l10n.t('Seer has no budget left in this organization.'),
        action: l10n.t('An owner or billing manager can add Seer budget in Sentry (Settings, Subscription).'),
      };
    case 'feature-off':
      return {
        reason,
        detail,
        message: l10n.t("Seer is not turned on for this organization: Sentry's Seer feature is off."),
        action: l10n.t(
          'Seer needs a plan that includes it; an owner can turn it on in Sentry (Settings, Seer). On a self-hosted server, an administrator turns on the organizations:gen-ai-features feature (and organizations:seer-explorer, which current servers check too).',
        ),
      };
    case 'ai-hidden':
      return {
        reason,
        detail,
        message: l10n.t("AI features are turned off in this organization's settings."),
        action: l10n.t('An owner or manager can turn them on again in Sentry (Settings, General Settings: "Enable Seer Features", called "Show Generative AI Features" on older servers).'),
      };
    case 'closed-membership':
      return {
        reason,
        detail,
        message: l10n.t('Seer needs open team membership, which this organization has turned off.'),
        action: l10n.t('An owner or manager can turn on Open Membership in Sentry (Settings, General Settings, Membership): Seer reads context across all projects.'),
      };
    case 'not-acknowledged':
      return {
        reason,
        detail,
        message: l10n.t('Seer has not been set up for this organization yet.'),
        action: l10n.t("Someone in the organization sets Seer up once in Sentry's web UI (open an issue there and start Seer); then try again here."),
      };
    case 'coding-off':
      return {
        reason,
        detail,
        message: l10n.t('Seer may not write code in this organization.'),
        action: l10n.t("An owner can allow Seer's code generation in Sentry's Seer settings; the root cause and the solution work without it."),
      };
    case 'not-enabled':
      return {
        reason,
        detail,
        message: l10n.t('Sentry refused Seer for this issue without saying why.'),
        action: l10n.t('Open the issue in Sentry to see why Seer is not offered, or ask an owner whether Seer is on for this organization (Settings, Seer).'),
      };
    case 'missing-scope':
      return { reason, detail, message: l10n.t('Starting Seer needs a token with the event:write scope.'), action: l10n.t('Sign in again granting event:write, or use a token that has it.') };
    case 'no-endpoint':
      return { reason, detail, message: l10n.t('This Sentry server has no Seer endpoint.'), action: l10n.t('Seer needs a newer Sentry server; an administrator can upgrade it.') };
    case 'no-seer-service':
      return {
        reason,
        detail,
        message: l10n.t('This Sentry server has no Seer service.'),
        action: l10n.t('Self-hosted Sentry runs without Seer unless an administrator sets one up; the rest of the panel works without it.'),
      };
    case 'no-repo':
      return {
        reason,
        detail,
        message: l10n.t('No repository is connected for this project, so Seer cannot read its code.'),
        action: l10n.t('Connect the repository in Sentry (Settings, Integrations) and add a code mapping for the project.'),
      };
  }
}

/**
 * The 403 details Seer itself gives, by cause (the strings of Sentry's source, see above): these say
 * why Seer is off, whatever scopes the token has. The generic agent POST refusal names no cause.
 */
const SEER_CAUSES: readonly (readonly [RegExp, UnavailableReason])[] = [
  [/^Feature flag not enabled|AI Autofix is not enabled/i, 'feature-off'],
  [/AI features are disabled/i, 'ai-hidden'],
  [/open team membership/i, 'closed-membership'],
  [/has not been acknowledged|Seer has not been enabled/i, 'not-acknowledged'],
  [/Code generation is disabled|Seer coding is not enabled/i, 'coding-off'],
  [/not authorized to perform this action/i, 'not-enabled'],
];

/** undefined: not an "unavailable" case (a network failure, a 429, a bad answer: shown as an error, retryable). */
export function classifyFailure(f: SeerFailure): Unavailable | undefined {
  if (f.status === 402) return describeUnavailable('no-budget', f.detail);
  if (f.status === 403) {
    const cause = f.detail === undefined ? undefined : SEER_CAUSES.find(([re]) => re.test(f.detail!))?.[1];
    return describeUnavailable(cause ?? (f.missingScopes && f.missingScopes.length > 0 ? 'missing-scope' : 'not-enabled'), f.detail);
  }
  if (f.method === 'GET' && (f.status === 404 || f.status === 405)) return describeUnavailable('no-endpoint', f.detail);
  if (f.method === 'GET' && f.status === 500) return describeUnavailable('no-seer-service', f.detail);
  return undefined;
}
