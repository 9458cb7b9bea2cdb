/**
 * The Tags tab's data, pure: a tag's slot in the view state (its first page, and the pages "Show all
 * values" walks), how later pages merge, where "Show all values" stands, and the bars and keys the
 * tab draws. src/eventsPanel/core/page/tagsView.ts renders them; the reducer (pageState.ts) keeps the slots.
 */
import * as l10n from '@vscode/l10n';
import type { ErrorView, TagData } from '../protocol/messages';
import type { EventData } from '../protocol/eventList';

type TagValue = TagData['topValues'][number];

export interface TagSlot {
  status: 'loading' | 'done' | 'error';
  /** The environments the slot was fetched for (sorted, joined). */
  envKey: string;
  /** The first page, and after "Show all values" every page merged; `nextCursor` is the page still to fetch. */
  data?: TagData;
  error?: ErrorView;
  /** "Show all values" once clicked: following the cursor page by page. */
  more?: { status: 'loading' | 'done' | 'capped' | 'stopped' | 'error'; pages: number; error?: ErrorView };
}

/** Values of later pages after the earlier ones: the first of each value (null included) wins; at most `max`. */
export function mergeTagValues(a: readonly TagValue[], b: readonly TagValue[], max: number): TagValue[] {
  const out = a.slice(0, max);
  const seen = new Set(out.map((v) => v.value));
  for (const v of b) {
    if (out.length >= max) break;
    if (seen.has(v.value)) continue;
    seen.add(v.value);
    out.push(v);
  }
  return out;
}

export interface ShowAllState {
  status: 'idle' | NonNullable<TagSlot['more']>['status'];
  /** Offer "Show all values" (or to go on after Stop or an error). */
  offer: boolean;
  /** The cursor to ask for now, while walking. */
  next?: string;
  /** Values held. */
  loaded: number;
}

/** Where "Show all values" of a slot stands. */
export function showAllState(slot: TagSlot | undefined): ShowAllState {
  const data = slot?.status === 'done' || slot?.more ? slot?.data : undefined;
  const loaded = data?.topValues.length ?? 0;
  const status = slot?.more?.status ?? 'idle';
  const cursor = data?.nextCursor;
  return {
    status,
    offer: !!cursor && (status === 'idle' || status === 'stopped' || status === 'error'),
    next: status === 'loading' ? cursor : undefined,
    loaded,
  };
}

export function envKey(environments: readonly string[]): string {
  return [...environments].sort().join('\n');
}

export const PREFERRED_TAG_KEYS = ['browser', 'device', 'environment', 'level', 'os', 'runtime', 'release', 'server_name'];

/** The tag keys seen in the events: the well-known ones first (in that order), then the rest sorted. */
export function tagKeys(events: readonly EventData[]): string[] {
  const seen = new Set<string>();
  for (const e of events) for (const t of e.tags) seen.add(t.key);
  const first = PREFERRED_TAG_KEYS.filter((k) => seen.has(k));
  const rest = [...seen].filter((k) => !PREFERRED_TAG_KEYS.includes(k)).sort();
  return [...first, ...rest];
}

export interface TagBar {
  value: string;
  /** The value as a query term value: null values have no term. */
  raw: string | null;
  count: number;
  /** Share of totalValues, 0..1. */
  share: number;
  percent: string;
  firstSeen?: string;
  lastSeen?: string;
}

export function tagBars(t: TagData): TagBar[] {
  const total = t.totalValues > 0 ? t.totalValues : t.topValues.reduce((n, v) => n + v.count, 0);
  return t.topValues.map((v) => {
    const share = total > 0 ? Math.min(1, v.count / total) : 0;
    return {
      value: v.value ?? l10n.t('(none)'),
      raw: v.value,
      count: v.count,
      share,
      percent: formatPercent(share),
      firstSeen: v.firstSeen,
      lastSeen: v.lastSeen,
    };
  });
}

export function formatPercent(share: number): string {
  const p = share * 100;
  if (p > 0 && p < 1) return '<1%';
  return `${p >= 10 || p === 0 ? Math.round(p) : p.toFixed(1).replace(/\.0$/, '')}%`;
}

export function environmentOptions(t: TagData | undefined): string[] {
  return (t?.topValues ?? []).map((v) => v.value).filter((v): v is string => !!v);
}
