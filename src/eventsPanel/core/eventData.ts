/** Turns API resources into the protocol's data shapes. Pure; host side (uses the zod-typed API types). */
import type { Issue } from '../../model/issue/schema';
import type { SentryEvent, Frame } from '../../model/event/schema';
import { exceptionsOf, framesNewestFirst } from '../../model/event/schema';
import { boundedStringify, pruneDepth } from '../../util/boundedJson';
import { Cutter as BaseCutter, contextAround } from '../../util/cutter';
import type { EventData, ExceptionData, FrameData } from './protocol/eventList';
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

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The event with its exception entries cut to what toEventData keeps, before they are parsed: the
 * work of parsing then follows the bounds, not the 15,000 frames a server chose to send.
 */
function fewerEntries(e: SentryEvent, c: Cutter): SentryEvent {
  if (!e.entries) return e;
  const entries = e.entries.map((entry) => {
    if (entry.type !== 'exception' || !isRecord(entry.data) || !Array.isArray(entry.data.values)) return entry;
    const values = c.list(entry.data.values as unknown[], MAX_EXCEPTIONS).map((x) => {
      if (!isRecord(x) || !isRecord(x.stacktrace) || !Array.isArray(x.stacktrace.frames)) return x;
      const frames = x.stacktrace.frames as unknown[];
      // Frames come oldest first: the newest (crash) frames are the last ones.
      if (frames.length > MAX_FRAMES) c.cut = true;
      const kept = frames
        .slice(-MAX_FRAMES)
        .map((f) => (isRecord(f) && Array.isArray(f.context) && f.context.length > MAX_CONTEXT_LINES ? { ...f, context: contextAround(f.context, f.lineNo, MAX_CONTEXT_LINES) } : f));
      return { ...x, stacktrace: { ...x.stacktrace, frames: kept } };
    });
    return { ...entry, data: { ...entry.data, values } };
  });
  return { ...e, entries };
}

function toFrame(f: Frame, c: Cutter): FrameData {
  const out: FrameData = {};
  if (f.function) out.function = c.text(f.function, MAX_FRAME_TEXT);
  if (f.module) out.module = c.text(f.module, MAX_FRAME_TEXT);
  if (f.filename) out.filename = c.text(f.filename, MAX_FRAME_TEXT);
  if (f.absPath) out.absPath = c.text(f.absPath, MAX_FRAME_TEXT);
  if (typeof f.package === 'string' && f.package) out.package = c.text(f.package, MAX_FRAME_TEXT);
  if (typeof f.lineNo === 'number') out.lineNo = f.lineNo;
  if (typeof f.colNo === 'number') out.colNo = f.colNo;
  if (typeof f.inApp === 'boolean') out.inApp = f.inApp;
  if (f.context?.length) {
    if (f.context.length > MAX_CONTEXT_LINES) c.cut = true;
    out.context = contextAround(f.context, f.lineNo, MAX_CONTEXT_LINES).map(([n, code]) => [n, c.text(code ?? '', MAX_CONTEXT_TEXT)]);
  }
  return out;
}

export function toFrameData(f: Frame): FrameData {
  return toFrame(f, new Cutter());
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
    out.exceptions = c.list(exceptionsOf(fewerEntries(e, c)), MAX_EXCEPTIONS).map((x): ExceptionData => ({
      type: c.opt(x.type, MAX_FRAME_TEXT),
      value: c.opt(x.value, MAX_TEXT),
      module: c.opt(x.module, MAX_FRAME_TEXT),
      frames: c.list(framesNewestFirst(x.stacktrace?.frames), MAX_FRAMES).map((f) => toFrame(f, c)),
    }));
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
  const life = (issue as { lifetime?: unknown }).lifetime;
  if (!isRecord(life) || typeof life.count !== 'string' || !/^\d{1,20}$/.test(life.count)) return header;
  const userCount = typeof life.userCount === 'number' && Number.isSafeInteger(life.userCount) && life.userCount >= 0 ? life.userCount : undefined;
  const time = (v: unknown) => (typeof v === 'string' && v.length <= 64 && Number.isFinite(Date.parse(v)) ? v : undefined);
  return {
    ...header,
    count: life.count,
    userCount: userCount ?? header.userCount,
    firstSeen: time(life.firstSeen) ?? header.firstSeen,
    lastSeen: time(life.lastSeen) ?? header.lastSeen,
    countScope: 'lifetime',
  };
}
