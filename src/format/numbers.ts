/** Counts as people read them (compact, localized, singular or plural). No `vscode` import. */
import * as l10n from '@vscode/l10n';
import { lazy } from '../util/lazy';

/** Made on first use: the first Intl object of a process loads its locale data (milliseconds, at every start). */
const compact = lazy(() => new Intl.NumberFormat('en', { notation: 'compact', maximumFractionDigits: 1 }));

/** "1.2K" for 1234; accepts Sentry's string counts. */
export function compactCount(n: number | string): string {
  const v = typeof n === 'string' ? Number(n) : n;
  return Number.isFinite(v) ? compact().format(v) : String(n);
}

/** `1.2K events`: English words only (a translation needs a whole phrase: eventCount, userCount, commentCount). */
export function plural(n: number | string, one: string, many: string): string {
  return `${compactCount(n)} ${Number(n) === 1 ? one : many}`;
}

/** "1 event", "1.2K events", localized. */
export function eventCount(n: number | string): string {
  return Number(n) === 1 ? l10n.t('{0} event', compactCount(n)) : l10n.t('{0} events', compactCount(n));
}

/** "1 user", "3 users", localized. */
export function userCount(n: number | string): string {
  return Number(n) === 1 ? l10n.t('{0} user', compactCount(n)) : l10n.t('{0} users', compactCount(n));
}

/** "1 comment", "2 comments", localized. */
export function commentCount(n: number | string): string {
  return Number(n) === 1 ? l10n.t('{0} comment', compactCount(n)) : l10n.t('{0} comments', compactCount(n));
}
