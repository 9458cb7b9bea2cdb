/**
 * The events page's view model: a state and pure functions over it (a reducer plus helpers).
 * No DOM here, so it is unit-tested in plain Node; src/eventsPanel/page/main.ts renders it.
 */
import * as l10n from '@vscode/l10n';
import type { EventDetail, EventRef } from '../../sentryEvent/types';
import {
  DEFAULT_FILTERS,
  filtersKey,
  type ErrorView,
  type EventData,
  type EventFilters,
  type FrameData,
  type IssueHeader,
  type PanelState,
  type Period,
  type Tab,
  type TagData,
  MAX_TAG_PAGES,
  MAX_TAG_VALUES,
  PROTOCOL_VERSION,
} from '../protocol/messages';

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

export interface ViewState {
  ready: boolean;
  org: string;
  issueId: string;
  issue: IssueHeader;
  filters: EventFilters;
  tab: Tab;
  events: EventData[];
  nextCursor?: string;
  hits?: number;
  /** filtersKey() of the filters `events` were loaded with. */
  loadedFor?: string;
  loading: 'none' | 'first' | 'more';
  error?: ErrorView;
  expanded: ReadonlySet<string>;
  tags: ReadonlyMap<string, TagSlot>;
  /** Values of the `environment` tag, for the environments picker. */
  environments?: string[];
  /** The event the Event tab shows (kept in the panel state): an alias or an id in lower case. */
  event: EventRef;
  /** What the Event tab has of an event: `ref` is the one asked for, which `event` may since have left. */
  detail: DetailSlot;
}

export interface DetailSlot {
  ref: EventRef;
  status: 'idle' | 'loading' | 'ok' | 'error';
  /** While loading: the event shown before (drawn dimmed); after an error: none. */
  data?: EventDetail;
  error?: ErrorView;
}

export type Action =
  | { type: 'init'; state: PanelState }
  | { type: 'issue'; issue: IssueHeader }
  | { type: 'setFilters'; filters: EventFilters }
  | { type: 'setTab'; tab: Tab }
  | { type: 'eventsRequested'; more: boolean }
  | { type: 'eventsLoaded'; forKey: string; events: EventData[]; nextCursor?: string; hits?: number; append: boolean }
  | { type: 'eventsFailed'; forKey: string; error: ErrorView }
  | { type: 'toggle'; id: string; open?: boolean }
  | { type: 'tagRequested'; key: string; envKey: string }
  | { type: 'tagLoaded'; key: string; envKey: string; data: TagData }
  | { type: 'tagFailed'; key: string; envKey: string; error: ErrorView }
  | { type: 'tagMoreRequested'; key: string; envKey: string }
  | { type: 'tagMoreLoaded'; key: string; envKey: string; cursor: string; data: TagData }
  | { type: 'tagMoreFailed'; key: string; envKey: string; error: ErrorView }
  | { type: 'tagMoreStopped'; key: string }
  /** Show another event in the Event tab (`show`: and switch to that tab). */
  | { type: 'selectEvent'; ref: EventRef; show?: boolean }
  | { type: 'eventRequested'; ref: EventRef }
  | { type: 'eventLoaded'; ref: EventRef; detail: EventDetail }
  | { type: 'eventFailed'; ref: EventRef; error: ErrorView };

export function initialState(): ViewState {
  return {
    ready: false,
    org: '',
    issueId: '',
    issue: { id: '' },
    filters: DEFAULT_FILTERS,
    tab: 'events',
    events: [],
    loading: 'none',
    expanded: new Set(),
    tags: new Map(),
    event: 'latest',
    detail: { ref: 'latest', status: 'idle' },
  };
}

/** An event ref as the page keeps it: aliases as they are, ids in lower case (the server's ids are case-insensitive hex). */
export function normalRef(ref: EventRef): EventRef {
  return ref === 'latest' || ref === 'recommended' || ref === 'oldest' ? ref : ref.toLowerCase();
}

/** The Event tab is shown and has neither the chosen event nor a request for it (a failed one waits for Retry). */
export function needsEvent(s: ViewState): boolean {
  return s.ready && s.tab === 'event' && (s.detail.ref !== s.event || s.detail.status === 'idle');
}

export function reduce(s: ViewState, a: Action): ViewState {
  switch (a.type) {
    case 'init': {
      const same = s.org === a.state.org && s.issueId === a.state.issueId;
      const base = same ? s : initialState();
      const event = normalRef(a.state.event ?? 'latest');
      return { ...base, ready: true, org: a.state.org, issueId: a.state.issueId, issue: a.state.issue, filters: a.state.filters, tab: a.state.tab, event };
    }
    case 'issue': {
      if (a.issue.id !== s.issueId) return s;
      const issue = { ...s.issue, ...defined(a.issue) };
      // New events: the latest (and what the server recommends) may be another event now; ask again, showing the old one meanwhile.
      const moved = a.issue.lastSeen !== undefined && s.issue.lastSeen !== undefined && a.issue.lastSeen !== s.issue.lastSeen;
      const stale = moved && (s.event === 'latest' || s.event === 'recommended') && s.detail.ref === s.event && s.detail.status === 'ok';
      return { ...s, issue, ...(stale ? { detail: { ...s.detail, status: 'idle' as const } } : {}) };
    }
    case 'setFilters':
      // New filters: the loaded events no longer match; keep them visible until the new ones arrive.
      return { ...s, filters: a.filters, error: undefined };
    case 'setTab':
      return { ...s, tab: a.tab };
    case 'eventsRequested':
      return { ...s, loading: a.more ? 'more' : 'first', error: undefined };
    case 'eventsLoaded': {
      if (a.forKey !== filtersKey(s.filters)) return s; // an answer to filters no longer chosen
      const events = a.append && s.loadedFor === a.forKey ? s.events.concat(a.events) : a.events;
      const expanded = a.append ? s.expanded : new Set<string>();
      return { ...s, events, nextCursor: a.nextCursor, hits: a.hits ?? s.hits, loadedFor: a.forKey, loading: 'none', error: undefined, expanded };
    }
    case 'eventsFailed':
      if (a.forKey !== filtersKey(s.filters)) return s;
      return { ...s, loading: 'none', error: a.error };
    case 'toggle': {
      const open = a.open ?? !s.expanded.has(a.id);
      if (open === s.expanded.has(a.id)) return s;
      const expanded = new Set(s.expanded);
      if (open) expanded.add(a.id);
      else expanded.delete(a.id);
      return { ...s, expanded };
    }
    case 'tagRequested':
      return { ...s, tags: withSlot(s.tags, a.key, { status: 'loading', envKey: a.envKey, data: s.tags.get(a.key)?.data }) };
    case 'tagLoaded': {
      // The unfiltered `environment` tag also feeds the environments picker.
      const base = a.key === 'environment' && a.envKey === '' ? { ...s, environments: environmentOptions(a.data) } : s;
      const slot = s.tags.get(a.key);
      if (slot && slot.envKey !== a.envKey) return base;
      return { ...base, tags: withSlot(s.tags, a.key, { status: 'done', envKey: a.envKey, data: a.data }) };
    }
    case 'tagFailed': {
      const slot = s.tags.get(a.key);
      if (slot && slot.envKey !== a.envKey) return s;
      return { ...s, tags: withSlot(s.tags, a.key, { status: 'error', envKey: a.envKey, error: a.error }) };
    }
    case 'tagMoreRequested': {
      const slot = s.tags.get(a.key);
      if (!slot || slot.envKey !== a.envKey || !showAllState(slot).offer) return s;
      return { ...s, tags: withSlot(s.tags, a.key, { ...slot, more: { status: 'loading', pages: slot.more?.pages ?? 0 } }) };
    }
    case 'tagMoreLoaded': {
      const slot = s.tags.get(a.key);
      if (!slot?.data || slot.envKey !== a.envKey || slot.more?.status !== 'loading' || slot.data.nextCursor !== a.cursor) return s;
      const topValues = mergeTagValues(slot.data.topValues, a.data.topValues, MAX_TAG_VALUES);
      const pages = slot.more.pages + 1;
      // A page that adds nothing, or names its own cursor as the next, would never end.
      const nextCursor = topValues.length > slot.data.topValues.length && a.data.nextCursor !== a.cursor ? a.data.nextCursor : undefined;
      const status = !nextCursor ? 'done' : topValues.length >= MAX_TAG_VALUES || pages >= MAX_TAG_PAGES ? 'capped' : 'loading';
      const data: TagData = { ...slot.data, uniqueValues: a.data.uniqueValues, totalValues: a.data.totalValues, topValues, nextCursor };
      return { ...s, tags: withSlot(s.tags, a.key, { ...slot, data, more: { status, pages } }) };
    }
    case 'tagMoreFailed': {
      const slot = s.tags.get(a.key);
      if (!slot || slot.envKey !== a.envKey || slot.more?.status !== 'loading') return s;
      return { ...s, tags: withSlot(s.tags, a.key, { ...slot, more: { ...slot.more, status: 'error', error: a.error } }) };
    }
    case 'tagMoreStopped': {
      const slot = s.tags.get(a.key);
      if (slot?.more?.status !== 'loading') return s;
      return { ...s, tags: withSlot(s.tags, a.key, { ...slot, more: { ...slot.more, status: 'stopped' } }) };
    }
    case 'selectEvent': {
      const event = normalRef(a.ref);
      const tab = a.show ? 'event' : s.tab;
      return event === s.event && tab === s.tab ? s : { ...s, event, tab };
    }
    case 'eventRequested':
      return { ...s, detail: { ref: normalRef(a.ref), status: 'loading', data: s.detail.data } };
    case 'eventLoaded': {
      const ref = normalRef(a.ref);
      if (ref !== s.event) return s; // an answer for an event no longer chosen
      return { ...s, detail: { ref, status: 'ok', data: a.detail } };
    }
    case 'eventFailed': {
      const ref = normalRef(a.ref);
      if (ref !== s.event) return s;
      return { ...s, detail: { ref, status: 'error', error: a.error } };
    }
  }
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

function withSlot(tags: ReadonlyMap<string, TagSlot>, key: string, slot: TagSlot): Map<string, TagSlot> {
  const m = new Map(tags);
  m.set(key, slot);
  return m;
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function panelState(s: ViewState): PanelState {
  const out: PanelState = { v: PROTOCOL_VERSION, org: s.org, issueId: s.issueId, issue: s.issue, filters: s.filters, tab: s.tab };
  // Absent means the latest (the contract's default): a state saved without an event restores to it.
  if (s.event !== 'latest') out.event = s.event;
  return out;
}

/** Do the shown events belong to the chosen filters? */
export function isStale(s: ViewState): boolean {
  return s.loadedFor !== filtersKey(s.filters);
}

export function envKey(environments: readonly string[]): string {
  return [...environments].sort().join('\n');
}

// ---------------------------------------------------------------------------------------------
// Search query helpers

/** A search value, quoted when it has to be (spaces, quotes, parentheses, or empty). */
export function quoteValue(value: string): string {
  return value === '' || /[\s"()\\]/.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : value;
}

export function tagTerm(key: string, value: string): string {
  return `${key}:${quoteValue(value)}`;
}

/** Splits a query into its top-level tokens, keeping quoted parts together. */
export function queryTokens(query: string): string[] {
  const tokens: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (quoted) {
      cur += c;
      if (c === '\\' && i + 1 < query.length) cur += query[++i];
      else if (c === '"') quoted = false;
    } else if (/\s/.test(c)) {
      if (cur) tokens.push(cur);
      cur = '';
    } else {
      cur += c;
      if (c === '"') quoted = true;
    }
  }
  if (cur) tokens.push(cur);
  return tokens;
}

/**
 * The query after clicking the tag chip `key:value`: the term replaces any earlier term of the
 * same key (negated or not); other terms and free text stay.
 */
export function applyTagFilter(query: string, key: string, value: string): string {
  const kept = queryTokens(query).filter((t) => !(t.startsWith(`${key}:`) || t.startsWith(`!${key}:`)));
  while (kept.length && kept[kept.length - 1] === 'AND') kept.pop();
  return [...kept, tagTerm(key, value)].join(' ');
}

/** Does the query already filter by exactly this tag value? */
export function hasTagFilter(query: string, key: string, value: string): boolean {
  return queryTokens(query).includes(tagTerm(key, value));
}

// ---------------------------------------------------------------------------------------------
// Presentation helpers

/** Spec 2.1: "message or title": the message when the event has one, else the title. */
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

/** `file:line:col` of a frame, the form the location mapping parses; undefined without a path. */
export function frameLocation(f: FrameData): string | undefined {
  const path = f.filename || f.absPath;
  if (!path) return undefined;
  return f.lineNo ? `${path}:${f.lineNo}${f.colNo ? `:${f.colNo}` : ''}` : path;
}

export function frameLabel(f: FrameData): string {
  return f.function || f.module || l10n.t('<anonymous>');
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
