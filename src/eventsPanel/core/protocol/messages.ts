/**
 * The messages between the events panel's host and its page, which import it and never each other;
 * no `vscode`, DOM or valibot, so it bundles into the page too. The page posts `ready`, the host answers
 * `init`; then each `request` gets exactly one `response` with its `id`, and the rest are one-way
 * notices. Server strings travel as data and are shown as text.
 */
import type { ErrorAction } from '../../../contracts/errorPresentation';
import { isEventRef, type EventRef } from '../../../model/event/types';
import { MAX_NAME, type IssueHeader as IssueFields, type TagData } from '../../../contracts/issueView';
import { DEFAULT_FILTERS, isPeriodPreset, type EventFilters, type Period } from './filters';
import type { EventData } from './eventList';
import type { ProvenanceView } from '../../../contracts/provenance';
import type { SeerHostMessage, SeerPageMessage } from './seer';
import type { TraceHostMessage, TracePageMessage } from './trace';
import type { LogsHostMessage, LogsPageMessage } from './logs';
import type { FeedbackPageMessage, ReplaysPageMessage, UsersHostMessage } from './users';

export { MAX_NAME, MAX_TAG_PAGES, MAX_TAG_VALUES, TAG_PAGE_VALUES, type TagData } from '../../../contracts/issueView';

/**
 * The issue the panel's header shows. `countScope` says what its counts (and first and last seen)
 * cover, so the header can say it beside the Events tab's own count: `lifetime`, the issue's whole
 * life in every environment (Sentry's `lifetime`); `list`, what the issue list it came from counted
 * (its period and environments); absent, not known (an issue a command or a saved state handed in).
 */
export interface IssueHeader extends IssueFields {
  countScope?: 'lifetime' | 'list';
}

export const PROTOCOL_VERSION = 1;
export const VIEW_TYPE = 'sentryExplorer.events';

// ---------------------------------------------------------------------------------------------
// Data shapes

/**
 * The triage commands a page may ask the host to run. The host runs them on the panel's
 * own issue, never on an id the page names; each command asks for what it needs (a release, an
 * assignee) and shows its own messages.
 */
export const TRIAGE_COMMANDS = ['resolve', 'resolveIn', 'archive', 'unresolve', 'assign', 'bookmark', 'unbookmark'] as const;
export type TriageCommand = (typeof TRIAGE_COMMANDS)[number];

export function isTriageCommand(v: unknown): v is TriageCommand {
  return (TRIAGE_COMMANDS as readonly unknown[]).includes(v);
}

/**
 * The AI hand-offs a page may ask the host for: like triage, the host runs the command
 * on the panel's own issue, so the page sends only which one.
 */
export const HAND_OFF_KINDS = ['explain', 'fix'] as const;
export type HandOffKind = (typeof HAND_OFF_KINDS)[number];

export function isHandOffKind(v: unknown): v is HandOffKind {
  return (HAND_OFF_KINDS as readonly unknown[]).includes(v);
}

/** The one error-action union (src/contracts/errorPresentation.ts): the page offers the tree's actions. */
export type ErrorActionName = ErrorAction;

export interface ErrorView {
  message: string;
  actions: ErrorActionName[];
  /** ApiError kind when there is one (for tests and logs). */
  kind?: string;
}

/**
 * `event`: the whole of one event; `seer`: Seer's root cause and fix (./seer.ts); `trace` and `logs`:
 * the event's trace and its logs (./trace.ts, ./logs.ts); `replays` and `feedback`: what the issue's
 * users saw and wrote (./users.ts).
 */
export type Tab = 'events' | 'tags' | 'event' | 'trace' | 'logs' | 'replays' | 'feedback' | 'seer';

const TABS: readonly Tab[] = ['events', 'tags', 'event', 'trace', 'logs', 'replays', 'feedback', 'seer'];
const isTab = (v: unknown): v is Tab => typeof v === 'string' && (TABS as readonly string[]).includes(v);

/** What the page keeps with setState, and what the serializer restores. */
export interface PanelState {
  v: typeof PROTOCOL_VERSION;
  org: string;
  issueId: string;
  issue: IssueHeader;
  filters: EventFilters;
  tab: Tab;
  /** The event the Event tab shows; absent: the latest. */
  event?: EventRef;
  /**
   * The server, account and organization the panel belongs to (the host's, never the page's), kept
   * so that a panel restored after a window reload knows whose issue it shows.
   */
  binding?: SavedBinding;
}

/** Who a panel was opened with: the server's base URL, the session's account id, the issue's organization. */
export interface SavedBinding {
  baseUrl: string;
  account: string;
  org: string;
}

export interface FrameRef {
  filename?: string;
  absPath?: string;
  module?: string;
  package?: string;
  platform?: string;
  /** The event's platform and SDK name: Sentry chooses the path a code mapping applies to by them. */
  eventPlatform?: string;
  sdkName?: string;
  function?: string;
  lineNo?: number;
  colNo?: number;
}

// ---------------------------------------------------------------------------------------------
// Requests (page asks, host answers)

export interface Requests {
  /** One page of events. `restore`: answer with everything already loaded for these filters, if any. */
  events: {
    params: { filters: EventFilters; cursor?: string; restore?: boolean };
    /** `eventsJson`: EventData[] as JSON (see encodeEvents). */
    result: { eventsJson: string; count: number; nextCursor?: string; hits?: number; restored?: boolean };
  };
  /** Tag details of one key, filtered by environments; `cursor`: a following page of values. */
  tag: {
    params: { key: string; environments: string[]; cursor?: string };
    result: TagData;
  };
  /** The whole of one event (an alias or an id), masked; cached per event id by the host. */
  event: {
    params: { ref: EventRef };
    /** `detailJson`: an EventDetail (src/model/event/types.ts) as JSON. */
    result: { detailJson: string };
  };
  /** The text of one masked value of an event the host has sent (the user pressed Reveal). */
  reveal: {
    params: { eventId: string; secret: number };
    result: { value: string };
  };
}
export type RequestMethod = keyof Requests;

export type RequestMessage = {
  [M in RequestMethod]: { type: 'request'; id: number; method: M; params: Requests[M]['params'] };
}[RequestMethod];

export type ResponseMessage<M extends RequestMethod = RequestMethod> =
  { type: 'response'; id: number; method: M; ok: true; result: Requests[M]['result'] } | { type: 'response'; id: number; method: M; ok: false; error: ErrorView };

// ---------------------------------------------------------------------------------------------
// Messages

export type PageMessage =
  | { type: 'ready'; version: number; state?: unknown }
  | RequestMessage
  | { type: 'state'; state: PanelState }
  | { type: 'openLocation'; location: string; frame?: FrameRef }
  | { type: 'copy'; text: string; what?: string }
  | { type: 'action'; action: ErrorActionName | 'openInBrowser' }
  /** A triage button of the header: runs that command on the panel's issue. */
  | { type: 'triage'; command: TriageCommand }
  /** An AI button of the header: runs Explain or Fix with AI on the panel's issue. */
  | { type: 'handOff'; kind: HandOffKind }
  /** Debug This Event of the header: the event on screen (its id, when one is shown) in VS Code's debugger. */
  | { type: 'debugEvent'; eventId?: string }
  /** Copy an event the host has sent (by its id) as Markdown or as JSON, masked. */
  | { type: 'copyEvent'; eventId: string; format: 'markdown' | 'json' }
  /** Open an event the host has sent as masked JSON in a read-only editor tab. */
  | { type: 'openRawEvent'; eventId: string }
  /** Open a commit of the provenance the host sent for this event (the host finds it; the page names only the id). */
  | { type: 'openCommit'; eventId: string; commitId: string }

  /** A click in the Seer tab (./seer.ts). */
  | SeerPageMessage
  /** The Trace tab was shown, or a click in it (./trace.ts). */
  | TracePageMessage
  /** The Logs tab was shown, Follow, or a click in it (./logs.ts). */
  | LogsPageMessage
  /** The Replays or Feedback tab was shown, or a replay to open (./users.ts). */
  | ReplaysPageMessage
  | FeedbackPageMessage;

export type HostMessage =
  /**
   * Posted with the page's HTML, before its handshake (VS Code holds it until the page has loaded):
   * the state to draw at once (the header from the store, the tab), asking for nothing yet.
   */
  | { type: 'boot'; state: PanelState }
  /** `ai`: whether a chat can take the issue (the header offers Explain/Fix with AI only then). */
  | { type: 'init'; version: number; state: PanelState; baseUrl?: string; ai?: boolean }
  | ResponseMessage
  | { type: 'issue'; issue: IssueHeader }
  /** Sign-in finished (or the client changed): retry what failed. */
  | { type: 'signedIn' }
  /** Show a tab (a trace link opened on a panel already open: the Trace tab), on an event when one is named. */
  | { type: 'show'; tab: Tab; event?: EventRef }
  /** The panel was bound (opened signed out, then signed in; or opened again after a restore): the page saves it. */
  | { type: 'binding'; binding?: SavedBinding }
  /** Whether a chat can take the issue changed (a chat extension installed, signed in or out). */
  | { type: 'ai'; available: boolean }
  /** The releases, suspect commits and owners of the event on screen (src/contracts/provenance.ts), text only. */
  | { type: 'provenance'; eventId: string; view: ProvenanceView }

  /** The Seer tab's whole view (./seer.ts). */
  | SeerHostMessage
  /** The Trace tab's whole view (./trace.ts). */
  | TraceHostMessage
  /** The Logs tab's whole view (./logs.ts). */
  | LogsHostMessage
  /** The Replays or Feedback tab's whole view (./users.ts). */
  | UsersHostMessage;

// ---------------------------------------------------------------------------------------------
// Validation of what crosses the boundary. The host treats page messages as untrusted input.

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isStr = (v: unknown): v is string => typeof v === 'string';
/** The longest free text (a query, a header field) a message or a saved state may carry. */
const MAX_TEXT = 10_000;

/** A valid ISO-8601 timestamp (what `start` / `end` carry). */
export function isIsoDate(v: unknown): v is string {
  return isStr(v) && v.length <= 40 && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && Number.isFinite(Date.parse(v));
}

export function parsePeriod(v: unknown): Period | undefined {
  if (!isObj(v)) return undefined;
  if (v.kind === 'preset' && isPeriodPreset(v.statsPeriod)) return { kind: 'preset', statsPeriod: v.statsPeriod };
  if (v.kind === 'range' && isIsoDate(v.start) && isIsoDate(v.end) && Date.parse(v.start) < Date.parse(v.end)) {
    return { kind: 'range', start: v.start, end: v.end };
  }
  return undefined;
}

/** Filters from untrusted input; anything invalid falls back to the default of that field. */
export function parseFilters(v: unknown): EventFilters {
  const o = isObj(v) ? v : {};
  const envs = Array.isArray(o.environments) ? o.environments.filter((e): e is string => isStr(e) && e.length > 0 && e.length <= 200) : [];
  return {
    period: parsePeriod(o.period) ?? DEFAULT_FILTERS.period,
    environments: [...new Set(envs)].slice(0, 100),
    query: isStr(o.query) ? o.query.slice(0, MAX_TEXT) : '',
    full: o.full === true,
    sample: o.sample === true,
  };
}

/** An issue header from untrusted input (a saved page state, a legacy command argument): strings bounded, the rest dropped. */
export function parseIssueHeader(v: unknown, issueId: string): IssueHeader {
  const o = isObj(v) ? v : {};
  const s = (k: string) => (isStr(o[k]) ? (o[k] as string).slice(0, MAX_TEXT) : undefined);
  return {
    id: issueId,
    shortId: s('shortId'),
    title: s('title'),
    culprit: s('culprit'),
    level: s('level'),
    status: s('status'),
    count: s('count'),
    userCount: typeof o.userCount === 'number' && Number.isFinite(o.userCount) ? o.userCount : undefined,
    firstSeen: s('firstSeen'),
    lastSeen: s('lastSeen'),
    permalink: s('permalink'),
    project: s('project'),
    assignee: o.assignee === null ? null : isStr(o.assignee) ? o.assignee.slice(0, MAX_NAME) : undefined,
    isBookmarked: typeof o.isBookmarked === 'boolean' ? o.isBookmarked : undefined,
    countScope: o.countScope === 'lifetime' || o.countScope === 'list' ? o.countScope : undefined,
  };
}

/** A panel state from `getState()` or the serializer, or undefined when it is not one. */
export function parsePanelState(v: unknown): PanelState | undefined {
  if (!isObj(v) || v.v !== PROTOCOL_VERSION) return undefined;
  if (!isStr(v.org) || !v.org || v.org.length > 200) return undefined;
  if (!isStr(v.issueId) || !/^\d{1,30}$/.test(v.issueId)) return undefined;
  return {
    v: PROTOCOL_VERSION,
    org: v.org,
    issueId: v.issueId,
    issue: parseIssueHeader(v.issue, v.issueId),
    filters: parseFilters(v.filters),
    tab: isTab(v.tab) ? v.tab : 'events',
    ...(isEventRef(v.event) ? { event: v.event } : {}),
    ...withBinding(parseBinding(v.binding, v.org)),
  };
}

/** `{ binding }` when there is one, else nothing (a state without the key). */
export function withBinding(binding: SavedBinding | undefined): { binding?: SavedBinding } {
  return binding ? { binding } : {};
}

/** A saved binding: an http(s) address, an account id and the state's own organization; anything else is none. */
export function parseBinding(v: unknown, org: string): SavedBinding | undefined {
  if (!isObj(v) || !isStr(v.baseUrl) || !isStr(v.account) || v.org !== org) return undefined;
  if (v.baseUrl.length > 2048 || !v.account || v.account.length > 200) return undefined;
  try {
    const url = new URL(v.baseUrl);
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  } catch {
    return undefined;
  }
  return { baseUrl: v.baseUrl, account: v.account, org };
}

const HOST_TYPES = new Set<HostMessage['type']>(['boot', 'init', 'response', 'issue', 'signedIn', 'binding', 'ai', 'show', 'provenance', 'seer', 'trace', 'logs', 'replays', 'feedback']);

/**
 * A message from the host, as the page reads it: an object of a known type, or undefined (the
 * page's window also receives messages that are not ours). The host is trusted; its server data is
 * still rendered as text only.
 */
export function asHostMessage(v: unknown): HostMessage | undefined {
  return isObj(v) && HOST_TYPES.has(v.type as HostMessage['type']) ? (v as HostMessage) : undefined;
}

/**
 * Events cross the boundary as one JSON string: the webview's postMessage copies an object graph
 * node by node (10,000 events: about half a second), a string in one piece (about 10 ms), and
 * JSON.parse in the page is fast. The host already sends strings through JSON, so nothing is lost.
 */
export function encodeEvents(events: readonly EventData[]): string {
  return JSON.stringify(events);
}

export function decodeEvents(json: string): EventData[] {
  const v: unknown = JSON.parse(json);
  if (!Array.isArray(v)) throw new TypeError('events: not an array');
  return v as EventData[];
}
