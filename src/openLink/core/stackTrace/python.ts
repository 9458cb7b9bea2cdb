/**
 * Python tracebacks (the traceback module's format, https://docs.python.org/3/library/traceback.html):
 * `  File "/app/shop/views.py", line 12, in checkout`, chained sections joined by "During handling of
 * the above exception, another exception occurred:" or "The above exception was the direct cause of
 * the following exception:". A frame's path is the interpreter's (absolute, or relative to the
 * working directory): the resolver finds the workspace file by the path's ending, as for an event's
 * `abs_path`. No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

/** `File "<path>", line <n>[, in <function>]`: the quoted path holds no `"`; linear. */
const FRAME = /^(\s*)File "([^"]{1,1000})", line (\d{1,9})(?:, in ([^\r\n]{1,500}))?\s*$/;
const MARKERS =
  /^(?:Traceback \(most recent call last\):|During handling of the above exception, another exception occurred:|The above exception was the direct cause of the following exception:)\s*$/;

export const python: LineParser = {
  name: 'Python',
  platform: 'python',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const m = FRAME.exec(line);
    if (!m) return undefined;
    const path = fieldText(m[2]);
    const lineNo = lineNumber(m[3]);
    // `<stdin>`, `<frozen importlib._bootstrap>`: no file.
    if (!path || path.startsWith('<')) return undefined;
    const start = m[1].length + 'File '.length;
    const end = line.indexOf(`, in `, start) >= 0 ? line.indexOf(', in ', start) : line.trimEnd().length;
    return { textLine, start, end, filename: path, absPath: path, function: fieldText(m[4]), lineNo, platform: 'python' };
  },
  marker: (line) => MARKERS.test(line.trim()),
};
