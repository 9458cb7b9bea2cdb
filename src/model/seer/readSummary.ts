/**
 * Seer's issue summary (SummarizeIssueResponse in src/sentry/seer/models: `group_id, headline,
 * whats_wrong, trace, possible_cause, scores`; older servers turned the keys into camelCase,
 * convert_dict_key_case in the older src/sentry/api/endpoints/group_ai_summary.py). No `vscode` import.
 */
import { obj, str } from './read';
import { LIMITS } from './runView';

export interface SeerSummary {
  headline: string;
  whatsWrong?: string;
  trace?: string;
  possibleCause?: string;
}

export function readSummary(body: unknown): SeerSummary | undefined {
  const o = obj(body);
  const headline = str(o?.headline, LIMITS.short);
  if (!o || !headline) return undefined;
  return {
    headline,
    whatsWrong: str(o.whats_wrong ?? o.whatsWrong),
    trace: str(o.trace),
    possibleCause: str(o.possible_cause ?? o.possibleCause),
  };
}
