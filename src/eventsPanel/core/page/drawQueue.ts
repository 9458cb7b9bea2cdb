/**
 * Drawing that can wait until the first paint: the Event tab draws what the first screen needs at
 * once and queues the rest (folded-in sections, the code of frames further down), which then runs
 * in slices of a few milliseconds between frames. A 2 MB event paints in well under 200 ms this
 * way and is complete a few frames later; whatever is queued can also be forced at once (`run`).
 */
const SLICE_MS = 8;

export class DrawQueue {
  private readonly tasks: (() => void)[] = [];
  private scheduled = false;
  private cancelled = false;

  /** `eager`: how many `soon` calls run at once before the queue starts holding them. */
  constructor(
    private eager: number,
    private readonly onDone: () => void = () => undefined,
  ) {}

  /** Runs `fn` now while the eager budget lasts, else after the next paint. */
  soon(fn: () => void): void {
    if (this.eager > 0) {
      this.eager--;
      fn();
    } else this.later(fn);
  }

  /** Runs `fn` after the next paint (in order with the rest of the queue). */
  later(fn: () => void): void {
    this.tasks.push(fn);
    this.schedule();
  }

  /** Everything queued is dropped (another event is drawn). */
  cancel(): void {
    this.cancelled = true;
    this.tasks.length = 0;
  }

  get pending(): number {
    return this.tasks.length;
  }

  /** Starts the slices after the next paint, or reports done when nothing was queued. */
  start(): void {
    if (!this.tasks.length) this.onDone();
    else this.schedule();
  }

  private schedule(): void {
    if (this.scheduled || this.cancelled) return;
    this.scheduled = true;
    requestAnimationFrame(() => setTimeout(() => this.slice(), 0));
  }

  private slice(): void {
    this.scheduled = false;
    if (this.cancelled) return;
    const end = performance.now() + SLICE_MS;
    while (this.tasks.length && performance.now() < end) this.tasks.shift()!();
    if (this.tasks.length) this.schedule();
    else this.onDone();
  }
}
