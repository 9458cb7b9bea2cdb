// Property: for real payloads with secrets planted at random places, no secret reaches any surface.
// Each payload goes through the same masking step the API client applies where answers enter
// (maskAnswer.ts; test/unit/api/maskedAnswers.test.ts proves the client applies it), then through
// every pure builder of what the user or a model sees: the tree's label, description and
// accessibility text, the hover, the panel's header, Events, Event and Tags tabs, Copy as Markdown,
// Copy JSON / Open raw JSON, the AI tools' texts, the @sentry prompt and the hand-off prompt.
import assert from 'node:assert/strict';
import issuesFixture from '../../../fixtures/project-issues.json';
import eventsFixture from '../../../fixtures/issue-events.json';
import eventFixture from '../../../fixtures/issue-event.json';
import tagFixture from '../../../fixtures/issue-tag-details.json';
import { Prng } from '../../../sandbox/prng';
import { surfaces } from './surfaces';
import { PLANTED_SECRETS, SECRET_KEYS, leaks, type PlantedSecret } from './plantedSecrets';

type Json = unknown;
const clone = <T>(v: T): T => JSON.parse(JSON.stringify(v)) as T;

/** Strings that say what a thing is (ids, dates, kinds): a secret planted there would change the payload's shape, not hide in it. */
const STRUCTURAL = new Set([
  'id',
  'eventID',
  'groupID',
  'projectID',
  'shortId',
  'type',
  'status',
  'substatus',
  'level',
  'platform',
  'dateCreated',
  'dateReceived',
  'firstSeen',
  'lastSeen',
  'timestamp',
  'count',
  'userCount',
  'key',
  'slug',
  'priority',
  'issueType',
  'issueCategory',
]);

interface Leaf {
  holder: Record<string, unknown> | unknown[];
  key: string | number;
}

function leaves(v: Json, out: Leaf[] = [], objects: Record<string, unknown>[] = []): { strings: Leaf[]; objects: Record<string, unknown>[] } {
  if (Array.isArray(v)) v.forEach((x, i) => (typeof x === 'string' ? out.push({ holder: v, key: i }) : leaves(x, out, objects)));
  else if (v && typeof v === 'object') {
    const o = v as Record<string, unknown>;
    objects.push(o);
    for (const [k, x] of Object.entries(o)) {
      if (typeof x === 'string' && !STRUCTURAL.has(k)) out.push({ holder: o, key: k });
      // Counts by period ([time, count] pairs): a typed record, not a place text can be.
      else if (k !== 'stats') leaves(x, out, objects);
    }
  }
  return { strings: out, objects };
}

/** Plants `secret` into `payload` at a random place, in a random carrier; answers the text planted. */
function plant(r: Prng, payload: Json, secret: PlantedSecret): void {
  const { strings, objects } = leaves(payload);
  const carrier = r.int(0, 3);
  if (carrier === 0 && strings.length) {
    // Inside free text: a message, a title, a breadcrumb, a frame's code, a URL.
    const leaf = r.pick(strings);
    const before = String((leaf.holder as Record<string | number, unknown>)[leaf.key]);
    (leaf.holder as Record<string | number, unknown>)[leaf.key] = r.bool() ? `${before} ${secret.carried}` : `${secret.carried} ${before}`;
  } else if (carrier === 1 && objects.length) {
    // A field named as secrets are, at any depth.
    r.pick(objects)[r.pick(SECRET_KEYS)] = secret.value;
  } else if (carrier === 2 && objects.length) {
    // A header or query pair, as Sentry sends them.
    r.pick(objects)[`extra${r.int(0, 99)}`] = [[r.pick(SECRET_KEYS), secret.value]];
  } else if (objects.length) {
    // A Sentry tag object.
    r.pick(objects)[`tags${r.int(0, 99)}`] = [{ key: r.pick(SECRET_KEYS), value: secret.value }];
  }
}

/** Names under which a `{name, value}` pair's value is secret (Kubernetes env lists, HAR headers, form fields). */
const PAIR_NAMES = ['DB_PASSWORD', 'AWS_SECRET_ACCESS_KEY', 'GITHUB_TOKEN', 'api_key', 'client_secret', 'Authorization', 'SENTRY_DSN', 'sessionid'];

/** The forms `{name, value}` pairs take when an SDK, a framework or Sentry wrote them as text. */
const PAIR_TEXTS: Record<string, (name: string, value: string) => string> = {
  'a JSON string': (n, v) => JSON.stringify([{ name: n, value: v }]),
  'Python repr': (n, v) => `[{'name': '${n}', 'value': '${v}'}, {'name': 'LOG_LEVEL', 'value': 'info'}]`,
  'a YAML env list': (n, v) => `env:\n  - name: ${n}\n    value: ${v}\n  - name: LOG_LEVEL\n    value: info\n`,
  'a Kubernetes env list': (n, v) => `pod rejected: "env":[{"name":"${n}","value":"${v}"},{"name":"LOG_LEVEL","value":"info"}]`,
};

/** Sentry's own rendering of an event for a model (`llmFormat=markdown`): its `**key:** value` fields, and a table. */
function llmFormatted(n: string, v: string): string {
  return ['## Title', 'boom', '', '## Tags', `**${n}:** ${v}`, '**level:** error', '', '## Environment', '| Name | Value |', '|---|---|', `| ${n} | ${v} |`].join('\n');
}

/** An opaque value no token rule knows (like an AWS secret access key): only its name says it is secret. */
function opaque(r: Prng): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 24 }, () => alphabet[r.int(0, alphabet.length - 1)]).join('');
}

/**
 * Plants a `{name, value}` pair written as text: in any string of any payload (carriers 0 to 3), in the
 * exception value of the whole event, or as Sentry's own rendering of it (`formatted`, llmFormat).
 */
function plantPairText(r: Prng, payloads: Json[], value: string): string {
  const name = r.pick(PAIR_NAMES);
  const where = r.int(0, 5);
  const event = payloads[2] as Record<string, unknown> & { entries: { type: string; data: Record<string, unknown> }[] };
  if (where === 4) {
    const values = event.entries.find((e) => e.type === 'exception')!.data.values as Record<string, unknown>[];
    values[values.length - 1].value = `${PAIR_TEXTS['a Kubernetes env list'](name, value)}`;
    return `a Kubernetes env list in the exception value, ${name}`;
  }
  if (where === 5) {
    event.formatted = { format: 'markdown', content: llmFormatted(name, value) };
    return `Sentry's llmFormat rendering, ${name}`;
  }
  const form = r.pick(Object.keys(PAIR_TEXTS));
  const { strings } = leaves(payloads[r.int(0, 2)]);
  const leaf = r.pick(strings);
  const before = String((leaf.holder as Record<string | number, unknown>)[leaf.key]);
  (leaf.holder as Record<string | number, unknown>)[leaf.key] = `${before} ${PAIR_TEXTS[form](name, value)}`;
  return `${form} in ${String(leaf.key)}, ${name}`;
}

describe('sentryEvent: no planted secret reaches any surface (property)', function () {
  this.timeout(60_000);

  it('the surfaces show the unplanted payloads (the check can see what it looks for)', () => {
    const out = surfaces(issuesFixture, eventsFixture, eventFixture, tagFixture);
    const issue = (issuesFixture as { title: string }[])[0];
    assert.ok(out['tree label'].length > 0 && out['AI issue list'].includes(issue.title.slice(0, 20)));
    // A planted secret that no rule knows would be seen: the check itself is not blind.
    const blind = clone(issuesFixture) as { title: string }[];
    blind[0].title = 'plain words 7Hq2xLm9Pz';
    assert.ok(leaks(surfaces(blind, eventsFixture, eventFixture, tagFixture)['tree label'], '7Hq2xLm9Pz'));
  });

  it('300 payloads, each with secrets planted at random places: nothing leaks anywhere', () => {
    const r = new Prng(20261126);
    const failures: string[] = [];
    for (let run = 0; run < 300 && failures.length < 5; run++) {
      const planted: PlantedSecret[] = [];
      const payloads = [clone(issuesFixture), clone(eventsFixture), clone(eventFixture), clone(tagFixture)] as Json[];
      for (let k = 0; k < 4; k++) {
        const secret = r.pick(PLANTED_SECRETS);
        planted.push(secret);
        plant(r, payloads[r.int(0, 2)], secret);
      }
      const out = surfaces(payloads[0], payloads[1], payloads[2], payloads[3]);
      for (const [surface, text] of Object.entries(out)) {
        for (const s of planted) if (leaks(text, s.value)) failures.push(`run ${run}: ${s.format} (${s.carried.slice(0, 40)}) reached ${surface}`);
      }
    }
    assert.deepEqual(failures, []);
  });

  it('300 payloads, each with {name, value} pairs written as text (JSON, Python repr, YAML, a Kubernetes env list, llmFormat) at random places: no value leaks anywhere', () => {
    const r = new Prng(20261127);
    const failures: string[] = [];
    for (let run = 0; run < 300 && failures.length < 5; run++) {
      const payloads = [clone(issuesFixture), clone(eventsFixture), clone(eventFixture), clone(tagFixture)] as Json[];
      const planted = Array.from({ length: 3 }, () => {
        const value = opaque(r);
        return { value, where: plantPairText(r, payloads, value) };
      });
      const out = surfaces(payloads[0], payloads[1], payloads[2], payloads[3]);
      for (const [surface, text] of Object.entries(out)) for (const p of planted) if (leaks(text, p.value)) failures.push(`run ${run}: ${p.where} reached ${surface}`);
    }
    assert.deepEqual(failures, []);
  });

  it('the pairs written as text reach the surfaces that show those places (the check can see what it looks for)', () => {
    const event = clone(eventFixture) as Record<string, unknown> & { entries: { type: string; data: Record<string, unknown> }[] };
    const values = event.entries.find((e) => e.type === 'exception')!.data.values as Record<string, unknown>[];
    values[values.length - 1].value = PAIR_TEXTS['a Kubernetes env list']('LOG_LEVEL', 'Xq7PlainEnvZ9');
    event.formatted = { format: 'markdown', content: llmFormatted('LOG_LEVEL', 'Xq7PlainLlmZ9') };
    const out = surfaces(clone(issuesFixture), clone(eventsFixture), event, clone(tagFixture));
    for (const surface of ['Event tab', 'Copy as Markdown', 'Copy JSON / raw JSON', 'AI issue details']) assert.ok(leaks(out[surface], 'Xq7PlainEnvZ9'), surface);
    assert.ok(leaks(out['AI issue details'], 'Xq7PlainLlmZ9'), "the AI details carry Sentry's rendering");
  });
});
