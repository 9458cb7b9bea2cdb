// API figures: sandbox requests per second for a 100-issue page, and the client's time to
// validate that page. Run alone with `node --import tsx bench/api.ts`, or via bench/run.ts.
import { performance } from 'node:perf_hooks';
import { createSeed, startSandbox } from '../test/sandbox';
import { SentryClient } from '../src/api/client';
import { IssueListSchema } from '../src/model/issue/schema';
import * as z from '../src/model/z';

export interface Figure {
  name: string;
  value: number;
  unit: string;
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/** The sandbox's deterministic seed (1,924 issues, 20,000 events): the time every suite pays at start. */
function seedFigure(): Figure {
  const times: number[] = [];
  for (let i = 0; i < 5; i++) {
    const t0 = performance.now();
    createSeed(Date.UTC(2025, 0, 1));
    times.push(performance.now() - t0);
  }
  return { name: 'sandbox seed generation (median of 5)', value: median(times), unit: 'ms' };
}

export async function benchApi(): Promise<Figure[]> {
  const seedTime = seedFigure();
  const sb = await startSandbox({ rateLimit: { limit: 1_000_000, windowSeconds: 1 } });
  try {
    const url = `${sb.url}/api/0/projects/acme/web-frontend/issues/?query=&limit=100`;
    const headers = { authorization: `Bearer ${sb.defaults.authToken}` };
    for (let i = 0; i < 20; i++) await (await fetch(url, { headers })).text();

    const N = 300;
    let t = performance.now();
    for (let i = 0; i < N; i++) await (await fetch(url, { headers })).text();
    const sequential = N / ((performance.now() - t) / 1000);

    t = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        while (next++ < N) await (await fetch(url, { headers })).text();
      }),
    );
    const concurrent = N / ((performance.now() - t) / 1000);

    const text = await (await fetch(url, { headers })).text();
    const parseTimes: number[] = [];
    for (let i = 0; i < 200; i++) {
      const s = performance.now();
      z.parse(IssueListSchema, JSON.parse(text));
      parseTimes.push(performance.now() - s);
    }

    const client = new SentryClient({ baseUrl: sb.url, credential: async () => ({ kind: 'bearer', token: sb.defaults.authToken }) });
    const clientTimes: number[] = [];
    for (let i = 0; i < 50; i++) {
      const s = performance.now();
      await client.listProjectIssues('acme', 'web-frontend', { query: '', limit: 100 });
      clientTimes.push(performance.now() - s);
    }
    return [
      seedTime,
      { name: 'sandbox: 100-issue page, sequential', value: sequential, unit: 'req/s' },
      { name: 'sandbox: 100-issue page, 4 concurrent', value: concurrent, unit: 'req/s' },
      { name: '100-issue page body size', value: text.length / 1024, unit: 'KiB' },
      { name: 'client: JSON.parse + valibot of 100 issues (median)', value: median(parseTimes), unit: 'ms' },
      { name: 'client: listProjectIssues round trip (median)', value: median(clientTimes), unit: 'ms' },
    ];
  } finally {
    await sb.close();
  }
}

if (require.main === module) {
  void benchApi().then((figs) => {
    for (const f of figs) console.log(`${f.name}: ${f.value.toFixed(2)} ${f.unit}`);
  });
}
