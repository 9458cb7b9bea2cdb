/**
 * Windowing math for a list of rows of varying height: rows are estimated until measured, offsets
 * come from prefix sums (rebuilt lazily from the first changed row), lookups by binary search.
 * Pure; the page feeds it measured heights and asks which rows a scroll position needs.
 */
export interface WindowRange {
  /** First row to render (inclusive). */
  start: number;
  /** Last row to render (exclusive). */
  end: number;
}

export class RowHeights {
  private heights = new Float64Array(0);
  private measured = new Uint8Array(0);
  /** offsets[i] = top of row i; offsets[count] = total height. Valid up to `validUpTo`. */
  private offsets = new Float64Array(1);
  private validUpTo = 0;
  private n = 0;

  constructor(private estimate: number) {}

  get count(): number {
    return this.n;
  }

  get estimatedHeight(): number {
    return this.estimate;
  }

  /** Changes the estimate used for rows not yet measured. */
  setEstimate(h: number): void {
    if (h <= 0 || h === this.estimate) return;
    this.estimate = h;
    for (let i = 0; i < this.n; i++) if (!this.measured[i]) this.heights[i] = h;
    this.validUpTo = 0;
  }

  /** Grows or shrinks the list; existing rows keep their heights. */
  setCount(n: number): void {
    if (n === this.n) return;
    if (n > this.heights.length) {
      const cap = Math.max(n, this.heights.length * 2, 64);
      const h = new Float64Array(cap);
      h.set(this.heights.subarray(0, this.n));
      const m = new Uint8Array(cap);
      m.set(this.measured.subarray(0, this.n));
      this.heights = h;
      this.measured = m;
      const o = new Float64Array(cap + 1);
      o.set(this.offsets.subarray(0, this.validUpTo + 1));
      this.offsets = o;
    }
    for (let i = this.n; i < n; i++) {
      this.heights[i] = this.estimate;
      this.measured[i] = 0;
    }
    this.validUpTo = Math.min(this.validUpTo, this.n, n);
    this.n = n;
  }

  /** Forgets every row (a new list). */
  reset(n = 0): void {
    this.n = 0;
    this.validUpTo = 0;
    this.setCount(n);
  }

  /** Records a measured height; returns whether it changed anything. */
  set(i: number, h: number): boolean {
    if (i < 0 || i >= this.n || !(h >= 0)) return false;
    this.measured[i] = 1;
    if (this.heights[i] === h) return false;
    this.heights[i] = h;
    if (i < this.validUpTo) this.validUpTo = i;
    return true;
  }

  /** Marks a row as unmeasured again (back to the estimate), e.g. when its content changed. */
  invalidate(i: number): void {
    if (i < 0 || i >= this.n) return;
    this.measured[i] = 0;
    if (this.heights[i] !== this.estimate) {
      this.heights[i] = this.estimate;
      if (i < this.validUpTo) this.validUpTo = i;
    }
  }

  heightOf(i: number): number {
    return this.heights[i];
  }

  isMeasured(i: number): boolean {
    return this.measured[i] === 1;
  }

  private ensure(upTo: number): void {
    if (upTo <= this.validUpTo) return;
    const o = this.offsets;
    for (let i = this.validUpTo; i < upTo; i++) o[i + 1] = o[i] + this.heights[i];
    this.validUpTo = upTo;
  }

  /** Top of row i (i may equal count: the total height). */
  offsetOf(i: number): number {
    const k = Math.max(0, Math.min(i, this.n));
    this.ensure(k);
    return this.offsets[k];
  }

  total(): number {
    return this.offsetOf(this.n);
  }

  /** The row at vertical position y (clamped to the list). */
  indexAt(y: number): number {
    if (this.n === 0) return 0;
    this.ensure(this.n);
    if (y <= 0) return 0;
    let lo = 0;
    let hi = this.n - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.offsets[mid] <= y) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  /** Rows that intersect [scrollTop - overscan, scrollTop + viewport + overscan]. */
  range(scrollTop: number, viewport: number, overscan = 0): WindowRange {
    if (this.n === 0) return { start: 0, end: 0 };
    const top = Math.max(0, scrollTop - overscan);
    const bottom = scrollTop + Math.max(0, viewport) + overscan;
    const start = this.indexAt(top);
    let end = this.indexAt(bottom) + 1;
    if (end > this.n) end = this.n;
    return { start, end };
  }
}

/** Scroll position that brings row i fully into view, or undefined when it already is. */
export function scrollToReveal(rows: RowHeights, i: number, scrollTop: number, viewport: number): number | undefined {
  const top = rows.offsetOf(i);
  const bottom = top + rows.heightOf(i);
  if (top < scrollTop) return top;
  if (bottom > scrollTop + viewport) return Math.min(top, bottom - viewport);
  return undefined;
}
