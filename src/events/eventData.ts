/** Turns API resources into the protocol's data shapes. Pure; host side (uses the zod-typed API types). */
import type { Issue, SentryEvent, TagDetails, Frame } from '../api/schemas';
import { exceptionsOf, framesNewestFirst } from '../api/schemas';
import type { EventData, ExceptionData, FrameData, IssueHeader, TagData } from './protocol';

const str = (v: string | null | undefined): string | undefined => (typeof v === 'string' ? v : undefined);


export function toFrameData(f: Frame): FrameData {
  const out: FrameData = {};
  if (f.function) out.function = f.function;
  if (f.module) out.module = f.module;
  if (f.filename) out.filename = f.filename;
  if (f.absPath) out.absPath = f.absPath;
  if (typeof f.lineNo === 'number') out.lineNo = f.lineNo;
  if (typeof f.colNo === 'number') out.colNo = f.colNo;
  if (typeof f.inApp === 'boolean') out.inApp = f.inApp;
  if (f.context?.length) out.context = f.context.map(([n, code]) => [n, code ?? '']);
  return out;
}

export function toEventData(e: SentryEvent, full: boolean): EventData {
  const out: EventData = {
    id: e.id,
    eventID: e.eventID,
    groupID: str(e.groupID),
    projectID: str(e.projectID),
    dateCreated: e.dateCreated,
    message: e.message ?? '',
    title: e.title,
    platform: str(e.platform),
    type: e['event.type'],
    location: str(e.location),
    culprit: str(e.culprit),
    user: e.user ?? null,
    tags: e.tags.map((t) => ({ key: t.key, value: t.value })),
    metadata: e.metadata ?? null,
  };
  if (e.crashFile !== undefined && e.crashFile !== null) out.crashFile = e.crashFile;
  if (full || e.entries) {
    out.exceptions = exceptionsOf(e).map(
      (x): ExceptionData => ({
        type: str(x.type),
        value: str(x.value),
        module: str(x.module),
        frames: framesNewestFirst(x.stacktrace?.frames).map(toFrameData),
      }),
    );
  }
  return out;
}

export function toTagData(t: TagDetails): TagData {
  return {
    key: t.key,
    name: str(t.name),
    uniqueValues: t.uniqueValues,
    totalValues: t.totalValues,
    topValues: t.topValues.map((v) => ({ value: v.value, name: str(v.name), count: v.count, firstSeen: str(v.firstSeen), lastSeen: str(v.lastSeen) })),
  };
}

export function issueHeader(issue: Issue): IssueHeader {
  return {
    id: issue.id,
    shortId: issue.shortId,
    title: issue.title,
    culprit: issue.culprit ?? null,
    level: issue.level,
    status: issue.status,
    count: issue.count,
    userCount: issue.userCount,
    firstSeen: issue.firstSeen,
    lastSeen: issue.lastSeen,
    permalink: issue.permalink,
    project: issue.project.slug,
  };
}
