/**
 * Swift and Cocoa crash lines: the Swift runtime's fatal errors (`Runner/AppDelegate.swift:11: Fatal
 * error: Index out of range`, the file as `#fileID`, module/file; the older `Fatal error: …: file
 * Runner/AppDelegate.swift, line 11`), LLDB's `frame #0: 0x… Runner\`AppDelegate.main() at
 * AppDelegate.swift:11:5`, a symbolicated crash report's thread frames
 * (https://developer.apple.com/documentation/xcode/addressing-crashes-from-swift-runtime-errors):
 * `0   MyCoolApp   0x0000000100a71a88 @objc ViewController.viewDidLoad() (in MyCoolApp)
 * (ViewController.swift:18)`, with or without ` + <offset>`, and Swift 5.9's own backtracer
 * (https://www.swift.org/blog/swift-5.9-backtraces/): `0 reallyCrashMe() + 404 in crash at
 * /Users/alastair/Source/crashDotSwift/crash.swift:4:15`. A frame is read as Sentry's Cocoa SDK sends
 * one: the binary image (the module) in `package`, the file's name in `filename`. No `vscode` import.
 */
import { fieldText, lineNumber, splitLocation, type LineParser, type TraceFrame } from './types';

const SOURCE = /\.(?:swift|m|mm|h|c|cpp)$/;
/** `<module>/<file>.swift:<line>: Fatal error: …` */
const FATAL = /^(\s*)([^\s:]{1,1000}):(\d{1,9}): (?:Fatal error|Precondition failed|Assertion failed)\b/;
/** `Fatal error: …: file <path>, line <n>` (Swift before 5.3). */
const OLD_FATAL = /: file (\S{1,1000}), line (\d{1,9})\s*$/;
/** `frame #0: 0x… <image>`<function> at <file>:<line>[:<col>]` */
const LLDB = /^\s*(?:\*\s*)?frame #\d{1,6}: 0x[0-9a-f]{1,16} ([^`\s]{1,200})`(.{0,500}?) at ([^\s:]{1,1000}):(\d{1,9})(?::(\d{1,9}))?\s*$/;
/** `<n>   <image>   0x<address> <symbol>[ + <offset>] (<file>:<line>)`; Xcode's symbolication writes `<symbol> (in <image>)` without the offset. */
const REPORT = /^(\d{1,6})\s+(\S{1,200})\s+0x[0-9a-f]{1,16} (.{0,500}?)(?: \+ \d{1,9})? \(([^\s():]{1,1000}):(\d{1,9})\)\s*$/;
/** Swift 5.9's backtracer: `<n> [[inlined] ][0x<address> ]<symbol>[ + <offset>] in <image> at <path>:<line>:<col>`. */
const BACKTRACER_START = /^\d{1,6} (?:\[(?:inlined|system|thunk|async)\] )*(?:0x[0-9a-f]{1,16} )?/;

/** A Swift backtracer's frame, read by index arithmetic: the last ` at ` names the place, the last ` in ` before it the image. */
function backtracerFrame(line: string, textLine: number): TraceFrame | undefined {
  const head = BACKTRACER_START.exec(line);
  if (!head) return undefined;
  const text = line.trimEnd();
  const at = text.lastIndexOf(' at ');
  const inAt = at > 0 ? text.lastIndexOf(' in ', at - 1) : -1;
  if (inAt < head[0].length) return undefined;
  const loc = splitLocation(text.slice(at + 4));
  if (!loc || /\s/.test(loc.path)) return undefined;
  const symbol = text.slice(head[0].length, inAt).replace(/ \+ \d{1,9}$/, '');
  const image = text.slice(inAt + 4, at);
  if (/\s/.test(image)) return undefined;
  const frame = cocoaFrame(textLine, at + 4, text.length, loc.path, String(loc.line ?? ''), image, symbol, loc.col === undefined ? undefined : String(loc.col));
  return frame && { ...frame, absPath: loc.path };
}

function cocoaFrame(textLine: number, start: number, end: number, path: string, lineText: string, pkg?: string, fn?: string, col?: string): TraceFrame | undefined {
  const p = fieldText(path);
  if (!p || !SOURCE.test(p)) return undefined;
  // `#fileID` is module/file: the module is the frame's package.
  const slash = p.indexOf('/');
  const pack = pkg ?? (slash > 0 && !p.startsWith('/') ? p.slice(0, slash) : undefined);
  return {
    textLine,
    start,
    end,
    filename: p.slice(p.lastIndexOf('/') + 1),
    ...(p.includes('/') ? { absPath: p } : {}),
    package: fieldText(pack),
    function: fieldText(fn),
    lineNo: lineNumber(lineText),
    colNo: lineNumber(col),
    platform: 'cocoa',
  };
}

export const swift: LineParser = {
  name: 'Swift/Cocoa',
  platform: 'cocoa',
  frame(line: string, textLine: number): TraceFrame | undefined {
    const f = FATAL.exec(line);
    if (f) return cocoaFrame(textLine, f[1].length, f[1].length + f[2].length + 1 + f[3].length, f[2], f[3]);
    const o = OLD_FATAL.exec(line);
    if (o && /Fatal error: /.test(line)) return cocoaFrame(textLine, o.index + ': file '.length, line.trimEnd().length, o[1].replace(/,$/, ''), o[2]);
    const l = LLDB.exec(line);
    if (l) {
      const start = line.lastIndexOf(` at ${l[3]}:`) + 4;
      return cocoaFrame(textLine, start, line.trimEnd().length, l[3], l[4], l[1], l[2], l[5]);
    }
    const r = REPORT.exec(line);
    if (r) {
      const start = line.lastIndexOf('(') + 1;
      return cocoaFrame(textLine, start, line.trimEnd().length - 1, r[4], r[5], r[2], r[3].replace(/ \(in [^()]{1,200}\)$/, ''));
    }
    return backtracerFrame(line, textLine);
  },
  marker: (line) => /^(?:Thread \d+ [Cc]rashed|Exception Type: |Incident Identifier: )/.test(line) || /: Fatal error: /.test(line) || /Program crashed: /.test(line),
};
