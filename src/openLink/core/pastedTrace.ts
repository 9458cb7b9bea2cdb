/**
 * A parsed trace's frames as the rest of the extension takes them: the fields the frame resolver and
 * the location opener read (src/store/locationOpener.ts FrameLocation), and the pasted trace the AI
 * location tool reads (src/store/traceReader.ts). No `vscode` import.
 */
import type { FrameLocation } from '../../store/locationOpener';
import type { PastedTrace } from '../../store/traceReader';
import { parseStackTrace } from './stackTrace/detect';
import type { TraceFrame } from './stackTrace/types';

/** A frame as the resolver and the opener take it (the fields of its platform's SDK). */
export function frameLocation(f: TraceFrame): FrameLocation {
  return { filename: f.filename, absPath: f.absPath, module: f.module, package: f.package, platform: f.platform, eventPlatform: f.platform, lineNo: f.lineNo, colNo: f.colNo };
}

/** A pasted trace for the AI tools: its frames with a file, the most recent call first. */
export function readTrace(text: string): PastedTrace | undefined {
  const r = parseStackTrace(text);
  if (!r.ok) return undefined;
  const lines = text.split('\n');
  return {
    runtime: r.trace.runtime,
    frames: r.trace.innermostFirst.map((f) => ({ location: frameLocation(f), function: f.function, text: (lines[f.textLine] ?? '').slice(f.start, f.end) })),
  };
}
