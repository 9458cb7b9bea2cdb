// The AI tools' figures: result size of each tool (characters and estimated tokens) on the
// sandbox's largest issue, requests per tool call (first call, and the same call again), and the
// median time per call, against the sandbox over real HTTP. Figures, not pass/fail.
import { ToolContext } from '../src/ai/core/tools/context';
import { issueDetails } from '../src/ai/core/tools/issueDetails';
import { issuesAtLocation } from '../src/ai/core/tools/issuesAtLocation';
import { searchIssues } from '../src/ai/core/tools/searchIssues';
import { tagDistribution } from '../src/ai/core/tools/tagDistribution';
import { issueDetailsText } from '../src/ai/core/text/issueDetails';
import { estimateTokens } from '../src/ai/core/text/tokens';
import { issueHeader } from '../src/contracts/fromApi';
import { parseEventDetail } from '../src/model/event/parse';
import { HttpClient } from '../src/api/http';
import { SentryClient } from '../src/api/client';
import { IssueStore } from '../src/store/issueStore';
import { startSandbox } from '../test/sandbox';
import type { Figure } from './api';

export async function benchAiTools(): Promise<Figure[]> {
  const sb = await startSandbox();
  try {
    const client = new SentryClient(new HttpClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.writeToken }) }));
    const store = new IssueStore(async () => client);
    const acme = sb.control.seed.issues.filter((i) => i.project.org.slug === 'acme' && i.project.slug === 'web-frontend');
    // The largest issue: the one whose latest event is the biggest answer.
    let largest = acme[0];
    let largestSize = 0;
    for (const i of acme.slice(0, 200)) {
      const size = JSON.stringify(await client.getIssueEvent('acme', i.id, 'latest')).length;
      if (size > largestSize) [largest, largestSize] = [i, size];
    }
    const ref = { org: 'acme', project: 'web-frontend', issueId: largest.id };
    const ctx = new ToolContext({
      getClient: async () => client,
      store,
      selection: () => ({ org: 'acme', projects: ['web-frontend'] }),
      locations: () => ({
        marksIn: async () => ({ kind: 'file', file: 'src/utils/format.ts', marks: [{ ref, line: 12 }] }),
        activeFile: async () => ({ kind: 'none' }),
        mapFrame: async () => undefined,
        codeMappings: async () => [],
        frameFiles: async () => ({ kind: 'none' }),
      }),
      update: async () => ({ ok: true }),
      me: () => 'Jane Doe',
      now: () => Date.now(),
    });
    await searchIssues.handler({ limit: 1 }, ctx); // warm up
    const calls: [string, () => Promise<string>][] = [
      ['search issues (limit 25)', () => searchIssues.handler({ limit: 25 }, ctx)],
      [`issue details, ${largest.shortId} (4,000-token budget)`, () => issueDetails.handler({ issue: largest.shortId }, ctx)],
      [`issue details, ${largest.shortId} (16,000-token budget)`, () => issueDetails.handler({ issue: largest.shortId, maxTokens: 16000 }, ctx)],
      [`tag distribution, ${largest.shortId} browser`, () => tagDistribution.handler({ issue: largest.shortId, tag: 'browser' }, ctx)],
      ['issues at a location', () => issuesAtLocation.handler({ file: 'src/utils/format.ts' }, ctx)],
    ];
    const out: Figure[] = [{ name: `largest latest event (${largest.shortId}), raw JSON`, value: largestSize / 1024, unit: 'KiB' }];
    for (const [name, call] of calls) {
      store.clear();
      sb.control.requests.clear();
      const text = await call();
      const first = sb.control.requests.list({ path: /^\/api\/0\// }).length;
      sb.control.requests.clear();
      const times: number[] = [];
      for (let i = 0; i < 7; i++) {
        const t0 = performance.now();
        await call();
        times.push(performance.now() - t0);
      }
      const again = sb.control.requests.list({ path: /^\/api\/0\// }).length / 7;
      times.sort((a, b) => a - b);
      out.push(
        { name: `${name}: characters`, value: text.length, unit: 'chars' },
        { name: `${name}: estimated tokens`, value: estimateTokens(text), unit: 'tokens' },
        { name: `${name}: requests, first call`, value: first, unit: 'req' },
        { name: `${name}: requests, again`, value: again, unit: 'req' },
        { name: `${name}: median time`, value: times[3], unit: 'ms' },
      );
    }
    // Our own rendering, as a server without llmFormat gets it: the same event, breadcrumbs and all.
    const raw = await client.getIssueEvent('acme', largest.id, 'latest');
    const { detail } = parseEventDetail(raw, largest.id);
    const header = issueHeader(await client.getIssue('acme', largest.id));
    for (const budgetTokens of [4000, 16000]) {
      const own = issueDetailsText(header, detail, { budgetTokens });
      out.push(
        { name: `own rendering of ${largest.shortId} (${budgetTokens.toLocaleString('en-US')}): characters`, value: own.text.length, unit: 'chars' },
        { name: `own rendering of ${largest.shortId} (${budgetTokens.toLocaleString('en-US')}): estimated tokens`, value: own.tokens, unit: 'tokens' },
      );
    }
    return out;
  } finally {
    await sb.close();
  }
}
