// Property: for real payloads with secrets planted at random places, no secret reaches any surface.
// Each payload goes through the same masking step the API client applies where answers enter
// (maskAnswer.ts; test/unit/api/maskedAnswers.test.ts proves the client applies it), then through
// every pure builder of what the user or a model sees: the tree's label, description and
// accessibility text, the hover, the panel's header, Events, Event and Tags tabs, Copy as Markdown,
// Copy JSON / Open raw JSON, the AI tools' texts, the @sentry prompt and the hand-off prompt.
import assert from 'node:assert/strict';
import issuesFixture from '../../fixtures/project-issues.json';
import eventsFixture from '../../fixtures/issue-events.json';
import eventFixture from '../../fixtures/issue-event.json';
import tagFixture from '../../fixtures/issue-tag-details.json';
import { Prng } from '../../sandbox/prng';
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
});
