/** Turns API resources into the protocol's data shapes. Pure; host side (uses the schema-typed API types). */
import type { Issue } from '../../model/issue/schema';
import type { SentryEvent } from '../../model/event/schema';
import { exceptionValues, readExceptionHead, type FrameReading } from '../../model/event/frame';
import { lifetimeOf } from '../../model/issue/lifetime';
import { boundedStringify, pruneDepth } from '../../util/boundedJson';
import { Cutter as BaseCutter } from '../../util/cutter';
import type { EventData } from './protocol/eventList';
import { issueHeader } from '../../contracts/fromApi';
import type { IssueHeader } from './protocol/messages';
import { sdkNameOf } from '../../model/event/mungedPath';

/**
 * Bounds of what one event carries to the page. Real events stay below them (Sentry itself keeps a
 * message to 8,192 characters and a tag value to 200); what a hostile server sends beyond is cut and
 * the event marked `trimmed`.
 */
const MAX_ID = 200;
const MAX_TEXT = 8192;
const MAX_PLACE = 2048;
const MAX_TAGS = 100;
/** Sentry keeps tag values to 200 characters; longer ones are cut well above that. */
const MAX_TAG_TEXT = 1000;
const MAX_EXCEPTIONS = 10;
const MAX_FRAMES = 100;
const MAX_FRAME_TEXT = 1000;
const MAX_CONTEXT_LINES = 15;
const MAX_CONTEXT_TEXT = 500;
/** Free-form objects (user, metadata, crash file): nesting and JSON length. */
const MAX_FREE_DEPTH = 16;
const MAX_FREE_CHARS = 16 * 1024;
/** The key a free-form object too large to send is shown under, with its cut JSON text. */
export const CUT_KEY = '(too large, cut)';

/** Records whether anything of the event was cut; free-form values are cut by their own bounds. */
class Cutter extends BaseCutter {
  /** A free-form value, nested at most MAX_FREE_DEPTH deep and at most MAX_FREE_CHARS as JSON. */
  free<T>(v: T): T | Record<string, string> {
    const pruned = pruneDepth(v, MAX_FREE_DEPTH);
    const json = boundedStringify(pruned, MAX_FREE_CHARS);
    if (pruned !== v) this.cut = true;
    // Only a cut leaves JSON text of an object or array ending in the ellipsis.
    if (pruned !== null && typeof pruned === 'object' && json.endsWith('…')) {
      this.cut = true;
      return { [CUT_KEY]: json };
    }
    if (typeof pruned === 'string' && pruned.length > MAX_FREE_CHARS) return this.text(pruned, MAX_FREE_CHARS) as T;
    return pruned;
  }
}

/** The events list's reading of a frame: cut to its bounds (no variables: the list does not show them). */
function reading(c: Cutter): FrameReading {
  const text = (v: unknown, max: number) => (typeof v === 'string' && v ? c.text(v, max) : undefined);
  return {
    text,
    url: text,
    cut: () => {
      c.cut = true;
    },
    maxName: MAX_FRAME_TEXT,
    maxContextLines: MAX_CONTEXT_LINES,
    maxCode: MAX_CONTEXT_TEXT,
  };
}

export function toEventData(e: SentryEvent, full: boolean): EventData {
  const c = new Cutter();
  const out: EventData = {
    id: c.text(e.id, MAX_ID),
    eventID: c.text(e.eventID, MAX_ID),
    groupID: c.opt(e.groupID, MAX_ID),
    projectID: c.opt(e.projectID, MAX_ID),
    dateCreated: c.text(e.dateCreated, MAX_ID),
    message: c.text(e.message ?? '', MAX_TEXT),
    title: c.text(e.title, MAX_TEXT),
    platform: c.opt(e.platform, MAX_ID),
    type: c.opt(e['event.type'], MAX_ID),
    location: c.opt(e.location, MAX_PLACE),
    culprit: c.opt(e.culprit, MAX_PLACE),
    user: e.user ? c.free(e.user) : null,
    tags: c.list(e.tags, MAX_TAGS).map((t) => ({ key: c.text(t.key, MAX_TAG_TEXT), value: c.text(t.value, MAX_TAG_TEXT) })),
    metadata: e.metadata ? c.free(e.metadata) : null,
  };
  const sdkName = sdkNameOf(e);
  if (sdkName) out.sdkName = sdkName;
  if (e.crashFile !== undefined && e.crashFile !== null) out.crashFile = c.free(e.crashFile);
  if (full || e.entries) {
    out.exceptions = c.list(exceptionValues(e), MAX_EXCEPTIONS).flatMap((x) => readExceptionHead(x, reading(c), MAX_TEXT, MAX_FRAMES) ?? []);
  }
  if (c.cut) out.trimmed = true;
  return out;
}

// Shared with the AI tools, so they live in contracts.
export { assigneeName, issueHeader, toTagData } from '../../contracts/fromApi';

/**
 * The header of an issue of the store: its counts, first and last seen over its whole life when the
 * server sent them (`lifetime`, which the issue lists send beside the counts of their own period and
 * environments), else the list's, each said in `countScope`.
 */
export function panelHeader(issue: Issue): IssueHeader {
  const header: IssueHeader = { ...issueHeader(issue), countScope: 'list' };
  const life = lifetimeOf(issue);
  if (!life) return header;
  return {
    ...header,
    count: life.count,
    userCount: life.userCount ?? header.userCount,
    firstSeen: life.firstSeen ?? header.firstSeen,
    lastSeen: life.lastSeen ?? header.lastSeen,
    countScope: 'lifetime',
  };
}
