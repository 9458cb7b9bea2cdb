/** Sparklines: an issue's event counts as one line of block characters, for tooltips and hovers. No `vscode` import. */
const BARS = '▁▂▃▄▅▆▇█';

/** A one-line chart of counts with block characters; all-zero series draw as the lowest bar. */
export function sparkline(counts: readonly number[]): string {
  if (counts.length === 0) return '';
  const max = Math.max(...counts);
  if (max <= 0) return BARS[0].repeat(counts.length);
  return counts.map((c) => BARS[Math.min(BARS.length - 1, Math.round((Math.max(0, c) / max) * (BARS.length - 1)))]).join('');
}
