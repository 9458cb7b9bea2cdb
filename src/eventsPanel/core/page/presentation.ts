/**
 * How the events page words and formats what it shows: an event's headline and user, a frame's
 * label (where it is: src/model/event/frame.ts), metadata rows, the loaded-events count, a period's name, and the custom
 * range's `datetime-local` inputs. Pure and localised (l10n), so unit-tested in plain Node.
 */
import * as l10n from '@vscode/l10n';
import type { EventFilters, Period } from '../protocol/filters';
import type { EventData } from '../protocol/eventList';
import type { DetailFrame } from '../../../model/event/types';

/** An event is named by its message when it has one, else by its title (as Sentry lists events). */
export function headline(e: EventData): string {
  const m = e.message.trim();
  return m || e.title || l10n.t('(no title)');
}

export function userLabel(user: Record<string, unknown> | null | undefined): string | undefined {
  if (!user) return undefined;
  for (const k of ['email', 'username', 'name', 'id', 'ip_address']) {
    const v = user[k];
    if (typeof v === 'string' && v) return v;
    if (typeof v === 'number') return String(v);
  }
  return undefined;
}

export function frameLabel(f: DetailFrame): string {
  return f.function || f.module || l10n.t('<anonymous>');
}

/** The name of a preset period ("Last 24 hours"); a preset this page does not know shows as it is. */
export function periodPresetLabel(statsPeriod: string): string {
  switch (statsPeriod) {
    case '1h':
      return l10n.t('Last hour');
    case '24h':
      return l10n.t('Last 24 hours');
    case '7d':
      return l10n.t('Last 7 days');
    case '14d':
      return l10n.t('Last 14 days');
    case '30d':
      return l10n.t('Last 30 days');
    case '90d':
      return l10n.t('Last 90 days');
    default:
      return statsPeriod;
  }
}

export function periodLabel(p: Period): string {
  return p.kind === 'preset' ? periodPresetLabel(p.statsPeriod) : `${p.start} – ${p.end}`;
}

/** What an environments filter reads as: "All environments", the one chosen (a server's name, as text), "3 environments". */
export function environmentsText(environments: readonly string[]): string {
  if (environments.length === 0) return l10n.t('All environments');
  if (environments.length === 1) return environments[0];
  return l10n.t('{0} environments', environments.length);
}

/** What the Events tab's events are of: "Last 90 days · All environments", "… · production · matching the search". */
export function eventsScope(filters: EventFilters): string {
  const parts = [periodLabel(filters.period), environmentsText(filters.environments)];
  if (filters.query.trim()) parts.push(l10n.t('matching the search'));
  return parts.join(' · ');
}

/** "12 events loaded", "100 of 2,345 events loaded", "100 events loaded, more available". */
export function loadedLabel(count: number, hits: number | undefined, more: boolean): string {
  const n = count.toLocaleString('en');
  if (hits !== undefined && hits >= count) return hits === 1 ? l10n.t('{0} of 1 event loaded', n) : l10n.t('{0} of {1} events loaded', n, hits.toLocaleString('en'));
  if (count === 1) return more ? l10n.t('1 event loaded, more available') : l10n.t('1 event loaded');
  return more ? l10n.t('{0} events loaded, more available', n) : l10n.t('{0} events loaded', n);
}

/** ISO timestamp -> the value of an `<input type="datetime-local">` in the given offset (minutes, as Date#getTimezoneOffset). */
export function toLocalInput(iso: string, tzOffsetMinutes: number): string {
  const t = Date.parse(iso);
  if (!Number.isFinite(t)) return '';
  return new Date(t - tzOffsetMinutes * 60_000).toISOString().slice(0, 16);
}

/** The value of an `<input type="datetime-local">` -> an ISO timestamp in UTC, or undefined. */
export function fromLocalInput(value: string, tzOffsetMinutes: number): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(value.trim());
  if (!m) return undefined;
  const t = Date.UTC(+m[1], +m[2] - 1, +m[3], +m[4], +m[5], +(m[6] ?? 0)) + tzOffsetMinutes * 60_000;
  return Number.isFinite(t) ? new Date(t).toISOString().replace(/\.000Z$/, 'Z') : undefined;
}

/** A custom range from two local inputs, or an explanation of what is wrong. */
export function rangeFromInputs(start: string, end: string, tzOffsetMinutes: number): Period | string {
  const s = fromLocalInput(start, tzOffsetMinutes);
  const e = fromLocalInput(end, tzOffsetMinutes);
  if (!s || !e) return l10n.t('Enter both a start and an end.');
  if (Date.parse(s) >= Date.parse(e)) return l10n.t('The start must be before the end.');
  return { kind: 'range', start: s, end: e };
}

/** Flattens metadata to displayable `key: value` pairs (objects as JSON). */
export function metadataPairs(m: Record<string, unknown> | null | undefined): [string, string][] {
  if (!m) return [];
  return Object.entries(m)
    .filter(([, v]) => v !== null && v !== undefined && v !== '')
    .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]);
}
