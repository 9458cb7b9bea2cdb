/**
 * One reader for GET …/issues/{id}/autofix/ whichever shape the server speaks: the shape is told by
 * the answer (an agent run has `blocks` and a lower-case status, a legacy one `steps` or an upper-case
 * status), never by a guess at the server's version. No `vscode` import.
 */
import { readAgentRun } from './readAgent';
import { readLegacyRun } from './readLegacy';
import { record } from '../read';
import type { SeerRunView } from './runView';

export type AutofixAnswer =
  /** The server has no run for the issue (`{"autofix": null}`). */
  | { kind: 'none' }
  | { kind: 'run'; run: SeerRunView }
  /** An answer neither shape reads: shown as such, never guessed at. */
  | { kind: 'unreadable' };

export function readAutofixAnswer(body: unknown): AutofixAnswer {
  const top = record(body);
  if (!top || !('autofix' in top)) return { kind: 'unreadable' };
  if (top.autofix === null) return { kind: 'none' };
  const a = record(top.autofix);
  if (!a) return { kind: 'unreadable' };
  const looksAgent = Array.isArray(a.blocks) || (typeof a.status === 'string' && a.status === a.status.toLowerCase());
  const run = looksAgent ? (readAgentRun(a) ?? readLegacyRun(a)) : (readLegacyRun(a) ?? readAgentRun(a));
  return run ? { kind: 'run', run } : { kind: 'unreadable' };
}
