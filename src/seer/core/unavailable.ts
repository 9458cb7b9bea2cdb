/**
 * Why Seer is not there for an issue, from what the server answered, each with what the user can do.
 * The cases and where Sentry decides them:
 * - 402 "No budget for Seer Autofix.": quotas.check_seer_quota false (trigger_autofix in
 *   src/sentry/seer/autofix/autofix.py; NoSeerQuotaException in src/sentry/seer/autofix/autofix_agent.py
 *   for a new run, answered by group_ai_autofix.py);
 * - 403 without `organizations:gen-ai-features` ("AI Autofix is not enabled for this project.") or
 *   with `sentry:hide_ai_features` ("AI features are disabled for this organization."), legacy
 *   trigger_autofix; SeerPermissionError, agent endpoint ("You are not authorized to perform this action");
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

export type UnavailableReason = 'no-budget' | 'not-enabled' | 'missing-scope' | 'no-endpoint' | 'no-seer-service' | 'no-repo';

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
    case 'not-enabled':
      return {
        reason,
        detail,
        message: l10n.t('Seer is not enabled for this organization or project.'),
        action: l10n.t('An owner can turn on Seer and AI features in Sentry (Settings, Seer), on a plan that includes it.'),
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
 * The 403 details Seer itself gives (autofix.py, group_ai_autofix.py): these say Seer is off, whatever
 * scopes the token has; any other 403 on a POST is the permission class's, about scopes, when the
 * token may lack event:write.
 */
const SEER_OFF = [/AI Autofix is not enabled/i, /AI features are disabled/i, /not authorized to perform this action/i, /Code generation is disabled/i];

/** undefined: not an "unavailable" case (a network failure, a 429, a bad answer: shown as an error, retryable). */
export function classifyFailure(f: SeerFailure): Unavailable | undefined {
  if (f.status === 402) return describeUnavailable('no-budget', f.detail);
  if (f.status === 403) {
    const seerOff = f.detail !== undefined && SEER_OFF.some((re) => re.test(f.detail!));
    return describeUnavailable(!seerOff && f.missingScopes && f.missingScopes.length > 0 ? 'missing-scope' : 'not-enabled', f.detail);
  }
  if (f.method === 'GET' && (f.status === 404 || f.status === 405)) return describeUnavailable('no-endpoint', f.detail);
  if (f.method === 'GET' && f.status === 500) return describeUnavailable('no-seer-service', f.detail);
  return undefined;
}
