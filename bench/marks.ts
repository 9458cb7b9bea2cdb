// Marks: one hour of ordinary use against the sandbox on its virtual clock, side by side: the oldest
// method (the latest event of every listed issue, MarkFinder's `listed` method), a search per open
// file with each issue's line from its latest event (`perFile`, lines `latestEvent`), and the same
// searches with the lines from the events table, 100 issues a request (lines `eventsTable`), run by
// the same MarkFinder the editor uses. 300 listed issues (three pages), 5 open files of which 2
// visible, 40 issues receiving new events every 5 minutes, the default refresh interval (300 s).
// Each way gets a fresh sandbox and the same seeded choice of issues. Before the hour, the busiest
// open file is opened alone (a finder, store and cache of its own) for its time to first marks.
import { resolveInIndex } from '../src/editor/core/frameResolver';
import { pathForms, type FrameFields } from '../src/model/event/framePath';
import { performance } from 'node:perf_hooks';
import { startSandbox, workspaceFilePaths, type Sandbox } from '../test/sandbox';
import { SentryClient } from '../src/api/client';
import { IssueStore } from '../src/store/issueStore';
import { LocationCache } from '../src/editor/core/locationCache';
import { DEFAULT_FILTER, toParams } from '../src/issues/core/filter';
import { MarkFinder, type OpenFile } from '../src/editor/core/markFinder';
import type { PlacedMark } from '../src/editor/core/marks';
import { PathIndex } from '../src/editor/core/pathIndex';
import type { ListSpec } from '../src/store/listSpec';
import type { Figure } from './api';
import { benchPlatformMarks } from './platformMarks';

const ORG = 'acme';
const INTERVAL = 300_000;
const HOUR = 3_600_000;
const CHANGED_PER_TICK = 40;
const VISIBLE = 2;

/**
 * Where the hour is spent. `sample`: the sandbox's sample project, whose ~1,000 unresolved issues
 * all crash in 6 files (about 150 per open file: every one needs its own latest event). `spread`:
 * 1,500 issues over 300 files (the sandbox's `sprawl` option), as a codebase spreads them; its open
 * files are five of typical weight.
 */
interface Scenario {
  name: string;
  project: string;
  sprawl?: { issues: number; files: number };
  open: (sb: Sandbox) => string[];
}

const SCENARIOS: Scenario[] = [
  { name: 'sample', project: 'web-frontend', open: () => ['src/app/checkout.ts', 'src/app/router.ts', 'src/utils/format.js', 'src/app/store.ts', 'src/components/Cart.tsx'] },
  {
    name: 'spread',
    project: 'sprawl',
    sprawl: { issues: 1500, files: 300 },
    open: (sb) => {
      // Five files of median weight (how many issues touch them), in a stable order.
      const files = sb.control.seedFiles({ project: 'sprawl' }).sort((a, b) => a.issues.length - b.issues.length || (a.file < b.file ? -1 : 1));
      const mid = Math.floor(files.length / 2);
      return files.slice(mid - 2, mid + 3).map((f) => f.file);
    },
  },
];

/** How a run finds its issues and reads their lines. */
interface Way {
  label: string;
  method: 'listed' | 'perFile';
  lines: 'eventsTable' | 'latestEvent';
  /** One shared events-table search for the open files (src/editor/core/sharedSearch.ts), as the editor does now. */
  share: boolean;
}

const WAYS: Way[] = [
  { label: 'listed issues, latest events', method: 'listed', lines: 'latestEvent', share: false },
  { label: 'per-file searches, latest events', method: 'perFile', lines: 'latestEvent', share: false },
  { label: 'per-file searches, events table', method: 'perFile', lines: 'eventsTable', share: false },
  { label: 'one shared search, events table', method: 'perFile', lines: 'eventsTable', share: true },
];

interface Run {
  /** How long the sandbox took to start (the spread scenario builds 1,500 more issues). */
  startMs: number;
  treeRequests: number;
  /** Of markRequests: the per-file searches (pages). */
  searches: number;
  /** Of markRequests: the events-table requests. */
  tableRequests: number;
  /** Of markRequests: the shared search's reads of issues by id. */
  byIdRequests: number;
  /** The busiest open file opened alone: its issues' count, the requests and the time to its first drawn marks, and to all of them. */
  busiest: { file: string; issues: number; requests: number; firstDrawnMs: number; allMs: number; marked: number };
  markRequests: number;
  /** Of markRequests: the first marks after sign-in (and opening the fifth file). */
  firstRequests: number;
  /** Requests to have the marks back after a window reload (a new locator, the same workspace storage). */
  reloadRequests: number;
  firstMarksMs: number;
  /** Until the first marks are drawn: a partial draw while event requests are still out, else the end. */
  firstDrawnMs: number;
  openOneMoreMs: number;
  openOneMoreRequests: number;
  markedShare: number;
  fileIssues: number;
  /** Unresolved issues (within the period) with an in-app frame in an open file: how many the method found at all. */
  touching: number;
  reached: number;
  marked: number;
}

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

async function run(way: Way, scenario: Scenario): Promise<Run> {
  const { method, lines, share } = way;
  const started = performance.now();
  const sb: Sandbox = await startSandbox({ rateLimit: { limit: 1_000_000, windowSeconds: 1 }, sprawl: scenario.sprawl });
  const startMs = performance.now() - started;
  const project = scenario.project;
  try {
    const openPaths = scenario.open(sb);
    const now = () => sb.control.clock.now();
    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }), now });
    // The `listed` method's tree is the older one: the deprecated project endpoint (the sandbox's organization one answers 404).
    if (method === 'listed') sb.control.endpoints.set({ orgIssues: 404 });
    const store = new IssueStore(async () => client, now);
    const index = new PathIndex();
    // The workspace holds the sample files and, for the spread scenario, the synthetic ones.
    const files = [...workspaceFilePaths(), ...(sb.control.seed.sprawl?.files ?? [])];
    files.forEach((f) => index.add(0, f));
    const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), debug: () => undefined };
    const cache = new LocationCache();
    const resolveIn = async (frame: FrameFields) => {
      const res = resolveInIndex(index, pathForms(frame));
      return res.kind === 'file' ? { files: [`file:///ws/${res.file.path}`] } : res.kind === 'ambiguous' ? { files: res.candidates.map((f) => `file:///ws/${f.path}`) } : undefined;
    };
    const finder = new MarkFinder({
      store,
      cache,
      intervalMs: () => INTERVAL,
      now,
      log: quiet,
      method,
      lines,
      share,
      resolve: resolveIn,
    });
    const spec: ListSpec = { org: ORG, project: project, ...toParams(DEFAULT_FILTER) };
    const listed = () => (store.peek(spec)?.issues ?? []).map((i) => ({ org: ORG, project: project, issueId: i.id }));
    const scope = { org: ORG, projects: [project], ...toParams(DEFAULT_FILTER) };
    const openFiles = (n: number): OpenFile[] => openPaths.slice(0, n).map((f, i) => ({ key: `file:///ws/${f}`, relativePath: f, visible: i < VISIBLE }));
    let marks = new Map<string, PlacedMark[]>();
    const find = async (n = openPaths.length, onProgress?: () => void) => {
      marks = (await finder.find({ client, scope, files: openFiles(n), listed, previous: marks, onProgress })) ?? new Map();
    };
    const searchesFile = (q: [string, string][]) => q.some(([k, v]) => k === 'query' && v.includes('stack.filename'));
    // The shared search's reads of the issues it found by id (`?group=`): a cost of the marks, not of the tree.
    const byId = (q: [string, string][]) => q.some(([k]) => k === 'group');
    const isTable = (path: string) => /^\/api\/0\/organizations\/[^/]+\/events\/$/.test(path);
    const count = () => {
      const log = sb.control.requests.list();
      return {
        // The 404 that sends today's run to the project endpoint is the simulation's, not a cost.
        tree: log.filter((r) => /\/issues\/$/.test(r.path) && !searchesFile(r.query) && !byId(r.query) && r.status !== 404).length,
        marks: log.filter((r) => /\/events\/$/.test(r.path) || ((searchesFile(r.query) || byId(r.query)) && /\/issues\/$/.test(r.path))).length,
        searches: log.filter((r) => searchesFile(r.query) && /\/issues\/$/.test(r.path)).length,
        table: log.filter((r) => isTable(r.path)).length,
        byId: log.filter((r) => byId(r.query)).length,
      };
    };

    // The busiest open file, opened alone and cold (a finder, store and cache of its own; the same server).
    const busiestPath = [...openPaths].sort((a, b) => touchingCount(sb, project, b) - touchingCount(sb, project, a))[0];
    const busiest = await (async () => {
      const alone = new IssueStore(async () => client, now);
      const cold = new MarkFinder({ store: alone, cache: new LocationCache(), intervalMs: () => INTERVAL, now, log: quiet, method, lines, share, resolve: resolveIn });
      if (method === 'listed') {
        await alone.load(spec);
        await alone.loadMore(spec);
        await alone.loadMore(spec);
      }
      const key = `file:///ws/${busiestPath}`;
      const before = count().marks;
      const started = performance.now();
      let drawnAt: number | undefined;
      const got = await cold.find({
        client,
        scope,
        files: [{ key, relativePath: busiestPath, visible: true }],
        listed: () => (alone.peek(spec)?.issues ?? []).map((i) => ({ org: ORG, project, issueId: i.id })),
        previous: new Map(),
        onProgress: (m) => void (m.get(key)?.length && (drawnAt ??= performance.now())),
      });
      const allMs = performance.now() - started;
      const marked = got?.get(key)?.length ?? 0;
      return { file: busiestPath, issues: touchingCount(sb, project, busiestPath), requests: count().marks - before, firstDrawnMs: (drawnAt ?? started + allMs) - started, allMs, marked };
    })();
    sb.control.requests.clear();

    // Sign-in: the tree's first page, Load more twice (300 listed), then the open files' marks.
    await store.load(spec);
    await store.loadMore(spec);
    await store.loadMore(spec);
    let t = performance.now();
    let firstDrawnAt: number | undefined;
    await find(openPaths.length - 1, () => (firstDrawnAt ??= performance.now()));
    const firstMarksMs = performance.now() - t;
    const firstDrawnMs = (firstDrawnAt ?? performance.now()) - t;
    // Opening one more file (warm).
    const before = count().marks;
    t = performance.now();
    await find();
    const openOneMoreMs = performance.now() - t;
    const openOneMoreRequests = count().marks - before;
    const firstRequests = count().marks;

    // An hour: every 5 minutes 40 issues get new events; the tree refreshes its (now stale) list and the marks follow.
    const random = rng(15);
    const unresolved = sb.control.seed.orgs
      .find((o) => o.slug === ORG)!
      .projects.find((p) => p.slug === project)!
      .issues.filter((i) => i.status === 'unresolved')
      .map((i) => i.id);
    for (let elapsed = INTERVAL; elapsed <= HOUR; elapsed += INTERVAL) {
      const chosen = new Set<string>();
      while (chosen.size < CHANGED_PER_TICK) chosen.add(unresolved[Math.floor(random() * unresolved.length)]);
      sb.control.clock.advance(INTERVAL);
      sb.control.triage.injectEvents([...chosen], 1);
      for (const list of store.stale(INTERVAL)) await store.load(list.spec, true);
      await find();
    }
    const { tree, marks: markRequests, searches, table: tableRequests, byId: byIdRequests } = count();

    // A window reload: a new locator; `listed` keeps what was known in memory only, `perFile` reads it back from workspace storage.
    const kept = method === 'perFile' ? LocationCache.fromJSON(JSON.parse(JSON.stringify(cache.takeChanges() ?? {}))) : new LocationCache();
    const reloaded = new MarkFinder({ store, cache: kept, intervalMs: () => INTERVAL, now, log: quiet, method, lines, share, resolve: resolveIn });
    const beforeReload = count().marks;
    await reloaded.find({ client, scope, files: openFiles(openPaths.length), listed, previous: new Map() });
    const reloadRequests = count().marks - beforeReload;

    // The files' issues: unresolved issues seen within the period searched (the organization endpoint's default, 90 days) whose latest event happened in an open file.
    const since = now() - 90 * 86_400_000;
    const fileIssues = new Set(
      sb.control.seed.locations
        .filter((l) => l.project === project && openPaths.includes(l.file) && sb.control.triage.issue(l.issueId).status === 'unresolved' && sb.control.seed.issue(l.issueId)!.lastSeen >= since)
        // Only what has a line to mark: a bare file name whose frames carry no line number neither.
        .filter((l) => l.line !== null || (sb.control.seed.issue(l.issueId)!.frames ?? []).some((f) => f.inApp && f.lineNo !== null))
        .map((l) => l.issueId),
    );
    // The measure that matters to a user: every unresolved issue with an in-app frame in an open file (whatever file it crashed in).
    const touching = new Set(
      sb.control
        .seedFiles({ project })
        .filter((f) => openPaths.includes(f.file))
        .flatMap((f) => f.issues)
        .filter((id) => sb.control.triage.issue(id).status === 'unresolved' && sb.control.seed.issue(id)!.lastSeen >= since),
    );
    const markedIds = new Set([...marks.entries()].filter(([k]) => openPaths.some((f) => k.endsWith(f))).flatMap(([, ms]) => ms.map((m) => m.issueId)));
    const marked = [...fileIssues].filter((id) => markedIds.has(id)).length;
    return {
      startMs,
      treeRequests: tree,
      searches,
      tableRequests,
      byIdRequests,
      busiest,
      markRequests,
      firstRequests,
      reloadRequests,
      firstMarksMs,
      firstDrawnMs,
      openOneMoreMs,
      openOneMoreRequests,
      markedShare: fileIssues.size ? marked / fileIssues.size : 1,
      fileIssues: fileIssues.size,
      touching: touching.size,
      reached: [...touching].filter((id) => store.issue(id)).length,
      marked,
    };
  } finally {
    await sb.close();
  }
}

/** Unresolved issues of the project with a frame in the file. */
function touchingCount(sb: Sandbox, project: string, path: string): number {
  const f = sb.control.seedFiles({ project }).find((x) => x.file === path);
  return f ? f.issues.filter((id) => sb.control.triage.issue(id).status === 'unresolved').length : 0;
}

export async function benchMarks(): Promise<Figure[]> {
  const out: Figure[] = [...(await benchPlatformMarks())];
  for (const scenario of SCENARIOS) {
    const runs: [Way, Run][] = [];
    for (const way of WAYS) runs.push([way, await run(way, scenario)]);
    for (const [way, r] of runs) {
      const name = `${scenario.name}, ${way.label}`;
      out.push(
        { name: `${name}: tree requests in 1 h`, value: r.treeRequests, unit: 'req' },
        { name: `${name}: mark requests in 1 h`, value: r.markRequests, unit: 'req' },
        { name: `${name}:   of which file searches (pages)`, value: r.searches, unit: 'req' },
        { name: `${name}:   of which issues read by id`, value: r.byIdRequests, unit: 'req' },
        { name: `${name}:   of which events-table requests`, value: r.tableRequests, unit: 'req' },
        { name: `${name}:   of which the first marks (5 files)`, value: r.firstRequests, unit: 'req' },
        { name: `${name}:   of which the hour after them`, value: r.markRequests - r.firstRequests, unit: 'req' },
        { name: `${name}: requests per marked issue`, value: r.markRequests / Math.max(1, r.marked), unit: 'req' },
        { name: `${name}: marks back after a window reload`, value: r.reloadRequests, unit: 'req' },
        { name: `${name}: busiest file alone (${r.busiest.file}, ${r.busiest.issues} issues): requests`, value: r.busiest.requests, unit: 'req' },
        { name: `${name}: busiest file alone: time to its first drawn marks`, value: r.busiest.firstDrawnMs, unit: 'ms' },
        { name: `${name}: busiest file alone: time to all its marks`, value: r.busiest.allMs, unit: 'ms' },
        { name: `${name}: busiest file alone: marks`, value: r.busiest.marked, unit: 'marks' },
        { name: `${name}: time to first marks (4 files)`, value: r.firstMarksMs, unit: 'ms' },
        { name: `${name}:   of which until the first are drawn`, value: r.firstDrawnMs, unit: 'ms' },
        { name: `${name}: time to marks, 1 more file`, value: r.openOneMoreMs, unit: 'ms' },
        { name: `${name}: requests to open 1 more file`, value: r.openOneMoreRequests, unit: 'req' },
        { name: `${name}: files' issues marked (of ${r.fileIssues})`, value: r.marked, unit: 'issues' },
        { name: `${name}: share of files' issues marked`, value: r.markedShare * 100, unit: '%' },
        { name: `${name}: issues whose stack touches the files, found (of ${r.touching})`, value: r.reached, unit: 'issues' },
      );
    }
    const [, today] = runs[1];
    const [, table] = runs[2];
    const [, shared] = runs[3];
    out.push(
      { name: `${scenario.name}: sandbox start`, value: table.startMs, unit: 'ms' },
      { name: `${scenario.name}: mark requests in 1 h, latest events / events table`, value: today.markRequests / Math.max(1, table.markRequests), unit: '×' },
      { name: `${scenario.name}: first marks, latest events / events table`, value: today.firstRequests / Math.max(1, table.firstRequests), unit: '×' },
      {
        name: `${scenario.name}: the hour after the first marks, latest events / events table`,
        value: (today.markRequests - today.firstRequests) / Math.max(1, table.markRequests - table.firstRequests),
        unit: '×',
      },
      { name: `${scenario.name}: first marks, per-file searches / one shared search`, value: table.firstRequests / Math.max(1, shared.firstRequests), unit: '×' },
      { name: `${scenario.name}: mark requests in 1 h, per-file searches / one shared search`, value: table.markRequests / Math.max(1, shared.markRequests), unit: '×' },
    );
  }
  return out;
}
