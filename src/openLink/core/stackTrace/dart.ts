/**
 * Dart and Flutter stack traces, as the VM prints a StackTrace
 * (https://api.dart.dev/stable/dart-core/StackTrace-class.html; the stack_trace package's Chain and
 * Trace parse the same, https://pub.dev/packages/stack_trace, whose tests the unit tests copy):
 * `#0      Foo._bar (file:///home/nweiz/code/stuff.dart:42:21)`, `#2 fooBottom
 * (package:foo/bar.dart:0:2)`, and the package's terse form `foo/bar.dart 42:21   Foo._bar` (any URI
 * or relative path of a `.dart` file). A frame is read as Sentry's Dart SDK sends one: the `package:`
 * URI in `abs_path` (the file is under the package's `lib/`: Sentry's dart munger), the package's
 * name in `package`; `dart:` frames are the SDK's. A line or column 0 is none. No `vscode` import.
 */
import { fieldText, lineNumber, splitLocation, type LineParser, type TraceFrame } from './types';

/** `#<n> <spaces><function> (<location>)` */
const VM = /^(#\d{1,6}\s+)([^\s(][^(]{0,500}?) \(([^()\s]{1,1000})\)\s*$/;
/** `<uri> <line>[:<col>]  <function>` (stack_trace's terse and folded form): any URI or relative path of a `.dart` file. */
const TERSE = /^(\S{1,1000}) (\d{1,9})(?::(\d{1,9}))? +(\S[^\r\n]{0,500})$/;

function dartFrame(textLine: number, start: number, end: number, uri: string, lineNo?: number, colNo?: number, fn?: string): TraceFrame | undefined {
  const abs = fieldText(uri);
  if (!abs || abs.startsWith('dart:')) return undefined;
  const pkg = /^package:([^/]{1,200})\//.exec(abs)?.[1];
  const path = abs.startsWith('file://') ? abs.slice('file://'.length) : abs;
  return { textLine, start, end, filename: path.slice(path.lastIndexOf('/') + 1), absPath: pkg ? abs : path, package: pkg, function: fieldText(fn), lineNo, colNo, platform: 'dart' };
}

export const dart: LineParser = {
  name: 'Dart/Flutter',
  platform: 'dart',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const m = VM.exec(line);
    if (m) {
      const loc = splitLocation(m[3]);
      const start = m[1].length + m[2].length + 2;
      if (!loc) return undefined;
      return dartFrame(textLine, start, start + m[3].length, loc.path, loc.line, loc.col, m[2]);
    }
    const t = TERSE.exec(line);
    if (t && (t[1].endsWith('.dart') || t[1].startsWith('dart:')))
      return dartFrame(textLine, 0, t[1].length + 1 + t[2].length + (t[3] ? t[3].length + 1 : 0), t[1], lineNumber(t[2]), lineNumber(t[3]), t[4]);
    return undefined;
  },
  marker: (line) => /^#\d+\s+.*\((?:package|dart):/.test(line) || /^══╡ EXCEPTION CAUGHT BY /.test(line),
};
