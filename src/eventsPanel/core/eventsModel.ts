/**
 * The events of one issue as the events panel shows them: pages per filter set, a cache so that a
 * hidden-then-shown (or reloaded) page gets back what it had without refetching, aborts so that a
 * superseded request costs nothing and never lands late, and the panel's state. Pure: no `vscode`
 * import; EventsPanel owns one per panel and hands in the client getter and the converters.
 */
import type { EventTextMemory } from '../../store/eventText';
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import type { SentryEvent } from '../../model/event/schema';
import { presentError } from '../../contracts/errorPresentation';
import { SignedOutError, errorKind } from '../../contracts/errors';
import {
  PROTOCOL_VERSION,
  encodeEvents,
  parsePanelState,
  type ErrorView,
  type IssueHeader,
  type PanelState,
  type RequestMessage,
  type Requests,
  type ResponseMessage,
  type SavedBinding,
  type TagData,
  withBinding,
} from './protocol/messages';
import { DEFAULT_FILTERS, eventRequestParams, filtersKey, type EventFilters } from './protocol/filters';
import type { EventData } from './protocol/eventList';
import type { EventRef } from '../../model/event/types';
import { parseEventDetail } from '../../model/event/parse';
import { Disposable, toDisposable } from '../../util/disposable';
import { EventDetailCache, type DetailParser } from './eventCache';
import { abortError, isAbortError, linkSignals } from '../../util/signal';

const CLOSED = 'The events panel was closed.';

export type ClientGetter = () => Promise<SentryClient | undefined>;

export type EventsParams = Requests['events']['params'];
export type EventsAnswer = Requests['events']['result'];
export type TagParams = Requests['tag']['params'];

/** One page of API events as the page shows them, and that list as JSON (what crosses to the page). */
export type PageConverter = (items: readonly SentryEvent[], full: boolean) => { events: EventData[]; json: string };

/** One tag-details answer as the page shows it. */
export type TagConverter = (details: Awaited<ReturnType<SentryClient['getTagDetails']>>) => TagData;

export interface EventsModelOptions {
  getClient: ClientGetter;
  /** The panel passes eventPage (one bounded page); tests may pass a plain one. */
  convert: PageConverter;
  /** The panel passes toTagData. */
  tagData: TagConverter;
  /** Raw event -> the masked detail the Event tab shows (default: parseEventDetail of src/model/event/parse.ts). */
  parseDetail?: DetailParser;
  /** The cache stops growing past this many characters of JSON (default: no bound). */
  maxCacheChars?: number;
  /** The state to start from (a restored panel's); default: this issue with the default filters. */
  state?: PanelState;
  /** Where the full events read are recorded for the editor's marks (the issue store's). */
  eventText?: Pick<EventTextMemory, 'record'>;
}

/** What the cache holds: the events of one filter set. */
export interface EventsCache {
  readonly key: string;
  readonly filters: EventFilters;
  readonly events: readonly EventData[];
  /** Characters of `events` as JSON. */
  readonly chars: number;
  readonly nextCursor?: string;
  readonly hits?: number;
}

const CANCELLED: ErrorView = { message: 'Cancelled.', actions: [], kind: 'cancelled' };

export class EventsModel extends Disposable {
  private cacheValue?: EventsCache;
  /** Events requests on their way (first and next pages); a new first page aborts them all. */
  private readonly eventRequests = new Set<AbortController>();
  private readonly tagRequests = new Set<AbortController>();
  /** Whole events (the Event tab), cached per event id; their requests stop with the panel. */
  readonly eventDetails: EventDetailCache;
  private readonly detailRequests = new AbortController();
  /** Next pages on their way, by filters key and cursor. */
  private readonly nextPages = new Map<string, Promise<EventsAnswer>>();
  /** Bumped by reset(): answers to earlier requests are not cached. */
  private generation = 0;
  private readonly maxCacheChars: number;
  private stateValue: PanelState;

  constructor(
    readonly issue: { readonly org: string; readonly issueId: string },
    private readonly options: EventsModelOptions,
  ) {
    super();
    this.maxCacheChars = options.maxCacheChars ?? Infinity;
    const s = options.state;
    this.stateValue = s && this.isOwn(s) ? s : { v: PROTOCOL_VERSION, org: issue.org, issueId: issue.issueId, issue: { id: issue.issueId }, filters: DEFAULT_FILTERS, tab: 'events' };
    this.eventDetails = new EventDetailCache(
      issue.issueId,
      async (ref, environments, signal) => {
        const client = await this.client();
        const linked = linkSignals(this.detailRequests.signal, signal);
        try {
          linked.signal.throwIfAborted();
          const event = await client.getIssueEvent(issue.org, issue.issueId, ref, { environment: environments }, linked.signal);
          // Its frames' source lines tell the marks where the code went since.
          options.eventText?.record(client.baseUrl, issue.issueId, event);
          return event;
        } finally {
          linked.dispose();
        }
      },
      options.parseDetail ?? parseEventDetail,
    );
    this._register(toDisposable(() => this.abortAll()));
    this._register(toDisposable(() => this.detailRequests.abort()));
  }

  // ------------------------------------------------------------------------------------- state

  /** What the page restores and the serializer saves: filters, tab and the header as last known. */
  get state(): PanelState {
    return this.stateValue;
  }

  /**
   * The page's handshake, with what its getState() returned: its own state is the newest (its
   * filters change without telling anyone but the host), but the header fields the host knows win.
   * Anything that is not a state of this issue is ignored. Returns the state to init the page with.
   */
  pageReady(saved: unknown): PanelState {
    const s = parsePanelState(saved);
    if (s && this.isOwn(s)) this.stateValue = this.keepBinding({ ...s, issue: { ...s.issue, ...definedOnly(this.stateValue.issue) } });
    return this.stateValue;
  }

  /** The page changed its filters or tab; false (and ignored) for a state of another issue. */
  pageState(state: PanelState): boolean {
    if (!this.isOwn(state)) return false;
    this.stateValue = this.keepBinding(state);
    return true;
  }

  /** The server, account and organization the host bound the panel to, saved with its state (undefined: none). */
  setBinding(binding: SavedBinding | undefined): void {
    const { binding: _was, ...rest } = this.stateValue;
    this.stateValue = { ...rest, ...withBinding(binding) };
  }

  /** A state from the page with the host's binding in it: the page never says whose the panel is. */
  private keepBinding(state: PanelState): PanelState {
    if (JSON.stringify(state.binding) === JSON.stringify(this.stateValue.binding)) return state;
    const { binding: _page, ...rest } = state;
    return { ...rest, ...withBinding(this.stateValue.binding) };
  }

  /** Header fields the host learnt (the issue store's issue, a command's seed) over what the state holds. */
  setHeader(header: IssueHeader): IssueHeader {
    // New events: `latest` (and what the server recommends) may name another event now.
    if (header.lastSeen !== undefined && header.lastSeen !== this.stateValue.issue.lastSeen) this.eventDetails.forgetAliases();
    this.stateValue = { ...this.stateValue, issue: { ...this.stateValue.issue, ...header, id: this.issue.issueId } };
    return this.stateValue.issue;
  }

  /** The issue's page on `baseUrl`, for a header whose permalink is missing or refused. */
  fallbackPermalink(baseUrl: string): string {
    return `${baseUrl}/organizations/${encodeURIComponent(this.issue.org)}/issues/${encodeURIComponent(this.issue.issueId)}/`;
  }

  private isOwn(s: PanelState): boolean {
    return s.org === this.issue.org && s.issueId === this.issue.issueId;
  }

  // ------------------------------------------------------------------------------------- requests

  /**
   * The one response to a page request: its result, or its failure as an ErrorView with the tree's
   * actions (a cancellation as kind 'cancelled', which the page ignores).
   */
  async answer(msg: RequestMessage, signal?: AbortSignal): Promise<ResponseMessage> {
    try {
      switch (msg.method) {
        case 'events':
          return { type: 'response', id: msg.id, method: 'events', ok: true, result: await this.events(msg.params, signal) };
        case 'tag':
          return { type: 'response', id: msg.id, method: 'tag', ok: true, result: await this.tag(msg.params, signal) };
        case 'event':
          return { type: 'response', id: msg.id, method: 'event', ok: true, result: await this.event(msg.params.ref, signal) };
        case 'reveal':
          return { type: 'response', id: msg.id, method: 'reveal', ok: true, result: { value: this.reveal(msg.params.eventId, msg.params.secret) } };
      }
    } catch (e) {
      return { type: 'response', id: msg.id, method: msg.method, ok: false, error: toErrorView(e) };
    }
  }

  /** What is cached now (for tests and logs); never a request. */
  get cache(): EventsCache | undefined {
    return this.cacheValue;
  }

  /** The filters of the latest first page, i.e. of what the cache holds. */
  get filters(): EventFilters | undefined {
    return this.cacheValue?.filters;
  }

  /**
   * Answers the page's `events` request; `signal` is the caller's own cancellation. A first page (no
   * cursor) aborts every events request on its way, whatever their filters (an AbortError, a silent
   * cancellation for the page), and its answer becomes the cache. `restore` with no cursor answers
   * from the cache when the filters match, with no request. The same next page asked twice while on
   * its way is one request.
   */
  events(params: EventsParams, signal?: AbortSignal): Promise<EventsAnswer> {
    if (this.isDisposed) return Promise.reject(abortError(CLOSED));
    const key = filtersKey(params.filters);
    const c = this.cacheValue;
    if (params.restore && !params.cursor && c?.key === key) {
      return Promise.resolve({ eventsJson: encodeEvents(c.events), count: c.events.length, nextCursor: c.nextCursor, hits: c.hits, restored: true });
    }
    if (!params.cursor) {
      this.abortEvents();
      return this.fetchEvents(params, key, signal);
    }
    const pageKey = JSON.stringify([key, params.cursor]);
    const running = this.nextPages.get(pageKey);
    if (running) return running;
    const p = this.fetchEvents(params, key, signal).finally(() => {
      if (this.nextPages.get(pageKey) === p) this.nextPages.delete(pageKey);
    });
    this.nextPages.set(pageKey, p);
    return p;
  }

  /** Answers the page's `tag` request: one page of a key's values, aborted by abortTags(). */
  async tag(params: TagParams, signal?: AbortSignal): Promise<TagData> {
    if (this.isDisposed) throw abortError(CLOSED);
    const ac = new AbortController();
    this.tagRequests.add(ac);
    const linked = linkSignals(ac.signal, signal);
    try {
      const client = await this.client();
      linked.signal.throwIfAborted();
      const environment = params.environments.length ? params.environments : undefined;
      const details = await client.getTagDetails(this.issue.org, this.issue.issueId, params.key, { environment, cursor: params.cursor }, linked.signal);
      return this.options.tagData(details);
    } finally {
      linked.dispose();
      this.tagRequests.delete(ac);
    }
  }

  /** Answers the page's `event` request: one whole event, masked, with the panel's environments for an alias. */
  async event(ref: EventRef, signal?: AbortSignal): Promise<{ detailJson: string }> {
    if (this.isDisposed) throw abortError(CLOSED);
    const opened = await this.eventDetails.get(ref, this.stateValue.filters.environments, signal);
    return { detailJson: opened.detailJson };
  }

  /** The text behind one masked value of an event the page was sent (the user pressed Reveal). Never logged. */
  reveal(eventId: string, secret: number): string {
    const value = this.eventDetails.secret(eventId, secret);
    if (value === undefined) throw new RangeError(l10n.t('That event is no longer loaded here: open it again, then reveal the value.'));
    return value;
  }

  /** The page that asked for tags is gone (hidden): their answers would go nowhere. */
  abortTags(): void {
    for (const ac of this.tagRequests) ac.abort();
    this.tagRequests.clear();
  }

  /**
   * Another account, or none: forget what was loaded (none of it may be shown again) and stop what
   * is on its way; an answer that still arrives is handed to its caller but not cached.
   */
  reset(): void {
    this.generation++;
    this.cacheValue = undefined;
    this.eventDetails.clear();
    this.abortAll();
  }

  private abortEvents(): void {
    for (const ac of this.eventRequests) ac.abort();
    this.eventRequests.clear();
    this.nextPages.clear();
  }

  private abortAll(): void {
    this.abortEvents();
    this.abortTags();
  }

  private async fetchEvents(params: EventsParams, key: string, signal: AbortSignal | undefined): Promise<EventsAnswer> {
    const generation = this.generation;
    const ac = new AbortController();
    this.eventRequests.add(ac);
    const linked = linkSignals(ac.signal, signal);
    try {
      const client = await this.client();
      // Superseded while the client was being made: no request at all.
      linked.signal.throwIfAborted();
      const page = await client.listIssueEvents(this.issue.org, this.issue.issueId, eventRequestParams(params.filters, params.cursor), linked.signal);
      const { events, json } = this.options.convert(page.items, params.filters.full);
      if (generation === this.generation && !ac.signal.aborted) this.remember(params, key, events, json, page.nextCursor, page.hits);
      return { eventsJson: json, count: events.length, nextCursor: page.nextCursor, hits: page.hits };
    } finally {
      linked.dispose();
      this.eventRequests.delete(ac);
    }
  }

  private remember(params: EventsParams, key: string, events: EventData[], json: string, nextCursor: string | undefined, hits: number | undefined): void {
    if (!params.cursor) {
      this.cacheValue = { key, filters: params.filters, events, chars: json.length, nextCursor, hits };
      return;
    }
    const c = this.cacheValue;
    // Only the continuation of what is cached (same filters, the cache's own cursor), and only
    // within the bound; past it the cache keeps what it has and its cursor.
    if (!c || c.key !== key || c.nextCursor !== params.cursor || c.chars + json.length > this.maxCacheChars) return;
    this.cacheValue = { key, filters: c.filters, events: c.events.concat(events), chars: c.chars + json.length, nextCursor, hits: hits ?? c.hits };
  }

  private async client(): Promise<SentryClient> {
    const client = await this.options.getClient();
    if (!client) throw new SignedOutError();
    return client;
  }
}

/** A failure as the page shows it: the one presenter's message and actions, and the error's kind. */
export function toErrorView(e: unknown): ErrorView {
  if (isAbortError(e)) return CANCELLED;
  const p = presentError(e);
  return { message: p.message, actions: p.actions, kind: errorKind(e) };
}

function definedOnly<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}
