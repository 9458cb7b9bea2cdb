/** Relative and absolute times on Intl (built in, locale-aware; no date library needed). */
import * as l10n from '@vscode/l10n';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

const relative = new Intl.RelativeTimeFormat('en', { style: 'narrow', numeric: 'always' });
const absolute = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' });

/** "3h ago", "2d ago", "just now"; an unparseable date gives "unknown". */
export function relativeTime(iso: string | number | Date, now: number = Date.now()): string {
  const t = new Date(iso).getTime();
  if (!Number.isFinite(t)) return l10n.t('unknown');
  const seconds = Math.round((t - now) / 1000);
  if (Math.abs(seconds) < 5) return l10n.t('just now');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relative.format(Math.trunc(seconds / size), unit);
  }
  return l10n.t('just now');
}

/** "Nov 22, 2026, 5:29:00 AM UTC". */
export function absoluteTime(iso: string | number | Date): string {
  const d = new Date(iso);
  return Number.isFinite(d.getTime()) ? `${absolute.format(d)} UTC` : l10n.t('unknown');
}

/** An ISO date in UTC to the second (`2026-11-01T08:00:00Z`), as Sentry's start and end parameters take it. */
export function isoSeconds(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
