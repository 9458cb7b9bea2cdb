/**
 * Whether an AI chat can take an issue now (Explain with AI, Fix with AI), shared without a feature
 * importing another: the AI feature decides and sets the source; the editor's hovers and the events
 * panel's header read it and hear when it changes, and offer their AI links and buttons only while
 * it is true. False while nothing is set (no chat known is no chat). No `vscode` import.
 */
import type { IDisposable } from '../util/disposable';
import { ObservedSlot } from './slot';

export interface AiChatSource {
  /** True when a chat can take a hand-off now. */
  available(): boolean;
  /** Fires when that may have changed. */
  onDidChange(listener: () => void): IDisposable;
}

const NONE: AiChatSource = { available: () => false, onDidChange: () => ({ dispose() {} }) };

export class AiChat extends ObservedSlot<AiChatSource> {
  constructor() {
    // Taking the source back makes the answer false: readers hear it.
    super(NONE, true);
  }

  /** Whether a chat can take an issue now; bound, so a feature can be handed it as a function. A source that throws counts as no chat. */
  readonly available = (): boolean => {
    try {
      return this.get().available() === true;
    } catch {
      return false;
    }
  };
}
