// Marks on five open files of five platforms (Kotlin, Swift, C#, Dart, Python), from the sandbox's
// platform corpus (test/sandbox/platforms.ts: frames copied from Sentry's samples and tests), with the
// projects' code mappings: the requests until the first marks and over one hour (an event on each file's
// issue every 5 minutes), one shared search against a search per file, both with the editor's resolver.
import { performance } from 'node:perf_hooks';
import { SentryClient } from '../src/api/client';
import { CodeMappingSource } from '../src/editor/core/codeMappingSource';
import { resolveInIndex } from '../src/editor/core/frameResolver';
import { LocationCache } from '../src/editor/core/locationCache';
import { MarkFinder, type OpenFile } from '../src/editor/core/markFinder';
import type { PlacedMark } from '../src/editor/core/marks';
import { PathIndex } from '../src/editor/core/pathIndex';
import { pathForms, type FrameFields } from '../src/model/event/framePath';
import { codeMappingSources } from '../src/model/event/mungedPath';
import { IssueStore } from '../src/store/issueStore';
import { startSandbox, type Sandbox } from '../test/sandbox';
import { PLATFORM_SPECS, platformFiles } from '../test/sandbox/platforms';
import type { Figure } from './api';

const INTERVAL = 300_000;
const HOUR = 3_600_000;
const KEYS = ['android', 'cocoa', 'dotnet', 'flutter', 'python'];

interface PlatformRun {
  first: number;
  firstMs: number;
  hour: number;
  marked: number;
  expected: number;
  kinds: Record<string, number>;
}

async function run(share: boolean): Promise<PlatformRun> {
  const sb: Sandbox = await startSandbox({ platforms: true, rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  try {
    const specs = KEYS.map((k) => PLATFORM_SPECS.find((s) => s.key === k)!);
    const now = () => sb.control.clock.now();
    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }), now });
    const index = new PathIndex();
    platformFiles().forEach((f) => index.add(0, f));
    const quiet = { info: () => undefined, warn: (m: string) => console.warn(m), debug: () => undefined };
    const mappings = new CodeMappingSource(quiet, now);
    const finder = new MarkFinder({
      store: new IssueStore(async () => client, now),
      cache: new LocationCache(),
      intervalMs: () => INTERVAL,
      now,
      log: quiet,
      share,
      resolve: async (frame: FrameFields, projectId) => {
        const res = resolveInIndex(index, pathForms(frame), await mappings.forProject(client, 'acme', projectId), codeMappingSources(frame));
        return res.kind === 'file' ? { files: [`file:///ws/${res.file.path}`] } : res.kind === 'ambiguous' ? { files: res.candidates.map((f) => `file:///ws/${f.path}`) } : undefined;
      },
    });
    const scope = { org: 'acme', projects: specs.map((s) => `${s.key}-app`) };
    const files: OpenFile[] = specs.map((s, i) => ({ key: `file:///ws/${s.file}`, relativePath: s.file, visible: i < 2 }));
    let marks = new Map<string, PlacedMark[]>();
    const find = async () => {
      marks = (await finder.find({ client, scope, files, listed: () => [], previous: marks })) ?? new Map();
    };
    const api = () => sb.control.requests.list({ path: /^\/api\/0\// });
    sb.control.requests.clear();
    const t = performance.now();
    await find();
    const firstMs = performance.now() - t;
    const firstLog = api();
    const kinds: Record<string, number> = {};
    for (const r of firstLog) {
      const kind = /code-mappings/.test(r.path)
        ? 'code mappings'
        : /\/events\/$/.test(r.path)
          ? 'events table'
          : /\/projects\/$/.test(r.path)
            ? 'project list'
            : new URLSearchParams(r.query).has('group')
              ? 'issues by id'
              : /\/issues\/$/.test(r.path)
                ? 'issue searches'
                : 'other';
      kinds[kind] = (kinds[kind] ?? 0) + 1;
    }
    // Each open file's issues: the corpus cases whose frame resolves to it.
    const expected = specs.flatMap((s) => s.cases.filter((c) => c.expect === s.file)).length;
    const marked = files.reduce((n, f) => n + (marks.get(f.key)?.length ?? 0), 0);
    const issues = specs.flatMap((s) => sb.control.seed.issuesOf(`${s.key}-app`).map((i) => i.id));
    for (let elapsed = INTERVAL; elapsed <= HOUR; elapsed += INTERVAL) {
      sb.control.clock.advance(INTERVAL);
      sb.control.triage.injectEvents(issues, 1);
      await find();
    }
    return { first: firstLog.length, firstMs, hour: api().length - firstLog.length, marked, expected, kinds };
  } finally {
    await sb.close();
  }
}

export async function benchPlatformMarks(): Promise<Figure[]> {
  const out: Figure[] = [];
  for (const [label, share] of [
    ['a search per file', false],
    ['one shared search', true],
  ] as const) {
    const r = await run(share);
    const name = `platforms (${KEYS.join(', ')}), ${label}`;
    out.push(
      { name: `${name}: requests until the first marks`, value: r.first, unit: 'req' },
      ...Object.entries(r.kinds).map(([kind, n]) => ({ name: `${name}:   of which ${kind}`, value: n, unit: 'req' })),
      { name: `${name}: time to first marks`, value: r.firstMs, unit: 'ms' },
      { name: `${name}: requests in the hour after them`, value: r.hour, unit: 'req' },
      { name: `${name}: marks on the open files (of ${r.expected})`, value: r.marked, unit: 'marks' },
    );
  }
  return out;
}
