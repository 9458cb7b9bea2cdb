// Issues view figures: listing all 1,500 issues of the sandbox's big project through the issue store
// (requests, time, heap) and rendering their tree text (label, description, tooltip Markdown).
import { performance } from 'node:perf_hooks';
import { startSandbox } from '../test/sandbox';
import { SentryClient } from '../src/api/client';
import { IssueStore } from '../src/store/issueStore';
import { DEFAULT_FILTER, toParams } from '../src/issues/core/filter';
import { issueDescription, issueLabel, issueTooltipMarkdown } from '../src/issues/core/present';
import type { Figure } from './api';

export async function benchIssues(): Promise<Figure[]> {
  const sb = await startSandbox({ rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  try {
    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }) });
    const filter = { ...DEFAULT_FILTER, preset: 'all' as const };
    sb.control.requests.clear();
    const t0 = performance.now();
    const store = new IssueStore(async () => client);
    const spec = { org: 'acme', project: 'web-frontend', ...toParams(filter) };
    let list = await store.load(spec);
    while (list.nextCursor) list = await store.loadMore(spec);
    const listMs = performance.now() - t0;
    const requests = sb.control.requests.list().length;
    // The sandbox shares this process, so measure one more copy of the list between two collections.
    if (!global.gc) throw new Error('run with node --expose-gc (npm run bench does)');
    global.gc();
    const heap0 = process.memoryUsage().heapUsed;
    const copy = structuredClone(list.issues);
    global.gc();
    const heapMiB = (process.memoryUsage().heapUsed - heap0) / 1024 / 1024;
    if (copy.length !== list.issues.length) throw new Error('clone lost issues');

    const t1 = performance.now();
    let chars = 0;
    for (const issue of list.issues) chars += issueLabel(issue).length + issueDescription(issue).length + issueTooltipMarkdown(issue, '24h').length;
    const renderMs = performance.now() - t1;
    return [
      { name: `issues listed (all statuses, web-frontend)`, value: list.issues.length, unit: 'issues' },
      { name: 'requests for the full listing', value: requests, unit: `(ceil(N/100) = ${Math.ceil(list.issues.length / 100)})` },
      { name: 'time to list every page', value: listMs, unit: 'ms' },
      { name: 'heap held by the listed issues', value: heapMiB, unit: 'MiB' },
      { name: 'render label + description + tooltip of all', value: renderMs, unit: `ms (${(chars / 1024).toFixed(0)} KiB of text)` },
    ];
  } finally {
    await sb.close();
  }
}

if (require.main === module) void benchIssues().then((f) => console.table(f));
