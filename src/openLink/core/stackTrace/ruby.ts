/**
 * Ruby backtraces, as the interpreter prints an uncaught exception (Exception#full_message,
 * https://docs.ruby-lang.org/en/master/Exception.html): the first line
 * `lib/raven/cli.rb:6:in 'test': DSN is missing (ArgumentError)`, then `\tfrom lib/raven/cli.rb:2:in
 * '<main>'` (Ruby 3.4 quotes with `'` and names `Class#method`; older ones with a backtick); Rails'
 * backtrace lines are the same `path:line:in 'method'`. A frame's path is the load path's (relative)
 * or absolute, as Sentry's Ruby SDK sends `filename` and `abs_path`. No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

/** `[from ]<path>:<line>:in ['`]<method>'`: the path holds no `:` but a drive's; linear. */
const FRAME = /^(\s*(?:from\s+)?)((?:[A-Za-z]:)?[^:\s][^:]{0,1000}):(\d{1,9}):in [`']([^`']{0,500})'/;

export const ruby: LineParser = {
  name: 'Ruby',
  platform: 'ruby',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const m = FRAME.exec(line);
    if (!m) return undefined;
    const path = fieldText(m[2]);
    if (!path || path.startsWith('<')) return undefined;
    const start = m[1].length;
    return { textLine, start, end: start + m[2].length + 1 + m[3].length, filename: path, absPath: path, function: fieldText(m[4]), lineNo: lineNumber(m[3]), platform: 'ruby' };
  },
};
