/**
 * PHP stack traces, as Exception::getTraceAsString and an uncaught exception print them
 * (https://www.php.net/manual/en/exception.gettraceasstring.php): `#0 /var/www/src/kanga.php(8):
 * jump('high')`, `#1 {main}`, `#2 [internal function]: …`, with the throw site in `PHP Fatal error:
 * Uncaught Exception: msg in /var/www/src/kanga.php:8` and `thrown in /var/www/src/kanga.php on line
 * 8`. A frame's path is the server's, as Sentry's PHP SDK sends `filename` and `abs_path`.
 * No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

/** `#<n> <path>(<line>): <call>`: the path holds no `(`; linear. */
const FRAME = /^(\s*#\d{1,6} )([^(\s][^(]{0,1000})\((\d{1,9})\)(?:: ([^\r\n]{0,500}))?/;
/** `… in <path>:<line>` or `thrown in <path> on line <n>`, the throw site. */
const THROWN = /^(\s*thrown in )(\S[^\r\n]{0,1000}) on line (\d{1,9})\s*$/;
const UNCAUGHT = /^(?:PHP )?(?:Fatal error|Warning|Notice): {1,2}Uncaught /;

function phpFrame(textLine: number, start: number, path: string, lineText: string, end: number, fn?: string): TraceFrame | undefined {
  const p = fieldText(path);
  if (!p) return undefined;
  return { textLine, start, end, filename: p, absPath: p, function: fieldText(fn?.replace(/\(.*$/, '')), lineNo: lineNumber(lineText), platform: 'php' };
}

export const php: LineParser = {
  name: 'PHP',
  platform: 'php',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const m = FRAME.exec(line);
    if (m) return phpFrame(textLine, m[1].length, m[2], m[3], m[1].length + m[2].length + m[3].length + 2, m[4]);
    const t = THROWN.exec(line);
    if (t) return phpFrame(textLine, t[1].length, t[2], t[3], line.trimEnd().length);
    return undefined;
  },
  marker: (line) => UNCAUGHT.test(line) || /^Stack trace:\s*$/.test(line) || /^#\d+ \{main\}\s*$/.test(line.trim()),
};
