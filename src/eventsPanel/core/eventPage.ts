/**
 * One page of events as the message the page receives, bounded whatever the server sent: never more
 * events than a page holds, each event within MAX_EVENT_CHARS, the whole within MAX_PAGE_CHARS.
 * A server once answered 100,000 events to one page (a 70 MB message). Pure; host side.
 */
import type { SentryEvent } from '../../model/event/schema';
import { toEventData } from './eventData';
import { encodeEvents } from './protocol/messages';
import type { EventData, ExceptionData } from './protocol/eventList';

/** The events list's page size: Sentry's `per_page` default and maximum, which is what the panel asks for. */
export const EVENTS_PAGE_SIZE = 100;
/** One event as JSON: real full events with stack traces and context lines stay well below. */
export const MAX_EVENT_CHARS = 256 * 1024;
/** One page as JSON (the `eventsJson` of one answer). */
export const MAX_PAGE_CHARS = 8 * 1024 * 1024;
/** The answer that gives a re-shown page everything loaded so far: the host stops caching past it. */
export const MAX_RESTORE_CHARS = 2 * MAX_PAGE_CHARS;

const STUB_TEXT = 500;

/** The least of an event that is still a row of the list: what it is, when and where. */
function stub(e: EventData): EventData {
  const out: EventData = {
    id: e.id,
    eventID: e.eventID,
    dateCreated: e.dateCreated,
    message: e.message.slice(0, STUB_TEXT),
    title: e.title.slice(0, STUB_TEXT),
    tags: [],
    trimmed: true,
  };
  for (const k of ['groupID', 'projectID', 'platform', 'type'] as const) if (e[k] !== undefined) out[k] = e[k];
  if (e.location !== undefined) out.location = e.location.slice(0, STUB_TEXT);
  if (e.culprit !== undefined) out.culprit = e.culprit.slice(0, STUB_TEXT);
  return out;
}

function fewerFrames(x: ExceptionData): ExceptionData {
  return { ...x, value: x.value?.slice(0, 1000), frames: x.frames.slice(0, 10).map(({ context: _, ...f }) => f) };
}

/**
 * Ever smaller forms of an event, largest first: as is; without context lines; three exceptions of
 * ten frames; without exceptions and free-form objects; the stub (always within MAX_EVENT_CHARS).
 */
function* smaller(e: EventData): Generator<EventData> {
  if (!e.exceptions?.length) {
    if (e.metadata || e.user || e.crashFile !== undefined) yield { ...e, metadata: null, user: null, crashFile: undefined, trimmed: true };
    return yield stub(e);
  }
  yield { ...e, trimmed: true, exceptions: e.exceptions.map((x) => ({ ...x, frames: x.frames.map(({ context: _, ...f }) => f) })) };
  yield { ...e, trimmed: true, exceptions: e.exceptions.slice(0, 3).map(fewerFrames) };
  const { exceptions: _, ...rest } = e;
  yield { ...rest, metadata: null, user: null, crashFile: undefined, trimmed: true };
  yield stub(e);
}

/** An event and its JSON, at most MAX_EVENT_CHARS. */
function bounded(e: EventData): { event: EventData; json: string } {
  let json = JSON.stringify(e);
  if (json.length <= MAX_EVENT_CHARS) return { event: e, json };
  for (const s of smaller(e)) {
    json = JSON.stringify(s);
    if (json.length <= MAX_EVENT_CHARS) return { event: s, json };
  }
  // Unreachable: the stub's fields are cut to a few hundred characters each.
  const s = { ...stub(e), message: '', title: e.title.slice(0, 100), location: undefined, culprit: undefined };
  return { event: s, json: JSON.stringify(s) };
}

export interface EventPage {
  events: EventData[];
  /** `events` as the protocol's eventsJson. */
  json: string;
}

/**
 * The events of one answer as they cross to the page: at most EVENTS_PAGE_SIZE (a server that sends
 * more is cut), each bounded, and once the page's budget is spent the rest as stubs, so every
 * event is still listed (the cursor moves past all of them) and the message stays bounded.
 */
export function eventPage(items: readonly SentryEvent[], full: boolean): EventPage {
  const data = items.slice(0, EVENTS_PAGE_SIZE).map((e) => toEventData(e, full));
  const stubs = data.map((e) => JSON.stringify(stub(e)).length);
  // What the remaining events cost as stubs is kept in reserve, so the stubs always fit.
  let reserve = stubs.reduce((n, s) => n + s + 1, 2);
  let used = 0;
  const events = data.map((e, i) => {
    reserve -= stubs[i] + 1;
    const b = bounded(e);
    if (used + reserve + b.json.length + 1 <= MAX_PAGE_CHARS) {
      used += b.json.length + 1;
      return b.event;
    }
    const s = stub(e);
    used += JSON.stringify(s).length + 1;
    return s;
  });
  return { events, json: encodeEvents(events) };
}
