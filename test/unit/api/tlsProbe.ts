// Run as a child process by network.test.ts, so that it can start with NODE_EXTRA_CA_CERTS (Node
// reads it only when a process starts): lists the organizations of each server named on the
// command line through the API client, and prints one JSON object of outcomes.
//   node --import tsx test/unit/api/tlsProbe.ts '{"name":{"url":"https://…","token":"…"},…}'
import { HttpClient } from '../../../src/api/http';
import { SentryClient } from '../../../src/api/client';

export type ProbeOutcome = { ok: true; orgs: string[] } | { ok: false; name: string; kind?: string; message: string };

async function main(): Promise<void> {
  const targets = JSON.parse(process.argv[2] ?? '{}') as Record<string, { url: string; token: string }>;
  const out: Record<string, ProbeOutcome> = {};
  for (const [name, { url, token }] of Object.entries(targets)) {
    const client = new SentryClient(new HttpClient({ baseUrl: url, credential: async () => ({ kind: 'bearer', token }), retryBaseDelayMs: 1 }));
    try {
      out[name] = { ok: true, orgs: (await client.listOrganizations()).items.map((o) => o.slug) };
    } catch (e) {
      const err = e as Error & { kind?: string };
      out[name] = { ok: false, name: err.name, kind: err.kind, message: err.message };
    }
  }
  process.stdout.write(JSON.stringify(out));
}

void main();
