/**
 * The Trace tab's layout arithmetic, apart from the DOM so it runs anywhere: which rows of a
 * fixed-height waterfall a scroll position needs, and how a duration reads.
 */
/** Pixels of one row (the stylesheet's .trace-row height). */
export const TRACE_ROW_HEIGHT = 22;
/** Rows drawn above and below the visible ones. */
const OVERSCAN = 20;
/** The first screen, before the viewport is measured. */
const FIRST_ROWS = 60;

export function formatMs(ms: number): string {
  if (ms >= 10_000) return `${(ms / 1000).toFixed(1)} s`;
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  return `${ms < 10 ? ms.toFixed(1) : Math.round(ms)} ms`;
}

/** Which rows to draw for a scroll position (first inclusive, last exclusive). */
export function visibleRows(count: number, scrollTop: number, viewport: number): { start: number; end: number } {
  const first = Math.floor(Math.max(0, scrollTop) / TRACE_ROW_HEIGHT);
  const shown = Math.ceil((viewport > 0 ? viewport : FIRST_ROWS * TRACE_ROW_HEIGHT) / TRACE_ROW_HEIGHT);
  return { start: Math.max(0, first - OVERSCAN), end: Math.min(count, first + shown + OVERSCAN) };
}
