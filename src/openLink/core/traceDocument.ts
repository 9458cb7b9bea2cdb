/**
 * The text of a read-only "Stack Trace" document: three lines of header (the runtime, the frames, and
 * the Sentry issues whose latest stack matches), then the pasted trace as it was pasted, so each
 * frame's link stays on its own text. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { IssueMatch } from './issueMatch';
import type { ParsedTrace } from './stackTrace/detect';

/** Lines above the pasted text: a frame on pasted line n is on document line n + HEADER_LINES. */
export const HEADER_LINES = 3;

/** Where the issue search stands. */
export type MatchState =
  | { readonly kind: 'searching'; readonly org: string }
  | { readonly kind: 'found'; readonly org: string; readonly matches: readonly IssueMatch[] }
  | { readonly kind: 'none'; readonly org: string }
  | { readonly kind: 'unavailable'; readonly reason: string };

/** A link of the header to an issue: its range on the second line. */
export interface IssueSpan {
  readonly start: number;
  readonly end: number;
  readonly match: IssueMatch;
}

/** One line of server text: no control or line-break character, at most `max` characters. */
function oneLine(text: string, max: number): string {
  const t = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export function traceHeader(trace: ParsedTrace, state: MatchState): { lines: [string, string, string]; spans: IssueSpan[] } {
  const withFile = trace.frames.filter((f) => f.filename).length;
  const first = trace.cut
    ? l10n.t('Stack trace ({0}): {1} frames, {2} with a file name; only the first {3} lines were read.', trace.runtime, trace.frames.length, withFile, trace.lineCount)
    : l10n.t('Stack trace ({0}): {1} frames, {2} with a file name.', trace.runtime, trace.frames.length, withFile);
  const spans: IssueSpan[] = [];
  let second: string;
  if (state.kind === 'searching') second = l10n.t('Looking for the issues of organization "{0}" whose latest stack matches…', oneLine(state.org, 100));
  else if (state.kind === 'none') second = l10n.t('No issue of organization "{0}" seen in the last 90 days has these frames in its latest stack.', oneLine(state.org, 100));
  else if (state.kind === 'unavailable') second = state.reason;
  else {
    second = l10n.t('Sentry issues whose latest stack matches (organization "{0}"): ', oneLine(state.org, 100));
    state.matches.forEach((m, k) => {
      if (k > 0) second += ' · ';
      const name = oneLine(m.shortId || `#${m.issueId}`, 100);
      spans.push({ start: second.length, end: second.length + name.length, match: m });
      second += `${name} ${l10n.t('"{0}" ({1} frames)', oneLine(m.title, 80), m.matched)}`;
    });
  }
  return { lines: [first, second, '─'.repeat(60)], spans };
}
