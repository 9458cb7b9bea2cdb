/** Relative and absolute times on Intl (built in, locale-aware; no date library needed). */
import * as l10n from '@vscode/l10n';
import { lazy } from '../util/lazy';

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
];

// Made on first use: the first Intl object of a process loads its locale data (over 10 ms at every start).
const relative = lazy(() => new Intl.RelativeTimeFormat('en', { style: 'narrow', numeric: 'always' }));
const absolute = lazy(() => new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'medium', timeZone: 'UTC' }));

/** The time of a date as servers send it; undefined for none (null: Sentry has no such date) or one that does not parse. */
function timeOf(iso: string | number | Date | null | undefined): number | undefined {
  // new Date(null) is 1970, not "no date".
  if (iso === null || iso === undefined) return undefined;
  const t = new Date(iso).getTime();
  return Number.isFinite(t) ? t : undefined;
}

/** "3h ago", "2d ago", "just now"; no date, or an unparseable one, gives "unknown". */
export function relativeTime(iso: string | number | Date | null | undefined, now: number = Date.now()): string {
  const t = timeOf(iso);
  if (t === undefined) return l10n.t('unknown');
  const seconds = Math.round((t - now) / 1000);
  if (Math.abs(seconds) < 5) return l10n.t('just now');
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === 'second') return relative().format(Math.trunc(seconds / size), unit);
  }
  return l10n.t('just now');
}

const MINUTE_MS = 60_000;
/** From this age a row's time moves in steps of it (5 min), up to an hour. */
const STEP_MS = 5 * MINUTE_MS;

/**
 * relativeTime in the steps a list row can afford: "just now" under a minute, minutes up to five,
 * then every five minutes up to an hour ("10m ago"), then as relativeTime ("3h ago"). Every change
 * of a row's text makes VS Code build the row again and keep a store for it for the view's life
 * (src/issues/core/drawing.ts): at exact minutes, a busy project's rows, all seen within the hour,
 * were each rebuilt every minute. The tooltip beside it gives the exact time.
 */
export function steppedRelativeTime(iso: string | number | Date | null | undefined, now: number = Date.now()): string {
  const t = timeOf(iso);
  if (t === undefined) return l10n.t('unknown');
  const age = now - t;
  if (age < 0 || age >= 60 * MINUTE_MS) return relativeTime(t, now);
  if (age < MINUTE_MS) return l10n.t('just now');
  return age < STEP_MS ? relativeTime(t, now) : relativeTime(now - Math.floor(age / STEP_MS) * STEP_MS, now);
}

/** "Nov 22, 2026, 5:29:00 AM UTC"; no date, or an unparseable one, gives "unknown". */
export function absoluteTime(iso: string | number | Date | null | undefined): string {
  const t = timeOf(iso);
  return t === undefined ? l10n.t('unknown') : `${absolute().format(new Date(t))} UTC`;
}

/** An ISO date in UTC to the second (`2026-11-01T08:00:00Z`), as Sentry's start and end parameters take it. */
export function isoSeconds(at: number): string {
  return new Date(at).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** A duration in seconds as "1 h 2 min", "3 min 4 s" or "5 s". */
export function formatSeconds(s: number): string {
  const t = Math.max(0, Math.round(s));
  if (t >= 3600) return l10n.t('{0} h {1} min', Math.floor(t / 3600), Math.floor((t % 3600) / 60));
  if (t >= 60) return l10n.t('{0} min {1} s', Math.floor(t / 60), t % 60);
  return l10n.t('{0} s', t);
}
