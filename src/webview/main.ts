/**
 * The events page (bundled by esbuild into dist/webview.js, an iife). Talks to the host only through
 * the protocol of src/events/protocol.ts; keeps its state in the pure view model (./model) and
 * persists the restorable part with setState. Server strings are rendered with textContent only.
 */
import '@vscode-elements/elements/dist/vscode-button/index.js';
import '@vscode-elements/elements/dist/vscode-checkbox/index.js';
import '@vscode-elements/elements/dist/vscode-multi-select/index.js';
import '@vscode-elements/elements/dist/vscode-single-select/index.js';
import '@vscode-elements/elements/dist/vscode-option/index.js';
import '@vscode-elements/elements/dist/vscode-textfield/index.js';
import '@vscode-elements/elements/dist/vscode-progress-bar/index.js';
import '@vscode-elements/elements/dist/vscode-progress-ring/index.js';
import '@vscode-elements/elements/dist/vscode-badge/index.js';
import {
  PERIOD_PRESETS,
  PROTOCOL_VERSION,
  decodeEvents,
  filtersKey,
  isPeriodPreset,
  parsePanelState,
  type ErrorActionName,
  type ErrorView,
  type EventData,
  type EventFilters,
  type FrameRef,
  type HostMessage,
  type PageMessage,
  type RequestMethod,
  type Requests,
  type Tab,
} from '../events/protocol';
import { absoluteTime, relativeTime } from '../format/time';
import { compactCount } from '../format/numbers';
import { h, icon, replace } from './dom';
import { EventList } from './eventsList';
import {
  PERIOD_LABELS,
  applyTagFilter,
  envKey,
  initialState,
  isStale,
  loadedLabel,
  panelState,
  rangeFromInputs,
  reduce,
  showAllState,
  tagKeys,
  toLocalInput,
  type Action,
  type ViewState,
} from './model';
import { TagsView } from './tagsView';

interface VsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
let state: ViewState = initialState();

function post(message: PageMessage): void {
  vscode.postMessage(message);
}

// ---------------------------------------------------------------------------------------------
// Requests

interface Pending {
  method: RequestMethod;
  forKey?: string;
  more?: boolean;
  key?: string;
  envKey?: string;
  /** A following page of tag values ("Show all values"). */
  cursor?: string;
}
let nextId = 1;
const pending = new Map<number, Pending>();
let lastEventsRequest: { cursor?: string; more: boolean } | undefined;

function request<M extends RequestMethod>(method: M, params: Requests[M]['params'], meta: Omit<Pending, 'method'>): void {
  const id = nextId++;
  pending.set(id, { method, ...meta });
  post({ type: 'request', id, method, params } as PageMessage);
}

function loadEvents(opts: { more?: boolean; restore?: boolean } = {}): void {
  const cursor = opts.more ? state.nextCursor : undefined;
  if (opts.more && !cursor) return;
  lastEventsRequest = { cursor, more: !!opts.more };
  dispatch({ type: 'eventsRequested', more: !!opts.more });
  request('events', { filters: state.filters, cursor, restore: opts.restore }, { forKey: filtersKey(state.filters), more: !!opts.more });
}

function loadTag(key: string, environments: string[]): void {
  const ek = envKey(environments);
  dispatch({ type: 'tagRequested', key, envKey: ek });
  request('tag', { key, environments }, { key, envKey: ek });
}

/** "Show all values" clicked: follows the cursor of `key` one page at a time (see continueShowAll). */
function showAllValues(key: string): void {
  const slot = state.tags.get(key);
  if (!slot) return;
  dispatch({ type: 'tagMoreRequested', key, envKey: slot.envKey });
  continueShowAll(key);
}

/** Asks for the next page while the slot still wants one: the reducer ends the walk (done, capped, stopped, filters changed). */
function continueShowAll(key: string): void {
  const slot = state.tags.get(key);
  const cursor = showAllState(slot).next;
  if (!slot || !cursor) return;
  // The environments the first page was fetched for (the picker's own `environment` card: all of them).
  const environments = slot.envKey === '' ? [] : state.filters.environments;
  if (envKey(environments) !== slot.envKey) return;
  request('tag', { key, environments, cursor }, { key, envKey: slot.envKey, cursor });
}

function retryEvents(): void {
  loadEvents({ more: lastEventsRequest?.more && !!state.nextCursor });
}

// ---------------------------------------------------------------------------------------------
// State changes

function dispatch(a: Action): void {
  const prev = state;
  state = reduce(state, a);
  if (state === prev) return;
  if (prev.filters !== state.filters || prev.tab !== state.tab || prev.issue !== state.issue || prev.issueId !== state.issueId) persist();
  scheduleRender();
}

function persist(): void {
  if (!state.ready) return;
  const s = panelState(state);
  vscode.setState(s);
  post({ type: 'state', state: s });
}

function setFilters(filters: EventFilters): void {
  if (filtersKey(filters) === filtersKey(state.filters)) {
    dispatch({ type: 'setFilters', filters });
    return;
  }
  const envChanged = envKey(filters.environments) !== envKey(state.filters.environments);
  dispatch({ type: 'setFilters', filters });
  loadEvents();
  if (envChanged) refreshVisibleTags();
}

function refreshVisibleTags(): void {
  for (const key of tags.visibleKeys()) needTag(key);
}

function needTag(key: string): void {
  const ek = envKey(state.filters.environments);
  const slot = state.tags.get(key);
  if (slot && slot.envKey === ek && slot.status !== 'error') return;
  if (slot?.status === 'error' && slot.envKey === ek) return; // failed: waits for Retry
  loadTag(key, state.filters.environments);
}

function errorAction(action: ErrorActionName, retry: () => void): void {
  switch (action) {
    case 'retry':
      retry();
      return;
    case 'filter':
      controls.query.focus();
      return;
    default:
      post({ type: 'action', action });
  }
}

// ---------------------------------------------------------------------------------------------
// Messages from the host

window.addEventListener('message', (ev: MessageEvent) => {
  const msg = ev.data as HostMessage;
  if (!msg || typeof msg !== 'object') return;
  switch (msg.type) {
    case 'init': {
      const s = parsePanelState(msg.state);
      if (!s) return;
      const first = !state.ready;
      dispatch({ type: 'init', state: s });
      syncControls();
      if (first) {
        loadEvents({ restore: true });
        loadTag('environment', []); // the environments picker's values
      }
      return;
    }
    case 'issue':
      dispatch({ type: 'issue', issue: msg.issue });
      return;
    case 'signedIn':
      if (state.error) retryEvents();
      for (const [key, slot] of state.tags) if (slot.status === 'error') loadTag(key, key === 'environment' && slot.envKey === '' ? [] : state.filters.environments);
      return;
    case 'response': {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (p.method === 'events') {
        if (msg.ok) {
          performance.mark('sentry-events-received');
          const r = msg.result as Requests['events']['result'];
          let events: EventData[];
          try {
            events = decodeEvents(r.eventsJson);
          } catch (e) {
            dispatch({ type: 'eventsFailed', forKey: p.forKey!, error: { message: `The events could not be read (${(e as Error).message}).`, actions: ['retry', 'showLog'] } });
            return;
          }
          dispatch({ type: 'eventsLoaded', forKey: p.forKey!, events, nextCursor: r.nextCursor, hits: r.hits, append: !!p.more });
          afterPaint(() => performance.mark('sentry-events-painted'));
        } else if (msg.error.kind !== 'cancelled') {
          dispatch({ type: 'eventsFailed', forKey: p.forKey!, error: msg.error });
        }
      } else if (p.cursor) {
        if (msg.ok) dispatch({ type: 'tagMoreLoaded', key: p.key!, envKey: p.envKey!, cursor: p.cursor, data: msg.result as Requests['tag']['result'] });
        else if (msg.error.kind === 'cancelled') dispatch({ type: 'tagMoreStopped', key: p.key! });
        else dispatch({ type: 'tagMoreFailed', key: p.key!, envKey: p.envKey!, error: msg.error });
        continueShowAll(p.key!);
      } else if (msg.ok) {
        dispatch({ type: 'tagLoaded', key: p.key!, envKey: p.envKey!, data: msg.result as Requests['tag']['result'] });
      } else {
        dispatch({ type: 'tagFailed', key: p.key!, envKey: p.envKey!, error: msg.error });
      }
      return;
    }
  }
});

function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}

// ---------------------------------------------------------------------------------------------
// The page

type Ctl = HTMLElement & { value: string; checked: boolean };
type MultiCtl = HTMLElement & { value: string[] };

const app = document.getElementById('app')!;
const header = h('header', { class: 'issue-header' });

const controls = {
  period: h('vscode-single-select', { id: 'period', attrs: { 'aria-label': 'Period' } }) as unknown as Ctl,
  start: h('vscode-textfield', { id: 'range-start', attrs: { type: 'datetime-local', 'aria-label': 'Start of the period' } }) as unknown as Ctl,
  end: h('vscode-textfield', { id: 'range-end', attrs: { type: 'datetime-local', 'aria-label': 'End of the period' } }) as unknown as Ctl,
  rangeError: h('span', { class: 'range-error', role: 'alert' }),
  envs: h('vscode-multi-select', { id: 'environments', attrs: { 'aria-label': 'Environments' } }) as unknown as MultiCtl,
  query: h('vscode-textfield', { id: 'query', attrs: { placeholder: 'Search events, e.g. release:1.2.0 browser:Chrome', 'aria-label': 'Search query' } }) as unknown as Ctl,
  full: h('vscode-checkbox', { id: 'full', attrs: { label: 'Full events (stack traces)' } }) as unknown as Ctl,
  sample: h('vscode-checkbox', { id: 'sample', attrs: { label: 'Sample: pseudo-random but deterministic order' } }) as unknown as Ctl,
};
for (const p of PERIOD_PRESETS) controls.period.appendChild(h('vscode-option', { attrs: { value: p }, text: PERIOD_LABELS[p] }));
controls.period.appendChild(h('vscode-option', { attrs: { value: 'custom' }, text: 'Custom range…' }));

const envLabel = h('label', { text: 'Environments: all', attrs: { for: 'environments' } });

const rangeBox = h(
  'div',
  { class: 'range', hidden: true },
  h('label', { text: 'From', attrs: { for: 'range-start' } }),
  controls.start,
  h('label', { text: 'to', attrs: { for: 'range-end' } }),
  controls.end,
  h('vscode-button', { id: 'range-apply', attrs: { secondary: true }, text: 'Apply', on: { click: () => applyRange() } }),
  controls.rangeError,
);

const searchButton = h(
  'button',
  { class: 'icon-button', title: 'Search', attrs: { type: 'button', 'aria-label': 'Search' }, on: { click: () => applyQuery() } },
  icon('search'),
);
const clearButton = h(
  'button',
  { class: 'icon-button', title: 'Clear the search', attrs: { type: 'button', 'aria-label': 'Clear the search' }, on: { click: () => ((controls.query.value = ''), applyQuery()) } },
  icon('clear-all'),
);

const filters = h(
  'form',
  { class: 'filters', role: 'search', attrs: { 'aria-label': 'Event filters' }, on: { submit: (e: Event) => e.preventDefault() } },
  h(
    'div',
    { class: 'filter-row' },
    h('div', { class: 'field' }, h('label', { text: 'Period', attrs: { for: 'period' } }), controls.period),
    h('div', { class: 'field' }, envLabel, controls.envs),
    h('div', { class: 'field grow' }, h('label', { text: 'Query', attrs: { for: 'query' } }), h('div', { class: 'query-box' }, controls.query, searchButton, clearButton)),
  ),
  rangeBox,
  h('div', { class: 'filter-row toggles' }, controls.full, controls.sample),
);

controls.period.addEventListener('change', () => {
  const v = controls.period.value;
  if (isPeriodPreset(v)) {
    rangeBox.hidden = true;
    setFilters({ ...state.filters, period: { kind: 'preset', statsPeriod: v } });
  } else {
    rangeBox.hidden = false;
    if (state.filters.period.kind !== 'range') {
      const tz = new Date().getTimezoneOffset();
      const now = Date.now();
      if (!controls.end.value) controls.end.value = toLocalInput(new Date(now).toISOString(), tz);
      if (!controls.start.value) controls.start.value = toLocalInput(new Date(now - 7 * 86_400_000).toISOString(), tz);
    }
    controls.start.focus();
  }
});
function applyRange(): void {
  const r = rangeFromInputs(controls.start.value, controls.end.value, new Date().getTimezoneOffset());
  if (typeof r === 'string') {
    controls.rangeError.textContent = r;
    return;
  }
  controls.rangeError.textContent = '';
  setFilters({ ...state.filters, period: r });
}
for (const c of [controls.start, controls.end]) {
  c.addEventListener('keydown', (e) => {
    if ((e as KeyboardEvent).key === 'Enter') applyRange();
  });
}
controls.envs.addEventListener('change', () => setFilters({ ...state.filters, environments: [...controls.envs.value] }));
function applyQuery(): void {
  const q = controls.query.value ?? '';
  if (q !== state.filters.query) setFilters({ ...state.filters, query: q });
}
controls.query.addEventListener('keydown', (e) => {
  if ((e as KeyboardEvent).key === 'Enter') {
    e.preventDefault();
    applyQuery();
  } else if ((e as KeyboardEvent).key === 'Escape' && controls.query.value) {
    controls.query.value = state.filters.query;
  }
});
controls.query.addEventListener('change', () => applyQuery());
controls.full.addEventListener('change', () => setFilters({ ...state.filters, full: !!controls.full.checked }));
controls.sample.addEventListener('change', () => setFilters({ ...state.filters, sample: !!controls.sample.checked }));

/** Puts the filter state into the controls (after init or a tag-chip click). */
function syncControls(): void {
  const f = state.filters;
  if (f.period.kind === 'preset') {
    controls.period.value = f.period.statsPeriod;
    rangeBox.hidden = true;
  } else {
    controls.period.value = 'custom';
    rangeBox.hidden = false;
    const tz = new Date().getTimezoneOffset();
    controls.start.value = toLocalInput(f.period.start, tz);
    controls.end.value = toLocalInput(f.period.end, tz);
  }
  if (controls.query.value !== f.query) controls.query.value = f.query;
  controls.full.checked = f.full;
  controls.sample.checked = f.sample;
  syncEnvironments();
}

let envOptionsKey = '';
function syncEnvironments(): void {
  const chosen = state.filters.environments;
  const values = [...new Set([...(state.environments ?? []), ...chosen])];
  const key = values.join('\n');
  if (key !== envOptionsKey) {
    envOptionsKey = key;
    replace(controls.envs, ...values.map((v) => h('vscode-option', { attrs: { value: v }, text: v })));
  }
  const cur = [...(controls.envs.value ?? [])].sort().join('\n');
  if (cur !== [...chosen].sort().join('\n')) {
    // Options are slotted asynchronously: set the value once they are in.
    queueMicrotask(() => (controls.envs.value = [...chosen]));
  }
  envLabel.textContent = chosen.length ? `Environments: ${chosen.length} of ${values.length}` : 'Environments: all';
  controls.envs.toggleAttribute('disabled', values.length === 0);
  controls.envs.title = values.length ? 'Only events from these environments (none chosen: all)' : 'No environments seen for this issue';
}

// Tabs
const tabEvents = h('button', { class: 'tab', id: 'tab-events', role: 'tab', attrs: { type: 'button', 'aria-controls': 'events-panel' }, on: { click: () => selectTab('events') } });
const tabTags = h('button', { class: 'tab', id: 'tab-tags', role: 'tab', attrs: { type: 'button', 'aria-controls': 'tags-panel' }, on: { click: () => selectTab('tags') } }, icon('tag'), ' Tags');
const tabList = h('div', { class: 'tabs', role: 'tablist', attrs: { 'aria-label': 'Events and tags' } }, tabEvents, tabTags);
tabList.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
    e.preventDefault();
    const next: Tab = state.tab === 'events' ? 'tags' : 'events';
    selectTab(next);
    (next === 'events' ? tabEvents : tabTags).focus();
  }
});
function selectTab(tab: Tab): void {
  dispatch({ type: 'setTab', tab });
}

// Events panel
const progress = h('vscode-progress-bar', { class: 'progress', attrs: { 'aria-label': 'Loading events' }, hidden: true });
const countLabel = h('span', { class: 'count', attrs: { 'aria-live': 'polite' } });
const loadMore = h('vscode-button', { id: 'load-more', attrs: { secondary: true }, on: { click: () => loadEvents({ more: true }) } }, 'Load more');
const refresh = h('button', { class: 'icon-button', title: 'Refresh', attrs: { type: 'button', 'aria-label': 'Refresh' }, on: { click: () => loadEvents() } }, icon('refresh'));
const errorBox = h('div', { class: 'inline-error', role: 'alert', hidden: true });
const emptyBox = h('div', { class: 'empty', hidden: true });
const list = new EventList({
  toggle: (id) => dispatch({ type: 'toggle', id }),
  openLocation: (location: string, frame?: FrameRef) => post({ type: 'openLocation', location, frame }),
  tagFilter: (key, value) => {
    setFilters({ ...state.filters, query: applyTagFilter(state.filters.query, key, value) });
    syncControls();
  },
  copy: (text, what) => post({ type: 'copy', text, what }),
  enableFull: () => {
    setFilters({ ...state.filters, full: true });
    syncControls();
  },
});
const eventsPanel = h(
  'section',
  { class: 'panel events-panel', id: 'events-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-events' } },
  h('div', { class: 'status-line' }, countLabel, h('span', { class: 'spacer' }), loadMore, refresh),
  progress,
  errorBox,
  emptyBox,
  list.el,
);

// Tags panel
const tags = new TagsView({
  need: (key) => needTag(key),
  tagFilter: (key, value) => {
    setFilters({ ...state.filters, query: applyTagFilter(state.filters.query, key, value) });
    syncControls();
    selectTab('events');
  },
  action: (name, key) => errorAction(name as ErrorActionName, () => loadTag(key, state.filters.environments)),
  showAll: (key) => showAllValues(key),
  stopAll: (key) => dispatch({ type: 'tagMoreStopped', key }),
});
const tagsPanel = h('section', { class: 'panel tags-panel', id: 'tags-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-tags' }, hidden: true }, tags.el);

replace(app, header, filters, tabList, h('main', { class: 'panels' }, eventsPanel, tagsPanel));
app.removeAttribute('aria-busy');

// ---------------------------------------------------------------------------------------------
// Rendering

let renderQueued = false;
let prevRendered: ViewState | undefined;
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    render(prevRendered);
    prevRendered = state;
  });
}

function render(prev: ViewState | undefined): void {
  const s = state;
  const now = Date.now();
  if (!prev || prev.issue !== s.issue || (prev.events[0] !== s.events[0] && !s.issue.title)) renderHeader(now);

  // Tabs
  tabEvents.setAttribute('aria-selected', String(s.tab === 'events'));
  tabTags.setAttribute('aria-selected', String(s.tab === 'tags'));
  tabEvents.tabIndex = s.tab === 'events' ? 0 : -1;
  tabTags.tabIndex = s.tab === 'tags' ? 0 : -1;
  if (!prev || prev.events.length !== s.events.length) replace(tabEvents, icon('list-unordered'), ' Events ', h('vscode-badge', { attrs: { variant: 'counter' }, text: compactCount(s.events.length) }));
  eventsPanel.hidden = s.tab !== 'events';
  tagsPanel.hidden = s.tab !== 'tags';

  // Status line
  progress.hidden = s.loading === 'none';
  app.setAttribute('aria-busy', String(s.loading !== 'none'));
  const stale = isStale(s);
  countLabel.textContent =
    s.loading === 'first' && (stale || !s.events.length) ? 'Loading events…' : loadedLabel(s.events.length, s.hits, !!s.nextCursor) + (s.loading === 'more' ? ' · loading more…' : '');
  loadMore.hidden = !s.nextCursor || stale;
  loadMore.toggleAttribute('disabled', s.loading !== 'none');
  eventsPanel.classList.toggle('stale', stale && s.loading === 'first');

  // Error
  errorBox.hidden = !s.error;
  if (s.error && (!prev || prev.error !== s.error)) renderError(errorBox, s.error, retryEvents);

  // Empty
  const empty = s.loading === 'none' && !s.error && !stale && s.events.length === 0;
  emptyBox.hidden = !empty;
  if (empty) {
    replace(
      emptyBox,
      h('p', { text: 'No events match these filters.' }),
      h('p', { class: 'muted', text: 'Try a longer period, fewer environments or a different query.' }),
    );
  }

  // List
  const reset = !prev || prev.loadedFor !== s.loadedFor || (prev.events !== s.events && !(s.events.length > prev.events.length && s.events[0] === prev.events[0]));
  if (reset || prev.events !== s.events || prev.expanded !== s.expanded || prev.filters.query !== s.filters.query || prev.filters.full !== s.filters.full) {
    list.setData(s.events, s.expanded, s.filters.query, s.filters.full, reset);
  }

  // Environments picker
  if (!prev || prev.environments !== s.environments || prev.filters.environments !== s.filters.environments) syncEnvironments();

  // Tags
  if (s.tab === 'tags' && (!prev || prev.tab !== 'tags' || prev.events !== s.events || prev.tags !== s.tags)) {
    tags.update(tagKeys(s.events), s.tags, now);
  }
}

function renderHeader(now: number): void {
  const i = state.issue;
  const ev = state.events[0];
  const title = i.title ?? ev?.title ?? `Issue ${state.issueId}`;
  const culprit = i.culprit ?? ev?.culprit;
  const facts: (HTMLElement | null)[] = [
    i.level ? h('span', { class: `level level-${i.level}`, text: i.level }) : null,
    i.status ? h('span', { class: 'fact', title: 'Status' }, icon('circle-large-outline'), i.status) : null,
    i.count !== undefined ? h('span', { class: 'fact', title: `${i.count} events` }, icon('pulse'), `${compactCount(i.count)} events`) : null,
    i.userCount !== undefined ? h('span', { class: 'fact', title: `${i.userCount} users` }, icon('person'), `${compactCount(i.userCount)} users`) : null,
    i.firstSeen ? h('span', { class: 'fact', title: `First seen ${absoluteTime(i.firstSeen)}` }, icon('history'), `first seen ${relativeTime(i.firstSeen, now)}`) : null,
    i.lastSeen ? h('span', { class: 'fact', title: `Last seen ${absoluteTime(i.lastSeen)}` }, icon('clock'), `last seen ${relativeTime(i.lastSeen, now)}`) : null,
  ];
  replace(
    header,
    h(
      'div',
      { class: 'title-row' },
      h('span', { class: 'short-id', text: i.shortId ?? `#${state.issueId}` }),
      h('h1', { class: 'issue-title', text: title, title }),
      h('vscode-button', { id: 'open-in-browser', attrs: { secondary: true, icon: 'link-external' }, text: 'Open in Browser', on: { click: () => post({ type: 'action', action: 'openInBrowser' }) } }),
    ),
    culprit ? h('div', { class: 'culprit', text: culprit }) : null,
    h('div', { class: 'facts' }, ...facts),
  );
}

const ACTION_LABELS: Record<ErrorActionName, string> = {
  retry: 'Retry',
  signIn: 'Sign In',
  chooseProject: 'Choose Project',
  showLog: 'Show Log',
  filter: 'Change Filter',
};

function renderError(box: HTMLElement, error: ErrorView, retry: () => void): void {
  replace(
    box,
    icon('error'),
    h('span', { class: 'message', text: error.message }),
    h(
      'span',
      { class: 'actions' },
      ...error.actions.map((a, n) =>
        h('vscode-button', { attrs: { secondary: n > 0 }, dataset: { action: a }, text: ACTION_LABELS[a], on: { click: () => errorAction(a, retry) } }),
      ),
    ),
  );
}

// Handshake: tell the host we are here, with whatever state we had before a hide or reload.
render(undefined);
prevRendered = state;
post({ type: 'ready', version: PROTOCOL_VERSION, state: vscode.getState() });
