/**
 * The breadcrumbs of an event as Debug Console lines, oldest first (the order they were recorded,
 * the last just before the event), each line's output category chosen by its level so VS Code colors
 * it: `fatal` and `error` as stderr (red), `warning` as console (yellow), the rest as stdout. No
 * `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Breadcrumb, EventDetail } from '../../model/event/types';
import { shownText } from '../../model/event/types';
import { inertLine } from './inertText';

export interface ConsoleLine {
  text: string;
  category: 'stdout' | 'stderr' | 'console';
}

/** Data pairs a line shows at most, and characters of the whole line. */
const MAX_DATA = 8;
const MAX_LINE = 2000;

export function categoryOf(level: string): ConsoleLine['category'] {
  if (level === 'fatal' || level === 'error' || level === 'critical') return 'stderr';
  if (level === 'warning' || level === 'warn') return 'console';
  return 'stdout';
}

/** `HH:MM:SS.mmm` of an ISO time (UTC, as Sentry shows times in raw data), or the text as it came. */
function clock(iso: string | undefined): string {
  if (!iso) return '--:--:--';
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? inertLine(iso, 40) : d.toISOString().slice(11, 23);
}

function line(b: Breadcrumb): ConsoleLine {
  const data = (b.data ?? [])
    .slice(0, MAX_DATA)
    .map((p) => `${p.key}=${shownText(p.value)}`)
    .join(' ');
  const what = [b.category ?? b.type, b.message, data].filter((s) => s !== undefined && s !== '').join('  ');
  return { text: inertLine(`${clock(b.timestamp)} [${b.level}] ${what}`, MAX_LINE), category: categoryOf(b.level) };
}

/** The Debug Console's lines for the event: a heading, then each breadcrumb in time order. */
export function breadcrumbLines(d: EventDetail): ConsoleLine[] {
  if (!d.breadcrumbs.length) return [{ text: l10n.t('The event recorded no breadcrumbs.'), category: 'console' }];
  const sorted = d.breadcrumbs.map((b, k) => ({ b, k, t: b.timestamp ? Date.parse(b.timestamp) : NaN }));
  // In time order; crumbs without a time keep their place relative to their neighbours (a stable sort on the recorded order).
  sorted.sort((x, y) => (Number.isNaN(x.t) || Number.isNaN(y.t) ? x.k - y.k : x.t - y.t || x.k - y.k));
  const head = d.breadcrumbsOmitted
    ? l10n.t('Breadcrumbs before the event, oldest first ({0}; {1} older ones left out):', d.breadcrumbs.length, d.breadcrumbsOmitted)
    : l10n.t('Breadcrumbs before the event, oldest first ({0}):', d.breadcrumbs.length);
  return [{ text: head, category: 'console' }, ...sorted.map(({ b }) => line(b))];
}
