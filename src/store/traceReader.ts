/**
 * "Read this pasted stack trace", shared without a feature importing another: Open Link, ID or Stack
 * Trace (src/openLink, which owns the parsers) sets it; the AI location tool reads it, so a model can
 * hand the tool a trace as a person pastes one. No `vscode` import.
 */
import type { FrameLocation } from './locationOpener';
import { Slot } from './slot';

/** A frame with a file, as the resolver takes it, and how the trace wrote its place. */
export interface PastedFrame {
  readonly location: FrameLocation;
  readonly function?: string;
  /** `path:line` as the trace had it (the text a frame's link covers). */
  readonly text: string;
}

export interface PastedTrace {
  /** The runtime's name (`Java/Kotlin`). */
  readonly runtime: string;
  /** Frames with a file, the most recent call first. */
  readonly frames: readonly PastedFrame[];
}

/** The trace a text holds, or undefined (no frames, or a text over the parsers' bound). */
export type ReadTrace = (text: string) => PastedTrace | undefined;

export class TraceReader extends Slot<ReadTrace> {
  constructor() {
    super(() => undefined);
  }

  /** Reads through whatever is set now; bound, so it can be handed on as a function. */
  readonly read: ReadTrace = (text) => this.get()(text);
}
