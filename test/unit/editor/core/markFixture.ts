// What the suites of the marks share: a MarkFinder over a reset sandbox (its workspace, the client and
// store it uses, its warnings), open files, and which requests of a run were which.
import { resolveInIndex } from '../../../../src/editor/core/frameResolver';
import { pathForms } from '../../../../src/model/event/framePath';
import { MarkFinder, type MarkScope, type OpenFile } from '../../../../src/editor/core/markFinder';
import { PathIndex } from '../../../../src/editor/core/pathIndex';
import type { PlacedMark } from '../../../../src/editor/core/marks';
import { IssueStore } from '../../../../src/store/issueStore';
import { LocationCache } from '../../../../src/editor/core/locationCache';
import type { ExpectedText } from '../../../../src/editor/core/movedLines';
import type { RequestLogEntry, Sandbox } from '../../../sandbox/index';
import { clientFor } from '../../api/sandbox';

export const INTERVAL = 300_000;

export const file = (path: string, visible = true): OpenFile => ({ key: `file:///ws/${path}`, relativePath: path, visible });
export const queryOf = (r: RequestLogEntry) => new URLSearchParams(r.query).get('query') ?? '';
/** The per-file issue searches of a run. */
export const searches = (log: RequestLogEntry[]) => log.filter((r) => queryOf(r).includes('stack.filename') && /\/issues\/$/.test(r.path));
/** Requests for one issue's events (the latest event of each issue, the older way). */
export const issueEvents = (log: RequestLogEntry[]) => log.filter((r) => /\/issues\/\d+\/events\/$/.test(r.path));
/** Requests to the events table. */
export const table = (log: RequestLogEntry[]) => log.filter((r) => /^\/api\/0\/organizations\/[^/]+\/events\/$/.test(r.path));
/** The issue ids an events-table request named (`issue.id:[…]`). */
export const tableIds = (r: RequestLogEntry) => /issue\.id:\[([\d,]*)\]/.exec(queryOf(r))?.[1].split(',').filter(Boolean) ?? [];
/** The issue id of a request for one issue's events. */
export const eventIssue = (r: RequestLogEntry) => /issues\/(\d+)\/events/.exec(r.path)![1];

export interface FinderOptions {
  cache?: LocationCache;
  mapped?: (path: string) => boolean;
  lines?: 'eventsTable' | 'latestEvent';
  /** An open document's line now (the editor's baseline of a mark's text). */
  lineText?: (file: string, line: number) => ExpectedText | undefined;
  /** One shared search for the open files (default false here: these suites test each file's own search). */
  share?: boolean;
}

/** A MarkFinder on a reset sandbox, its workspace being `workspace`, and `find` over open files (the request log of that run). */
export function finderOn(sb: Sandbox, workspace: readonly string[], scope: MarkScope, options: FinderOptions = {}) {
  const { cache = new LocationCache(), mapped = () => true, lines, lineText, share = false } = options;
  const index = new PathIndex();
  workspace.forEach((f) => index.add(0, f));
  sb.control.reset();
  const now = () => sb.control.clock.now();
  const client = clientFor(sb, undefined, { now });
  const store = new IssueStore(async () => client, now);
  const warnings: string[] = [];
  const finder = new MarkFinder({
    store,
    cache,
    intervalMs: () => INTERVAL,
    now,
    log: { info: () => undefined, debug: () => undefined, warn: (m) => warnings.push(m) },
    lines,
    lineText,
    share,
    resolve: async (frame) => {
      const raw = frame.filename ?? frame.absPath;
      if (!raw || !mapped(raw)) return undefined;
      const res = resolveInIndex(index, pathForms(frame));
      return res.kind === 'file' ? { files: [`file:///ws/${res.file.path}`] } : res.kind === 'ambiguous' ? { files: res.candidates.map((f) => `file:///ws/${f.path}`) } : undefined;
    },
  });
  let marks = new Map<string, PlacedMark[]>();
  const find = async (files: OpenFile[]) => {
    sb.control.requests.clear();
    marks = (await finder.find({ client, scope, files, listed: () => [], previous: marks })) ?? new Map();
    return { marks, log: sb.control.requests.list({ path: /^\/api\/0\// }) };
  };
  return { sb, store, finder, find, warnings, cache, client };
}
