/**
 * V8's stack lines (Node and Chrome, https://v8.dev/docs/stack-trace-api): `    at fn (path:line:col)`,
 * `    at path:line:col`, `    at async fn (…)`, `    at new Foo (…)`; a location without line
 * (`native`, `<anonymous>`, `node:internal/…`) is a frame of no file. Read by index arithmetic, not a
 * backtracking regex. No `vscode` import.
 */
import { fieldText, splitLocation, type LineParser, type TraceFrame } from './types';

/** Paths that are the runtime's own, never a workspace file. */
export function isRuntimePath(path: string): boolean {
  return /^(?:node:|internal\/|native\b|<anonymous>|\[native code\]|chrome-extension:|moz-extension:|webpack\/bootstrap)/.test(path) || path === 'native' || path === '<anonymous>';
}

/**
 * The parts of a location Sentry's JavaScript SDKs keep: `filename` the path as the stack gives it
 * (an URL's path, an `app:///` path, a file path), `absPath` the whole of it.
 */
export function jsFrame(textLine: number, start: number, loc: string, fn: string | undefined): TraceFrame | undefined {
  const parts = splitLocation(loc);
  if (!parts || isRuntimePath(parts.path)) return undefined;
  const abs = fieldText(parts.path);
  if (!abs) return undefined;
  let filename = abs;
  if (/^https?:\/\//.test(abs)) {
    try {
      filename = new URL(abs).pathname;
    } catch {
      return undefined;
    }
  } else if (abs.startsWith('file://')) filename = abs.slice('file://'.length);
  return { textLine, start, end: start + loc.length, function: fieldText(fn), filename, absPath: abs, lineNo: parts.line, colNo: parts.col, platform: 'javascript' };
}

export const v8: LineParser = {
  name: 'JavaScript (V8: Node, Chrome)',
  platform: 'javascript',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const text = line.trimEnd();
    const indent = text.length - text.trimStart().length;
    if (!text.startsWith('at ', indent)) return undefined;
    const body = text.slice(indent + 3);
    const open = body.endsWith(')') ? body.lastIndexOf(' (') : -1;
    if (open >= 0) {
      const loc = body.slice(open + 2, -1);
      const fn = body.slice(0, open).replace(/^async /, '');
      return jsFrame(textLine, indent + 3 + open + 2, loc, fn);
    }
    return jsFrame(textLine, indent + 3, body.replace(/^async /, ''), undefined);
  },
  // Node's own first line of an uncaught error shows the file: `/app/server.js:12`; not a marker, the frames decide.
};
