/**
 * The whole event as the panel's page receives it: what `GET …/issues/{id}/events/{event_id}/`
 * answered, parsed tolerantly, bounded and MASKED by src/model/event/parse.ts on the host. A contract:
 * no `vscode`, no DOM, no valibot; the host, the page and the AI tools import it.
 *
 * Secrets never reach the page: a value under a secret's name (Authorization, Cookie, `api_key`,
 * `password`…) crosses as a MaskedValue whose text stays in the host's `secrets` table until the
 * user presses Reveal; secrets inside free text (a `Bearer …`, a `token=` in a URL) are replaced for good.
 */

/** What is shown instead of a secret (also in every copy). */
export const MASK = '[masked]';

export interface MaskedValue {
  masked: true;
  /** The value as shown: MASK, or the scheme kept (`Bearer [masked]`). */
  shown: string;
  /** Index into the host's secrets table of this event. */
  secret: number;
}
export type DetailValue = string | MaskedValue;
/** One row of a key/value table; non-string values are JSON text (secrets inside them masked). */
export interface DetailPair {
  key: string;
  value: DetailValue;
}

export const isMasked = (v: DetailValue | undefined): v is MaskedValue => typeof v === 'object' && v !== null && v.masked === true;
/** A value as text for display or copy: a masked one as its `shown` form. */
export const shownText = (v: DetailValue): string => (isMasked(v) ? v.shown : v);

export interface DetailFrame {
  function?: string;
  module?: string;
  filename?: string;
  absPath?: string;
  package?: string;
  lineNo?: number;
  colNo?: number;
  inApp?: boolean;
  /** `[lineNo, code]` pairs around the line. */
  context?: [number, string][];
  /** Local variables, in the server's order. */
  vars?: DetailPair[];
}

export interface DetailException {
  type?: string;
  value?: string;
  module?: string;
  /** handled: undefined when the SDK did not say. */
  mechanism?: { type?: string; handled?: boolean; description?: string; synthetic?: boolean };
  threadId?: string;
  /**
   * Its place in a tree of exception groups (Python's ExceptionGroup, .NET's AggregateException):
   * Sentry's `mechanism.exception_id`, `parent_id` and `is_exception_group`. `depth`: 0 for a root.
   */
  group?: { id: number; parentId?: number; isGroup?: boolean; depth: number };
  /** Newest (crash) frame first. */
  frames: DetailFrame[];
  /** Frames the host left out (the oldest ones) to stay within bounds. */
  framesOmitted?: number;
}

export interface DetailThread {
  id?: string;
  name?: string;
  crashed?: boolean;
  current?: boolean;
  /** Newest frame first. */
  frames: DetailFrame[];
}

export interface Breadcrumb {
  /** ISO time, when the crumb had one. */
  timestamp?: string;
  /** `default` when absent. */
  type: string;
  category?: string;
  /** `info` when absent. */
  level: string;
  message?: string;
  data?: DetailPair[];
}

export interface DetailRequest {
  method?: string;
  /** The URL with secret query values masked in place. */
  url?: string;
  fragment?: string;
  query: DetailPair[];
  headers: DetailPair[];
  /** Every cookie value is masked. */
  cookies: DetailPair[];
  /** A body that is an object (or a form): its fields; otherwise its text. */
  body?: { pairs: DetailPair[] } | { text: DetailValue };
  env: DetailPair[];
}

export interface DetailContext {
  /** The key in `contexts` (browser, os, runtime, device, app, trace, or any other). */
  key: string;
  type?: string;
  pairs: DetailPair[];
}

export interface EventDetail {
  issueId: string;
  id: string;
  eventID: string;
  projectID?: string;
  dateCreated?: string;
  dateReceived?: string;
  title: string;
  message?: string;
  platform?: string;
  /** `event.type` or `type`: error, default, … */
  type?: string;
  location?: string;
  culprit?: string;
  release?: string;
  dist?: string;
  environment?: string;
  previousEventID?: string;
  nextEventID?: string;
  /** The exception chain, the last raised first (each later one is the cause of the one before). */
  exceptions: DetailException[];
  /** Only when the event has no exception entry. */
  threads: DetailThread[];
  /** The message entry. */
  messageEntry?: { formatted: string; params?: string[] };
  /** In the order recorded: the oldest first, the last before the event at the end. */
  breadcrumbs: Breadcrumb[];
  /** Breadcrumbs the server sent beyond the bound (the oldest ones, left out). */
  breadcrumbsOmitted?: number;
  request?: DetailRequest;
  contexts: DetailContext[];
  /** id, email, username, ip_address, name, geo.*, data.* */
  user?: DetailPair[];
  sdk?: { name?: string; version?: string };
  tags: { key: string; value: string }[];
  /** The event's `context` (extra data). */
  extra: DetailPair[];
  /** Entries of a type this view does not know: listed by name with their (masked, bounded) JSON. */
  otherEntries: { type: string; json: string }[];
  /** How many values were masked (table values and in-text replacements). */
  maskedCount: number;
  /** Something was cut to stay within bounds. */
  trimmed?: true;
}

/** An event with nothing in it: parse.ts starts from one, and the AI text renders the issue alone with one. */
export function emptyEventDetail(head: Pick<EventDetail, 'issueId' | 'id' | 'eventID' | 'title'>): EventDetail {
  return { ...head, exceptions: [], threads: [], breadcrumbs: [], contexts: [], tags: [], extra: [], otherEntries: [], maskedCount: 0 };
}

/** The event a panel shows: an alias the server resolves, or an event id (32 hex digits). */
export type EventRef = 'latest' | 'oldest' | 'recommended' | string;
export const EVENT_ALIASES = ['latest', 'recommended', 'oldest'] as const;
const EVENT_ID = /^[0-9a-fA-F]{32}$/;

/** An event id as servers write them (and as nextEventID / previousEventID name events): 32 hex digits. */
export function isEventId(v: unknown): v is string {
  return typeof v === 'string' && EVENT_ID.test(v);
}

export function isEventRef(v: unknown): v is EventRef {
  return typeof v === 'string' && ((EVENT_ALIASES as readonly string[]).includes(v) || isEventId(v));
}

export function encodeDetail(d: EventDetail): string {
  return JSON.stringify(d);
}

export function decodeDetail(json: string): EventDetail {
  const v: unknown = JSON.parse(json);
  if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new TypeError('event detail: not an object');
  return v as EventDetail;
}
