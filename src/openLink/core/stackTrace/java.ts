/**
 * JVM stack traces (Java, Kotlin, Scala, Android), as Throwable.printStackTrace writes them
 * (https://docs.oracle.com/en/java/javase/21/docs/api/java.base/java/lang/Throwable.html#printStackTrace()):
 * `\tat io.sentry.example.Application.home(Application.java:14)`, with `Caused by: …`, `Suppressed: …`
 * and `\t... 5 more`; Java 9's module prefix (`java.base/java.lang.Thread.run(Thread.java:833)`,
 * `app//com.acme.Main.main(Main.java:3)`). A frame is read as Sentry's Java SDK sends one: the class in
 * `module`, the source file's name in `filename` and `abs_path`, so the resolver finds
 * `io/sentry/example/Application.java` by the class's package (Sentry's java munger).
 * No `vscode` import.
 */
import { fieldText, lineNumber, type LineParser, type TraceFrame } from './types';

/** `at <qualified method>(<location>)`: no space or parenthesis in the method, none in the location; linear. */
const FRAME = /^(\s*)at ([^\s()]{1,1000})\(([^()]{0,1000})\)(?: ~\[[^\]]*\])?\s*$/;
const MARKER = /^(?:Caused by: |Suppressed: |\s*\.\.\. \d+ (?:more|common frames omitted)\s*$|Exception in thread ")/;

export const java: LineParser = {
  name: 'Java/Kotlin',
  platform: 'java',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const m = FRAME.exec(line);
    if (!m) return undefined;
    // The module or class loader prefix (`java.base/`, `app//`) is no part of the class.
    const qualified = m[2].slice(m[2].lastIndexOf('/') + 1);
    const dot = qualified.lastIndexOf('.');
    if (dot <= 0) return undefined;
    const module = fieldText(qualified.slice(0, dot));
    const fn = fieldText(qualified.slice(dot + 1));
    const loc = m[3];
    const colon = loc.lastIndexOf(':');
    const file = fieldText(colon > 0 ? loc.slice(0, colon) : loc);
    const lineNo = colon > 0 ? lineNumber(loc.slice(colon + 1)) : undefined;
    const start = m[1].length + 3 + m[2].length + 1;
    // `Native Method`, `Unknown Source`: no file.
    if (!file || /\s/.test(file) || !file.includes('.')) return { textLine, start, end: start + loc.length, module, function: fn, platform: 'java' };
    return { textLine, start, end: start + loc.length, module, function: fn, filename: file, absPath: file, lineNo, platform: 'java' };
  },
  marker: (line) => MARKER.test(line),
};
