/**
 * The events page (bundled by esbuild into dist/webview.js, an iife): boots its parts and draws
 * them from the view state. ./l10nBoot is imported first so every string is translated; ./rpc talks
 * to the host (src/eventsPanel/core/protocol/messages.ts) and ./controller holds the state. Server strings
 * are rendered with textContent only; our own strings go through l10n.t().
 *
 * Landmarks: the issue header (banner), the tab list, the filters (search) of the Events and Tags
 * tabs (folded away on the Event tab, whose stack trace they would push down), and the tab panels
 * in <main>; the page's one polite live region says what is loading and what failed. The header and
 * tab are drawn at once, before the host's init: from the page's saved state, or the host's boot.
 */
import './l10nBoot';
import * as l10n from '@vscode/l10n';
import { PROTOCOL_VERSION, parsePanelState } from '../protocol/messages';
import { PageController } from './controller';
import { announce, h, liveRegion, replace } from './dom';
import { EventView } from './eventView';
import { EventsTab, eventsStatus } from './eventsTab';
import { FiltersBar } from './filtersBar';
import { HeaderView } from './header';
import type { ViewState } from './pageState';
import { tagKeys } from './tagsModel';
import { applyTagFilter } from './searchQuery';
import { Rpc, type VsCodeApi } from './rpc';
import { Tabs } from './tabs';
import { TagsView } from './tagsView';
import { handOffMessage } from './triageActions';
import { ProvenanceViewPart } from './provenanceView';
import { SeerTab } from './seerTab';
import { TraceTab } from './traceTab';
import { LogsTab } from './logsTab';
import { FeedbackTab, ReplaysTab } from './usersTabs';

declare function acquireVsCodeApi(): VsCodeApi;

// The views are built after the controller they call; it reaches them only once the host answers.
const rpc = new Rpc(acquireVsCodeApi(), (notice) => {
  if (notice.type === 'provenance') return provenance.show(notice.eventId, notice.view);
  if (notice.type === 'seer') return seer.receive(notice.view);
  if (notice.type === 'trace') return trace.receive(notice.view);
  if (notice.type === 'logs') return logs.receive(notice.view);
  if (notice.type === 'replays') return replays.receive(notice.view);
  if (notice.type === 'feedback') return feedback.receive(notice.view);
  // Another issue (a preview panel taking over): its Seer state is read anew, and the last one's releases are not its.
  if (notice.type === 'init' && parsePanelState(notice.state)?.issueId !== page.state.issueId) {
    seer?.reset();
    trace?.reset();
    logs?.reset();
    replays?.reset();
    feedback?.reset();
    provenance?.clear();
  }
  page.notice(notice);
});
const page = new PageController(rpc, {
  changed: () => scheduleRender(),
  syncControls: () => filters.sync(),
  focusQuery: () => filters.focusQuery(),
  visibleTagKeys: () => tags.visibleKeys(),
});

const header = new HeaderView(
  () => rpc.post({ type: 'action', action: 'openInBrowser' }),
  (command) => rpc.post({ type: 'triage', command }),
  (kind) => rpc.post(handOffMessage(kind)),
  // The event the Event tab shows (or last showed); none yet: the host takes the latest.
  () => rpc.post(page.state.detail.data ? { type: 'debugEvent', eventId: page.state.detail.data.eventID } : { type: 'debugEvent' }),
);
const provenance = new ProvenanceViewPart((eventId, commitId) => rpc.post({ type: 'openCommit', eventId, commitId }));
const filters = new FiltersBar({ state: () => page.state, setFilters: (f) => page.setFilters(f) });
const tabs = new Tabs((tab) => page.dispatch({ type: 'setTab', tab }));
const events = new EventsTab({
  toggle: (id) => page.dispatch({ type: 'toggle', id }),
  openLocation: (location, frame) => rpc.post({ type: 'openLocation', location, frame }),
  tagFilter: (key, value) => page.changeFilters({ query: applyTagFilter(page.state.filters.query, key, value) }),
  copy: (text, what) => rpc.post({ type: 'copy', text, what }),
  enableFull: () => page.changeFilters({ full: true }),
  loadMore: () => page.loadEvents({ more: true }),
  refresh: () => page.loadEvents(),
  retry: () => page.retryEvents(),
  errorAction: (action, retry) => page.errorAction(action, retry),
  openEvent: (eventId) => page.showEvent(eventId, true),
});
const tags = new TagsView({
  need: (key) => page.needTag(key),
  tagFilter: (key, value) => {
    page.changeFilters({ query: applyTagFilter(page.state.filters.query, key, value) });
    page.dispatch({ type: 'setTab', tab: 'events' });
  },
  action: (name, key) => page.errorAction(name, () => page.loadTag(key, page.state.filters.environments)),
  showAll: (key) => page.showAllValues(key),
  stopAll: (key) => page.stopShowAll(key),
});
const eventView = new EventView({
  select: (ref) => page.showEvent(ref),
  retry: () => page.loadEvent(),
  errorAction: (action, retry) => page.errorAction(action, retry),
  openLocation: (location, frame) => rpc.post({ type: 'openLocation', location, frame }),
  copy: (text, what) => rpc.post({ type: 'copy', text, what }),
  copyEvent: (eventId, format) => rpc.post({ type: 'copyEvent', eventId, format }),
  openRaw: (eventId) => rpc.post({ type: 'openRawEvent', eventId }),
  tagFilter: (key, value) => {
    page.changeFilters({ query: applyTagFilter(page.state.filters.query, key, value) });
    page.dispatch({ type: 'setTab', tab: 'events' });
  },
  reveal: (eventId, secret, done) => page.reveal(eventId, secret, done),
});
const seer = new SeerTab((action, index) => rpc.post({ type: 'seer', action, index }));
const trace = new TraceTab((action, index) => rpc.post({ type: 'trace', action, index }));
const logs = new LogsTab((action, index) => rpc.post({ type: 'logs', action, index }));
const replays = new ReplaysTab((action, index) => rpc.post({ type: 'replays', action, index }));
const feedback = new FeedbackTab((action) => rpc.post({ type: 'feedback', action }));
const tagsPanel = h('section', { class: 'panel tags-panel', id: 'tags-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-tags' }, hidden: true }, tags.el);

const app = document.getElementById('app')!;
// The filters under the tabs: folded away on the Event tab, they move nothing the user clicked.
replace(app, header.el, provenance.el, tabs.el, filters.el, h('main', { class: 'panels' }, events.el, tagsPanel, eventView.el, trace.el, logs.el, replays.el, feedback.el, seer.el));
app.removeAttribute('aria-busy');
// Outside #app: its aria-busy would hold the announcements back while something loads.
document.body.appendChild(liveRegion());

// Rendering: at most once per task, from what was drawn last to the state now.
let renderQueued = false;
let prevRendered: ViewState | undefined;
function scheduleRender(): void {
  if (renderQueued) return;
  renderQueued = true;
  queueMicrotask(() => {
    renderQueued = false;
    render(prevRendered, page.state);
    prevRendered = page.state;
  });
}

/** What the live region says for a state: the shown tab's loading or error (or what is loaded). */
function liveStatus(s: ViewState): string {
  if (!s.ready) return '';
  if (s.tab === 'event') {
    if (s.detail.status === 'loading') return l10n.t('Loading the event…');
    return s.detail.status === 'error' ? (s.detail.error?.message ?? '') : '';
  }
  return s.error ? s.error.message : eventsStatus(s);
}

let lastStatus = '';
function render(prev: ViewState | undefined, s: ViewState): void {
  const now = Date.now();
  const status = liveStatus(s);
  // Said when it changes (a view may have said something else since: a tag card's error).
  if (status !== lastStatus) announce((lastStatus = status));
  if (HeaderView.changed(prev, s)) header.render(s, now);
  tabs.render(prev, s);
  app.setAttribute('aria-busy', String(!s.ready || s.loading !== 'none' || s.detail.status === 'loading'));
  filters.el.hidden = s.tab !== 'events' && s.tab !== 'tags';
  seer.shown(s.ready && s.tab === 'seer');
  trace.shown(s.ready && s.tab === 'trace');
  logs.shown(s.ready && s.tab === 'logs');
  replays.shown(s.ready && s.tab === 'replays');
  feedback.shown(s.ready && s.tab === 'feedback');
  events.render(prev, s);
  tagsPanel.hidden = s.tab !== 'tags';
  eventView.render(s, now);
  if (!prev || prev.environments !== s.environments || prev.filters.environments !== s.filters.environments) filters.syncEnvironments();
  if (s.tab === 'tags' && (!prev || prev.tab !== 'tags' || prev.events !== s.events || prev.tags !== s.tags)) tags.update(tagKeys(s.events), s.tags, now);
}

// Handshake: tell the host we are here, with whatever state we had before a hide or reload; the
// header and tab of that state (or of the HTML's) are drawn meanwhile.
page.boot(parsePanelState(rpc.savedState));
render(undefined, page.state);
prevRendered = page.state;
rpc.post({ type: 'ready', version: PROTOCOL_VERSION, state: rpc.savedState });
