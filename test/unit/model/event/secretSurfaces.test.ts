// The table: every real-format secret (test/fixtures/secrets/realFormatSecrets.ts) planted in the
// places Sentry's data carries text (an issue's title, culprit and metadata; an event's message,
// tags, exception, breadcrumb, request header and query, frame variable and extra data; a tag's
// values), checked on every surface (surfaces.ts). With WRITE_SECRET_TABLE=<file> the test writes
// the table it checked, one row per format, as Markdown.
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import issuesFixture from '../../../fixtures/project-issues.json';
import eventsFixture from '../../../fixtures/issue-events.json';
import eventFixture from '../../../fixtures/issue-event.json';
import tagFixture from '../../../fixtures/issue-tag-details.json';
import { surfaces } from './surfaces';
import { PLANTED_SECRETS, leaks, type PlantedSecret } from './plantedSecrets';

type Rec = Record<string, unknown>;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** The four payloads with `s` planted in every place at once. */
function planted(s: PlantedSecret): [unknown, unknown, unknown, unknown] {
  const issues = clone(issuesFixture) as Rec[];
  // First in the title: the hover shows a title's first 30 characters.
  issues[0].title = `${s.carried} ${String(issues[0].title)}`;
  issues[0].culprit = `${s.carried} in handler`;
  issues[0].metadata = { ...(issues[0].metadata as Rec), value: `failed: ${s.carried}` };
  const events = clone(eventsFixture) as Rec[];
  events[0].message = `request failed: ${s.carried}`;
  events[0].tags = [...((events[0].tags as Rec[]) ?? []), { key: 'note', value: s.carried }, { key: 'api_key', value: s.value }];
  const event = clone(eventFixture) as Rec & { entries: { type: string; data: Rec }[] };
  event.message = s.carried;
  for (const entry of event.entries) {
    if (entry.type === 'exception') {
      const values = entry.data.values as Rec[];
      values[values.length - 1].value = `boom (${s.carried})`;
      const frames = ((values[values.length - 1].stacktrace as Rec)?.frames as Rec[]) ?? [];
      if (frames.length) frames[frames.length - 1].vars = { ...((frames[frames.length - 1].vars as Rec) ?? {}), token: s.value, note: s.carried };
    }
    if (entry.type === 'breadcrumbs') (entry.data.values as Rec[]).push({ type: 'default', category: 'console', level: 'info', message: s.carried, data: { arguments: [s.carried] } });
    if (entry.type === 'request') {
      entry.data.headers = [...((entry.data.headers as unknown[]) ?? []), ['X-Api-Key', s.value], ['X-Note', s.carried]];
      entry.data.query = [
        ['access_token', s.value],
        ['q', s.carried],
      ];
    }
  }
  event.context = { note: s.carried, secret: s.value };
  const tag = clone(tagFixture) as Rec & { topValues: Rec[] };
  tag.topValues[0] = { ...tag.topValues[0], value: s.carried, name: s.carried };
  return [issues, events, event, tag];
}

describe('sentryEvent: every real-format secret, planted everywhere, on every surface', function () {
  this.timeout(120_000);

  it(`${PLANTED_SECRETS.length} formats × every surface: nothing leaks`, () => {
    assert.ok(PLANTED_SECRETS.length >= 100, `${PLANTED_SECRETS.length} formats`);
    const failures: string[] = [];
    const rows: string[] = [];
    let names: string[] = [];
    for (const s of PLANTED_SECRETS) {
      const out = surfaces(...planted(s));
      names = Object.keys(out);
      const leaked = names.filter((n) => leaks(out[n], s.value));
      for (const n of leaked) failures.push(`${s.format} reached ${n}`);
      rows.push(`| ${s.format} | ${names.map((n) => (leaked.includes(n) ? 'LEAK' : 'masked')).join(' | ')} |`);
    }
    const file = process.env.WRITE_SECRET_TABLE;
    if (file) writeFileSync(file, [`| format | ${names.join(' | ')} |`, `|---|${names.map(() => '---').join('|')}|`, ...rows].join('\n') + '\n');
    assert.deepEqual(failures, []);
  });

  it('the planting reaches every surface (so a surface that forgot to mask would be seen)', () => {
    // A plain word in the same places shows on the surfaces that show those places.
    const word: PlantedSecret = { format: 'plain', value: 'Xq7PlainWordZ9', carried: 'Xq7PlainWordZ9' };
    const out = surfaces(...planted(word));
    const shown = Object.entries(out)
      .filter(([, text]) => leaks(text, word.value))
      .map(([n]) => n);
    // The hand-off prompt carries only our words; the tree's description and stats line only ids and numbers.
    assert.deepEqual(
      Object.keys(out).filter((n) => !shown.includes(n)),
      ['tree description', 'tree stats', 'hand-off prompt'],
    );
  });

  it('{name, value} pairs named as secrets (HAR headers, Kubernetes env lists) are masked on the Event tab, the raw JSON and the AI details', () => {
    const har = 'Xq7HarHeaderSecretZ9';
    const env = 'Xq7EnvListSecretZ9';
    const plain = 'Xq7PlainEnvValueZ9';
    const event = clone(eventFixture) as Rec & { entries: { type: string; data: Rec }[] };
    event.context = {
      har: { request: { headers: [{ name: 'Authorization', value: `Bearer ${har}` }] } },
      pod: {
        env: [
          { name: 'DB_PASSWORD', value: env },
          { name: 'LOG_LEVEL', value: plain },
        ],
      },
    };
    for (const entry of event.entries) {
      const frames = entry.type === 'exception' ? ((((entry.data.values as Rec[]).at(-1)!.stacktrace as Rec)?.frames as Rec[]) ?? []) : [];
      if (frames.length) frames[frames.length - 1].vars = { env: [{ name: 'DB_PASSWORD', value: env }] };
    }
    const out = surfaces(clone(issuesFixture), clone(eventsFixture), event, clone(tagFixture));
    for (const surface of ['Event tab', 'Copy JSON / raw JSON', 'AI issue details']) {
      assert.ok(!leaks(out[surface], har), `the HAR header reached ${surface}`);
      assert.ok(!leaks(out[surface], env), `the env value reached ${surface}`);
    }
    assert.ok(leaks(out['Copy JSON / raw JSON'], plain), 'a pair whose name says nothing keeps its value');
  });

  it("the same pairs written as text (a JSON string, Python repr, a YAML env list, a Kubernetes env list in an exception value, Sentry's llmFormat) are masked on every surface", () => {
    const v = {
      json: 'Xq7JsonPairSecretZ9',
      repr: 'Xq7ReprPairSecretZ9',
      yaml: 'Xq7YamlPairSecretZ9',
      k8s: 'Xq7KubePairSecretZ9',
      llm: 'Xq7LlmFormatSecretZ9',
      table: 'Xq7LlmTableSecretZ9',
    };
    const plain = 'Xq7PlainPairValueZ9';
    const event = clone(eventFixture) as Rec & { entries: { type: string; data: Rec }[] };
    event.message = `config: ${JSON.stringify([
      { name: 'DB_PASSWORD', value: v.json },
      { name: 'LOG_LEVEL', value: plain },
    ])}`;
    event.context = { settings: `[{'name': 'STRIPE_API_KEY', 'value': '${v.repr}'}]`, manifest: `env:\n  - name: GITHUB_TOKEN\n    value: ${v.yaml}\n` };
    for (const entry of event.entries) {
      if (entry.type !== 'exception') continue;
      const values = entry.data.values as Rec[];
      values[values.length - 1].value = `admission webhook denied: "env":[{"name":"AWS_SECRET_ACCESS_KEY","value":"${v.k8s}"},{"name":"LOG_LEVEL","value":"${plain}"}]`;
    }
    event.formatted = {
      format: 'markdown',
      content: `## Tags\n**client_secret:** ${v.llm}\n\n## Environment\n| Name | Value |\n|---|---|\n| SENTRY_DSN | ${v.table} |`,
    };
    const out = surfaces(clone(issuesFixture), clone(eventsFixture), event, clone(tagFixture));
    for (const surface of Object.keys(out)) for (const [form, secret] of Object.entries(v)) assert.ok(!leaks(out[surface], secret), `the ${form} pair reached ${surface}`);
    for (const surface of ['Event tab', 'Copy as Markdown', 'Copy JSON / raw JSON', 'AI issue details'])
      assert.ok(leaks(out[surface], plain), `a pair whose name says nothing keeps its value on ${surface}`);
  });
});
