/**
 * The Issues view's background refresh: one timer, armed again after each run. Its delay comes from
 * the server (rate-limit resets) and goes through setClampedTimeout, so a reset 25 days away waits
 * instead of overflowing into a 1 ms loop. Once disposed, nothing arms it again, not even a run
 * that was under way. No `vscode` import.
 */
import { setClampedTimeout } from '../util/delay';

export class RefreshTimer {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private disposed = false;

  constructor(
    private readonly run: () => Promise<void>,
    /** ms until the next run, or undefined for none (refresh off). */
    private readonly nextDelay: () => number | undefined,
    private readonly onError: (err: unknown) => void = () => undefined,
  ) {}

  get armed(): boolean {
    return this.timer !== undefined;
  }

  /** (Re)arms the timer with a fresh delay; a no-op once disposed. */
  schedule(): void {
    clearTimeout(this.timer);
    this.timer = undefined;
    if (this.disposed) return;
    const delay = this.nextDelay();
    if (delay === undefined) return;
    this.timer = setClampedTimeout(() => void this.fire(), delay);
  }

  dispose(): void {
    this.disposed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
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
