/**
 * The events page's view model: its state (ViewState) and the reducer that moves it on one Action at
 * a time, plus what the controller asks of a state (needsEvent, isStale, panelState). No DOM here, so
 * it is unit-tested in plain Node; src/eventsPanel/core/page/main.ts renders it. The Tags tab's part of
 * the state lives in tagsModel.ts, the wording of what is shown in presentation.ts.
 */
import type { EventDetail, EventRef } from '../../../model/event/types';
import { type ErrorView, type IssueHeader, type PanelState, type SavedBinding, type Tab, type TagData, MAX_TAG_PAGES, MAX_TAG_VALUES, PROTOCOL_VERSION, withBinding } from '../protocol/messages';
import { DEFAULT_FILTERS, filtersKey, type EventFilters } from '../protocol/filters';
import type { EventData } from '../protocol/eventList';
import { environmentOptions, mergeTagValues, showAllState, type TagSlot } from './tagsModel';

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
  /** Whether a chat can take the issue (the host says): the header's AI buttons show only then. */
  ai: boolean;
  /** The server, account and organization the host bound the panel to: saved, so that a restored panel knows them. */
  binding?: SavedBinding;
}

export interface DetailSlot {
  ref: EventRef;
  status: 'idle' | 'loading' | 'ok' | 'error';
  /** While loading: the event shown before (drawn dimmed); after an error: none. */
  data?: EventDetail;
  error?: ErrorView;
}

export type Action =
  /** The state to draw before the host's init (the page's saved one, or the HTML's): not ready yet. */
  | { type: 'boot'; state: PanelState }
  | { type: 'init'; state: PanelState; ai?: boolean }
  | { type: 'ai'; available: boolean }
  | { type: 'binding'; binding?: SavedBinding }
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
    ai: false,
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
    case 'boot': {
      const { org, issueId, issue, filters, tab } = a.state;
      return { ...initialState(), org, issueId, issue, filters, tab, event: normalRef(a.state.event ?? 'latest'), ...withBinding(a.state.binding) };
    }
    case 'init': {
      const same = s.org === a.state.org && s.issueId === a.state.issueId;
      const { binding: _was, ...base } = same ? s : initialState();
      // The host's binding, always: the page never chooses whose issue it shows.
      const binding = withBinding(a.state.binding);
      // Chosen while the page showed its first state, before the host answered: the user's choice stands.
      if (same && !s.ready) return { ...base, ready: true, issue: a.state.issue, ai: a.ai === true, ...binding };
      const event = normalRef(a.state.event ?? 'latest');
      return { ...base, ready: true, org: a.state.org, issueId: a.state.issueId, issue: a.state.issue, filters: a.state.filters, tab: a.state.tab, event, ai: a.ai === true, ...binding };
    }
    case 'ai':
      return a.available === s.ai ? s : { ...s, ai: a.available };
    case 'binding': {
      if (JSON.stringify(a.binding) === JSON.stringify(s.binding)) return s;
      const { binding: _was, ...rest } = s;
      return { ...rest, ...withBinding(a.binding) };
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

function withSlot(tags: ReadonlyMap<string, TagSlot>, key: string, slot: TagSlot): Map<string, TagSlot> {
  const m = new Map(tags);
  m.set(key, slot);
  return m;
}

function defined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

export function panelState(s: ViewState): PanelState {
  const out: PanelState = { v: PROTOCOL_VERSION, org: s.org, issueId: s.issueId, issue: s.issue, filters: s.filters, tab: s.tab, ...withBinding(s.binding) };
  // Absent means the latest (the contract's default): a state saved without an event restores to it.
  if (s.event !== 'latest') out.event = s.event;
  return out;
}

/** What the user chooses of a state (filters, tab, event), as a key: equal when those are. */
export function panelStateKey(s: PanelState): string {
  return JSON.stringify([filtersKey(s.filters), s.tab, s.event ?? 'latest']);
}

/** Do the shown events belong to the chosen filters? */
export function isStale(s: ViewState): boolean {
  return s.loadedFor !== filtersKey(s.filters);
}
