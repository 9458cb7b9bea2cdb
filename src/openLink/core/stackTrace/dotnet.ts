/**
 * .NET stack traces, as Exception.ToString writes them
 * (https://learn.microsoft.com/dotnet/api/system.exception.stacktrace): `   at Ns.Type.Method(Args) in
 * C:\src\Proj\File.cs:line 42`, with `--- End of inner exception stack trace ---` and `--- End of
 * stack trace from previous location ---`. A frame is read as Sentry's .NET SDK sends one: the type in
 * `module`, the method in `function`, the build machine's path in `filename` and `abs_path`.
 * No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

const MARKER = /^\s*--- End of (?:inner exception stack trace|stack trace from previous location(?: where exception was thrown)?) ---\s*$/;
const LINE_TAG = ':line ';

export const dotnet: LineParser = {
  name: '.NET',
  platform: 'csharp',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const text = line.trimEnd();
    const indent = text.length - text.trimStart().length;
    if (!text.startsWith('at ', indent)) return undefined;
    const tag = text.lastIndexOf(LINE_TAG);
    const inAt = tag > 0 ? text.lastIndexOf(' in ', tag) : -1;
    const method = text.slice(indent + 3, inAt > 0 ? inAt : undefined);
    const paren = method.indexOf('(');
    // Without `(` this is no .NET frame (V8's `at path:1:2` has none either).
    if (paren <= 0 || !method.endsWith(')')) return undefined;
    const qualified = method.slice(0, paren);
    const dot = qualified.lastIndexOf('.');
    const module = dot > 0 ? fieldText(qualified.slice(0, dot)) : undefined;
    const fn = fieldText(dot > 0 ? qualified.slice(dot + 1) : qualified);
    if (inAt < 0) return { textLine, start: indent + 3, end: indent + 3 + method.length, module, function: fn, platform: 'csharp' };
    const path = fieldText(text.slice(inAt + 4, tag));
    const lineNo = lineNumber(text.slice(tag + LINE_TAG.length).trim());
    if (!path) return undefined;
    return { textLine, start: inAt + 4, end: text.length, module, function: fn, filename: path, absPath: path, lineNo, platform: 'csharp' };
  },
  marker: (line) => MARKER.test(line) || (line.includes(') in ') && line.includes(LINE_TAG)),
};
