/**
 * Whether an AI chat can take an issue now (Explain with AI, Fix with AI), shared without a feature
 * importing another: the AI feature decides and sets the source; the editor's hovers and the events
 * panel's header read it and hear when it changes, and offer their AI links and buttons only while
 * it is true. False while nothing is set (no chat known is no chat). No `vscode` import.
 */
import type { IDisposable } from '../util/disposable';
import { Slot } from './slot';

export interface AiChatSource {
  /** True when a chat can take a hand-off now. */
  available(): boolean;
  /** Fires when that may have changed. */
  onDidChange(listener: () => void): IDisposable;
}

const NONE: AiChatSource = { available: () => false, onDidChange: () => ({ dispose() {} }) };

export class AiChat extends Slot<AiChatSource> {
  private readonly listeners = new Set<() => void>();

  constructor() {
    super(NONE);
  }

  /** Sets the source and follows its changes until disposed; readers hear of the new source too. */
  override set(source: AiChatSource): IDisposable {
    const slot = super.set(source);
    const changes = source.onDidChange(() => this.fire());
    this.fire();
    return {
      dispose: () => {
        changes.dispose();
        slot.dispose();
        this.fire();
      },
    };
  }

  /** Whether a chat can take an issue now; bound, so a feature can be handed it as a function. A source that throws counts as no chat. */
  readonly available = (): boolean => {
    try {
      return this.get().available() === true;
    } catch {
      return false;
    }
  };

  /** Fires when availability may have changed, whichever source is set (a vscode.Event's shape). */
  readonly onDidChange = (listener: (e: void) => unknown): IDisposable => {
    const once = () => listener();
    this.listeners.add(once);
    return { dispose: () => this.listeners.delete(once) };
  };

  private fire(): void {
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // the listener's own business
      }
    }
  }
}
