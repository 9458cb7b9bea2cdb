/**
 * The Issues view's background refresh: one timer, armed again after each run. Its delay comes from
 * the server (rate-limit resets); the Disposable base's timer clamps it, so a reset 25 days away
 * waits instead of overflowing into a 1 ms loop, and refuses to arm once disposed, not even for a
 * run that was under way. No `vscode` import.
 */
import { Disposable, type IDisposable } from '../util/disposable';

export class RefreshTimer extends Disposable {
  private timer: IDisposable | undefined;

  constructor(
    private readonly run: () => Promise<void>,
    /** ms until the next run, or undefined for none (refresh off). */
    private readonly nextDelay: () => number | undefined,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {
    super();
  }

  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** (Re)arms the timer with a fresh delay; a no-op once disposed. */
  schedule(): void {
    this.timer?.dispose();
    this.timer = undefined;
    if (this.isDisposed) return;
    const delay = this.nextDelay();
    if (delay === undefined) return;
    this.timer = this._registerTimer(() => void this.fire(), delay);
  }

  override dispose(): void {
    this.timer = undefined;
    super.dispose();
  }

  private async fire(): Promise<void> {
    this.timer = undefined;
    try {
      await this.run();
    } catch (err) {
      this.onError(err);
    } finally {
      this.schedule();
    }
  }
}
