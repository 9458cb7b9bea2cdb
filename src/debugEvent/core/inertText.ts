/**
 * Event text as the debugger shows it: in the Variables view, hovers and the Debug Console, VS Code
 * turns web addresses and paths of existing files into links (its debug LinkDetector). Text a
 * program sent to Sentry is never a link: a word joiner (U+2060, invisible) after each `:` of a
 * scheme, each `www.` and each path separator keeps every such pattern from matching, while the text
 * reads the same. Controls and bidi overrides go, and the length is bounded. No `vscode` import.
 */
import { CONTROLS } from '../../util/untrusted';

const JOINER = '\u2060';

/** The longest value the debugger shows (the reader bounds values at 2,000 characters already). */
export const MAX_SHOWN = 4000;

export function inert(text: string, max = MAX_SHOWN): string {
  const bounded = text.length > max ? `${text.slice(0, max - 1)}…` : text;
  return bounded
    .replace(CONTROLS, ' ')
    .replace(/([a-z][a-z0-9+.-]*):(?=\/|\\)/gi, `$1:${JOINER}`)
    .replace(/(www)\./gi, `$1${JOINER}.`)
    .replace(/([/\\])/g, `$1${JOINER}`);
}

/** One line of text (names, labels): line breaks become spaces. */
export function inertLine(text: string, max = 500): string {
  return inert(text.replace(/[\r\n]+/g, ' '), max);
}

/** A name where VS Code makes no links (CALL STACK, the thread list): controls go, one line, bounded. */
export function nameLine(text: string, max = 300): string {
  const s = text.replace(/[\r\n]+/g, ' ').replace(CONTROLS, ' ');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}
