/**
 * What the page does, apart from drawing it: holds the view state (reduced by ./model), asks the
 * host for events, tag values and whole events (with a small cache of those) through the Rpc,
 * answers the host's notices, and persists the restorable part with setState. The views call it;
 * it tells them to redraw through `ui`.
 */
import * as l10n from '@vscode/l10n';
import { decodeDetail, type EventDetail, type EventRef } from '../../../model/event/types';
import { decodeEvents, parseBinding, parsePanelState, type ErrorActionName, type PanelState } from '../protocol/messages';
import { filtersKey, type EventFilters } from '../protocol/filters';
import type { EventData } from '../protocol/eventList';
import { Lru, PAGE_DETAIL_CACHE } from './eventViewModel';
import { initialState, needsEvent, normalRef, panelState, panelStateKey, reduce, type Action, type ViewState } from './pageState';
import { envKey, showAllState } from './tagsModel';
import type { Notice, Rpc } from './rpc';

/** What the controller needs of the views (bound after they are built). */
export interface ControllerUi {
  /** The state changed: redraw (batched by the caller). */
  changed(): void;
  /** Puts the filter state into the controls (after init or a change made outside the bar). */
  syncControls(): void;
  focusQuery(): void;
  /** Tag keys whose cards are on screen (their values follow the environments). */
  visibleTagKeys(): Iterable<string>;
}

export class PageController {
  private current: ViewState = initialState();
  private lastEventsRequest: { cursor?: string; more: boolean } | undefined;
  /** Decoded details by event id (never a revealed value: those live in the DOM only). */
  private readonly details = new Lru<string, EventDetail>(PAGE_DETAIL_CACHE);

  constructor(
    private readonly rpc: Rpc,
    private readonly ui: ControllerUi,
  ) {}

  get state(): ViewState {
    return this.current;
  }

  dispatch(a: Action): void {
    const prev = this.current;
    this.current = reduce(prev, a);
    const s = this.current;
    if (s === prev) return;
    if (prev.filters !== s.filters || prev.tab !== s.tab || prev.issue !== s.issue || prev.issueId !== s.issueId || prev.event !== s.event || prev.binding !== s.binding) this.persist();
    if (prev.issueId !== s.issueId || prev.org !== s.org) this.details.clear();
    this.ui.changed();
    // The Event tab came into view, or another event was chosen: fetch it (once).
    if (needsEvent(this.current)) this.loadEvent();
  }

  private persist(): void {
    if (!this.current.ready) return;
    const s = panelState(this.current);
    this.rpc.save(s);
    this.rpc.post({ type: 'state', state: s });
  }

  // ------------------------------------------------------------------------------------- host

  /**
   * Draws a state before the host answers the handshake; nothing is asked for until init. At start,
   * what the page saved (getState: it survives a hide and a reload); then the host's `boot`, unless
   * the page drew its own saved state of that issue, which is newer.
   */
  boot(state: PanelState | undefined): void {
    if (!state || this.current.ready) return;
    if (this.current.issueId && this.current.org === state.org && this.current.issueId === state.issueId) return;
    this.dispatch({ type: 'boot', state });
    this.ui.syncControls();
  }

  notice(msg: Notice): void {
    switch (msg.type) {
      case 'boot':
        this.boot(parsePanelState(msg.state));
        return;
      case 'init': {
        const s = parsePanelState(msg.state);
        if (!s) return;
        const was = this.current;
        // The first init, or a preview panel that took over another issue: start over on it.
        const fresh = !was.ready || was.org !== s.org || was.issueId !== s.issueId;
        // Answers to what was asked for the previous issue would land in this one's state.
        if (fresh && was.ready) this.rpc.forgetPending();
        this.dispatch({ type: 'init', state: s, ai: msg.ai === true });
        this.ui.syncControls();
        // What the user chose before the host answered is the page's state now: the host learns it.
        if (fresh && panelStateKey(panelState(this.current)) !== panelStateKey(s)) this.persist();
        if (fresh) {
          this.loadEvents({ restore: true });
          this.loadTag('environment', []); // the environments picker's values
        }
        return;
      }
      case 'issue':
        this.dispatch({ type: 'issue', issue: msg.issue });
        return;
      case 'ai':
        this.dispatch({ type: 'ai', available: msg.available === true });
        return;
      case 'binding':
        this.dispatch({ type: 'binding', binding: parseBinding(msg.binding, this.current.org) });
        return;
      case 'show':
        if (msg.event) this.showEvent(msg.event);
        this.dispatch({ type: 'setTab', tab: msg.tab });
        return;
      case 'signedIn': {
        if (this.current.error) this.retryEvents();
        if (this.current.detail.status === 'error') this.loadEvent();
        const envs = this.current.filters.environments;
        for (const [key, slot] of this.current.tags) if (slot.status === 'error') this.loadTag(key, key === 'environment' && slot.envKey === '' ? [] : envs);
        return;
      }
    }
  }

  // ------------------------------------------------------------------------------------- events

  loadEvents(opts: { more?: boolean; restore?: boolean } = {}): void {
    const s = this.current;
    const cursor = opts.more ? s.nextCursor : undefined;
    if (opts.more && !cursor) return;
    const more = !!opts.more;
    this.lastEventsRequest = { cursor, more };
    this.dispatch({ type: 'eventsRequested', more });
    const forKey = filtersKey(s.filters);
    this.rpc.request('events', { filters: s.filters, cursor, restore: opts.restore }, (reply) => {
      if (reply.ok) {
        performance.mark('sentry-events-received');
        let events: EventData[];
        try {
          events = decodeEvents(reply.result.eventsJson);
        } catch (e) {
          this.dispatch({ type: 'eventsFailed', forKey, error: { message: l10n.t('The events could not be read ({0}).', String((e as Error).message)), actions: ['retry', 'showLog'] } });
          return;
        }
        const r = reply.result;
        this.dispatch({ type: 'eventsLoaded', forKey, events, nextCursor: r.nextCursor, hits: r.hits, append: more });
        afterPaint(() => performance.mark('sentry-events-painted'));
      } else if (reply.error.kind !== 'cancelled') {
        this.dispatch({ type: 'eventsFailed', forKey, error: reply.error });
      }
    });
  }

  retryEvents(): void {
    this.loadEvents({ more: this.lastEventsRequest?.more && !!this.current.nextCursor });
  }

  setFilters(filters: EventFilters): void {
    const prev = this.current.filters;
    if (filtersKey(filters) === filtersKey(prev)) {
      this.dispatch({ type: 'setFilters', filters });
      return;
    }
    const envChanged = envKey(filters.environments) !== envKey(prev.environments);
    this.dispatch({ type: 'setFilters', filters });
    this.loadEvents();
    if (envChanged) for (const key of this.ui.visibleTagKeys()) this.needTag(key);
  }

  /** A change made outside the filters bar (a tag chip, "full events"): the controls follow. */
  changeFilters(change: Partial<EventFilters>): void {
    this.setFilters({ ...this.current.filters, ...change });
    this.ui.syncControls();
  }

  errorAction(action: ErrorActionName, retry: () => void): void {
    switch (action) {
      case 'retry':
        retry();
        return;
      case 'filter':
        this.ui.focusQuery();
        return;
      default:
        this.rpc.post({ type: 'action', action });
    }
  }

  // ------------------------------------------------------------------------------------- one event

  /** Shows an event in the Event tab (`show`: switching to it); choosing the event that failed again retries it. */
  showEvent(ref: EventRef, show = false): void {
    const s = this.current;
    if (normalRef(ref) === s.event && s.detail.ref === s.event && s.detail.status === 'error') this.loadEvent();
    this.dispatch({ type: 'selectEvent', ref, show });
  }

  /** Asks for the chosen event: from the page's cache when it is an id seen lately, else from the host. */
  loadEvent(): void {
    const ref = this.current.event;
    const cached = ref.length === 32 ? this.details.get(ref) : undefined;
    if (cached) {
      this.dispatch({ type: 'eventLoaded', ref, detail: cached });
      return;
    }
    this.dispatch({ type: 'eventRequested', ref });
    this.rpc.request('event', { ref }, (reply) => {
      if (!reply.ok) {
        this.dispatch({
          type: 'eventFailed',
          ref,
          error: reply.error.kind === 'cancelled' ? { message: l10n.t('Loading the event was cancelled.'), actions: ['retry'], kind: 'cancelled' } : reply.error,
        });
        return;
      }
      performance.mark('sentry-event-received');
      let detail: EventDetail;
      try {
        detail = decodeDetail(reply.result.detailJson);
      } catch (e) {
        this.dispatch({ type: 'eventFailed', ref, error: { message: l10n.t('The event could not be read ({0}).', String((e as Error).message)), actions: ['retry', 'showLog'] } });
        return;
      }
      if (typeof detail.eventID === 'string') this.details.set(detail.eventID.toLowerCase(), detail);
      this.dispatch({ type: 'eventLoaded', ref, detail });
      afterPaint(() => performance.mark('sentry-event-painted'));
    });
  }

  /** The text of a masked value of an event the host sent: handed to `done` only, never kept in the state or the cache. */
  reveal(eventId: string, secret: number, done: (result: { value: string } | { error: string }) => void): void {
    this.rpc.request('reveal', { eventId, secret }, (reply) => done(reply.ok ? { value: reply.result.value } : { error: reply.error.message }));
  }

  // ------------------------------------------------------------------------------------- tags

  loadTag(key: string, environments: string[]): void {
    const ek = envKey(environments);
    this.dispatch({ type: 'tagRequested', key, envKey: ek });
    this.rpc.request('tag', { key, environments }, (reply) => {
      if (reply.ok) this.dispatch({ type: 'tagLoaded', key, envKey: ek, data: reply.result });
      else this.dispatch({ type: 'tagFailed', key, envKey: ek, error: reply.error });
    });
  }

  /** A tag card came into view: its values for the current environments, unless it has them or failed for them (those wait for Retry). */
  needTag(key: string): void {
    const ek = envKey(this.current.filters.environments);
    const slot = this.current.tags.get(key);
    if (slot && slot.envKey === ek) return;
    this.loadTag(key, this.current.filters.environments);
  }

  /** "Show all values" clicked: follows the cursor of `key` one page at a time (see continueShowAll). */
  showAllValues(key: string): void {
    const slot = this.current.tags.get(key);
    if (!slot) return;
    this.dispatch({ type: 'tagMoreRequested', key, envKey: slot.envKey });
    this.continueShowAll(key);
  }

  stopShowAll(key: string): void {
    this.dispatch({ type: 'tagMoreStopped', key });
  }

  /** Asks for the next page while the slot still wants one: the reducer ends the walk (done, capped, stopped, filters changed). */
  private continueShowAll(key: string): void {
    const slot = this.current.tags.get(key);
    const cursor = showAllState(slot).next;
    if (!slot || !cursor) return;
    // The environments the first page was fetched for (the picker's own `environment` card: all of them).
    const environments = slot.envKey === '' ? [] : this.current.filters.environments;
    if (envKey(environments) !== slot.envKey) return;
    const ek = slot.envKey;
    this.rpc.request('tag', { key, environments, cursor }, (reply) => {
      if (reply.ok) this.dispatch({ type: 'tagMoreLoaded', key, envKey: ek, cursor, data: reply.result });
      else if (reply.error.kind === 'cancelled') this.dispatch({ type: 'tagMoreStopped', key });
      else this.dispatch({ type: 'tagMoreFailed', key, envKey: ek, error: reply.error });
      this.continueShowAll(key);
    });
  }
}

function afterPaint(fn: () => void): void {
  requestAnimationFrame(() => setTimeout(fn, 0));
}
