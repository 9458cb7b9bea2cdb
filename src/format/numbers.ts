const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 });

/** "1.2K" for 1234; accepts Sentry's string counts. */
export function compactCount(n: number | string): string {
  const v = typeof n === 'string' ? Number(n) : n;
  return Number.isFinite(v) ? compact.format(v) : String(n);
}

export function plural(n: number | string, one: string, many: string): string {
  return `${compactCount(n)} ${Number(n) === 1 ? one : many}`;
}
