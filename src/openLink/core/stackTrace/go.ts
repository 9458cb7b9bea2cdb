/**
 * Go panics and goroutine dumps, as the runtime prints them (runtime/traceback.go; the format the
 * runtime package documents for GOTRACEBACK, https://pkg.go.dev/runtime): a function line
 * (`main.Feed(...)`, `github.com/acme/shop.(*Cart).Add(0xc000010000)`) followed by its location,
 * indented with a tab (`\t/Users/JohnDoe/code/sentry/capybara.go:7 +0x1d`); `goroutine 1 [running]:`
 * opens each goroutine, `created by main.main in goroutine 1` names who started it. A frame is read as
 * Sentry's Go SDK sends one: the package path in `module`, the function in `function`, the build
 * machine's path in `filename` and `abs_path`. No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

/** The program counter after a location: ` +0x1d`. */
const PC = / \+0x[0-9a-f]{1,16}$/;
const MARKER = /^(?:goroutine \d+ \[[^\]]{1,100}\]:|panic: |fatal error: )/;

/** `pkg/path.Func(args)` or `created by pkg.Func in goroutine 1` → the package path and the function. */
function goFunction(prev: string): { module?: string; function?: string } {
  const text = prev
    .trim()
    .replace(/^created by /, '')
    .replace(/ in goroutine \d+$/, '');
  const call = text.endsWith(')') ? text.slice(0, text.lastIndexOf('(') >= 0 ? text.lastIndexOf('(') : undefined) : text;
  // A method's receiver, `(*Cart)`, has its own parentheses: the argument list is the last pair.
  const slash = call.lastIndexOf('/');
  const dot = call.indexOf('.', slash + 1);
  if (dot < 0) return { function: fieldText(call) };
  return { module: fieldText(call.slice(0, dot)), function: fieldText(call.slice(dot + 1)) };
}

export const go: LineParser = {
  name: 'Go',
  platform: 'go',
  frame(line: string, textLine: number, prev: string): TraceFrame | undefined {
    // `\t<path>:<line>[ +0x<pc>]`, indented with a tab (or spaces, once pasted through a chat).
    if (!(line.startsWith('\t') || line.startsWith('  '))) return undefined;
    const text = line.trimEnd();
    const start = text.length - text.trimStart().length;
    const loc = text.slice(start).replace(PC, '');
    const colon = loc.lastIndexOf(':');
    const lineNo = colon > 0 ? lineNumber(loc.slice(colon + 1)) : undefined;
    const path = colon > 0 ? fieldText(loc.slice(0, colon)) : undefined;
    if (!path || lineNo === undefined || !path.endsWith('.go') || /\s/.test(path)) return undefined;
    return { textLine, start, end: start + loc.length, ...goFunction(prev), filename: path, absPath: path, lineNo, platform: 'go' };
  },
  marker: (line) => MARKER.test(line),
};
