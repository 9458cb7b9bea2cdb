/**
 * Firefox's and Safari's (JavaScriptCore's) stack lines, `Error.prototype.stack` as MDN documents it
 * (https://developer.mozilla.org/en-US/docs/Web/JavaScript/Reference/Global_Objects/Error/stack):
 * `fn@path:line:col`, `@path:line:col`, Safari's `global code@…` and `[native code]`. No `vscode` import.
 */
import { jsFrame } from './v8';
import type { LineParser, TraceFrame } from './types';

export const firefox: LineParser = {
  name: 'JavaScript (Firefox, Safari)',
  platform: 'javascript',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const text = line.trimEnd();
    const indent = text.length - text.trimStart().length;
    // The location is after the last `@`: a function's name may hold one (`zip.zap(12, "@)()/<")@…`).
    const at = text.lastIndexOf('@');
    // A frame has no space in its location; a function name may have some (`global code`).
    if (at < indent || text.length - at > 2000) return undefined;
    const loc = text.slice(at + 1);
    if (loc === '' || /\s/.test(loc) || !loc.includes(':')) return undefined;
    const fn = text.slice(indent, at);
    if (fn.includes('(') && !fn.includes('/<')) return undefined;
    return jsFrame(textLine, at + 1, loc, fn || undefined);
  },
};
