// Editor figures: the path-suffix index for 100,000 files and 10,000 locations, the text for an
// editor with 200 issues, and the index against a scan-per-location baseline (what a findFiles per
// event amounts to, minus its disk I/O, so the ratio is a lower bound).
import { performance } from 'node:perf_hooks';
import { PathIndex } from '../src/editor/core/pathIndex';
import { parseLocation } from '../src/editor/core/location';
import { afterLineText, byLine, type Mark } from '../src/editor/core/marks';
import type { Issue } from '../src/model/issue/schema';
import type { Figure } from './api';

function rng(seed: number) {
  return () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
}

export async function benchEditor(): Promise<Figure[]> {
  const r = rng(7);
  const dirs = ['src', 'lib', 'app', 'server', 'packages', 'components', 'utils', 'api', 'core', 'ui', 'models', 'views', 'tests'];
  const names = Array.from({ length: 4000 }, (_, i) => `file${i}`);
  const exts = ['ts', 'tsx', 'js', 'py', 'go'];
  const files: string[] = [];
  for (let i = 0; i < 100_000; i++) {
    const depth = 1 + Math.floor(r() * 5);
    const parts = Array.from({ length: depth }, () => `${dirs[Math.floor(r() * dirs.length)]}${Math.floor(r() * 20)}`);
    files.push(`${parts.join('/')}/${names[Math.floor(r() * names.length)]}.${exts[Math.floor(r() * exts.length)]}`);
  }
  const locations = Array.from({ length: 10_000 }, (_, i) => {
    const f = files[Math.floor(r() * files.length)];
    const prefix = ['/usr/src/app/', 'webpack:///./', 'app:///', 'C:\\build\\', ''][i % 5];
    return i % 10 === 9 ? `missing/nothing${i}.rb:3` : `${prefix}${f}:${1 + (i % 300)}`;
  });

  let t = performance.now();
  const index = new PathIndex();
  for (const f of files) index.add(0, f);
  const buildMs = performance.now() - t;

  t = performance.now();
  let found = 0;
  for (const loc of locations) {
    const p = parseLocation(loc);
    if (p && index.best(p.path).length) found++;
  }
  const resolveMs = performance.now() - t;

  // Baseline: for each location, scan every file for the basename (as `**/name` would), then pick the longest suffix.
  const sample = locations.slice(0, 500);
  t = performance.now();
  for (const loc of sample) {
    const p = parseLocation(loc);
    if (!p) continue;
    const name = p.path.split('/').pop()!;
    const hits = files.filter((f) => f.endsWith(`/${name}`) || f === name);
    const scratch = new PathIndex();
    for (const h of hits) scratch.add(0, h);
    scratch.best(p.path);
  }
  const baselinePerLocation = (performance.now() - t) / sample.length;
  const indexPerLocation = resolveMs / locations.length;

  const issue = (i: number): Issue =>
    ({
      id: String(i),
      shortId: `PROJ-${i}`,
      title: `TypeError: x${i} is undefined`,
      level: ['error', 'warning', 'fatal'][i % 3],
      status: 'unresolved',
      statusDetails: {},
      count: String(100 + i),
      userCount: i,
      numComments: 0,
      firstSeen: new Date(0).toISOString(),
      lastSeen: new Date().toISOString(),
      annotations: [],
      permalink: `https://x/${i}`,
      metadata: {},
      project: { id: '1', name: 'p', slug: 'p' },
      stats: {},
    }) as Issue;
  const marks: Mark[] = Array.from({ length: 200 }, (_, i) => ({ org: 'o', project: 'p', issue: issue(i), line: i * 3, source: 'location' }));
  t = performance.now();
  for (let k = 0; k < 100; k++) for (const list of byLine(marks).values()) afterLineText(list);
  const decorateMs = (performance.now() - t) / 100;

  return [
    { name: 'index 100,000 files', value: buildMs, unit: 'ms' },
    { name: `resolve 10,000 locations (${found} found)`, value: resolveMs, unit: 'ms' },
    { name: 'per location: suffix index', value: indexPerLocation * 1000, unit: 'µs' },
    { name: 'per location: scan-per-location baseline', value: baselinePerLocation * 1000, unit: 'µs' },
    { name: 'baseline / index (lower bound for findFiles)', value: baselinePerLocation / indexPerLocation, unit: '×' },
    { name: 'decoration text for 200 issues in one editor', value: decorateMs, unit: 'ms' },
  ];
}

if (require.main === module) void benchEditor().then((f) => console.table(f));
