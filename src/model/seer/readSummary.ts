/**
 * Seer's issue summary (SummarizeIssueResponse in src/sentry/seer/models: `group_id, headline,
 * whats_wrong, trace, possible_cause, scores`; older servers turned the keys into camelCase,
 * convert_dict_key_case in the older src/sentry/api/endpoints/group_ai_summary.py). No `vscode` import.
 */
import { record, trimmedText } from '../read';
import { LIMITS } from './runView';

export interface SeerSummary {
  headline: string;
  whatsWrong?: string;
  trace?: string;
  possibleCause?: string;
}

export function readSummary(body: unknown): SeerSummary | undefined {
  const o = record(body);
  const headline = trimmedText(o?.headline, LIMITS.short);
  if (!o || !headline) return undefined;
  return {
    headline,
    whatsWrong: trimmedText(o.whats_wrong ?? o.whatsWrong),
    trace: trimmedText(o.trace),
    possibleCause: trimmedText(o.possible_cause ?? o.possibleCause),
  };
}
