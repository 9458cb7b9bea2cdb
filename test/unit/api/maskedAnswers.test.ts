// The API client is the one place where Sentry's data enters: every data method answers masked, and
// the originals of what was masked whole stay in the answer's vault for a Reveal. Over the sandbox.
import assert from 'node:assert/strict';
import { clientFor, useSandbox } from './sandbox';
import { SANDBOX_SECRET } from '../../sandbox/eventDetails';
import { vaultOf } from '../../../src/model/event/maskAnswer';
import { parseEventDetail } from '../../../src/model/event/parse';
import { isMasked } from '../../../src/model/event/types';
import type { SeedIssue } from '../../sandbox/seed';

const ORG = 'acme';
const TOKEN = 'sntryu_0123456789abcdef0123456789abcdef0123456789abcdef01234567';
const BEARER = 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U';
const PASSWORD = 'hunter2-Secret-99';

describe('api: every answer of Sentry data is masked where it enters', () => {
  const box = useSandbox();
  let issue: SeedIssue;
  let saved: Pick<SeedIssue, 'title' | 'culprit'>;
  beforeEach(() => {
    // The newest unresolved issue: on the first page of every list.
    issue = box
      .get()
      .seed.issues.filter((i) => i.project.slug === 'web-frontend' && i.status === 'unresolved')
      .sort((a, b) => b.lastSeen - a.lastSeen)[0];
    saved = { title: issue.title, culprit: issue.culprit };
    issue.title = `Failed GET /api/cart?access_token=${TOKEN}&page=2`;
    issue.culprit = `fetchCart(Authorization: Bearer ${BEARER})`;
  });
  afterEach(() => Object.assign(issue, saved));

  const leaks = (v: unknown) => [TOKEN, BEARER, PASSWORD, SANDBOX_SECRET].filter((s) => JSON.stringify(v).includes(s));

  it('issue lists (organization and project) and one issue: title and culprit masked', async () => {
    const c = clientFor(box.get());
    const org = await c.listOrganizationIssues(ORG, { query: 'is:unresolved', sort: 'date', limit: 100, project: [issue.project.slug] });
    const found = org.items.find((i) => i.id === issue.id);
    assert.ok(found, 'the planted issue is listed');
    assert.deepEqual(leaks(org.items), []);
    assert.match(found.title, /access_token=\[masked\]&page=2/);
    assert.match(found.culprit ?? '', /Bearer \[masked\]/);
    const project = await c.listProjectIssues(ORG, issue.project.slug, { query: 'is:unresolved', sort: 'date', limit: 100 });
    assert.deepEqual(leaks(project.items), []);
    const one = await c.getIssue(ORG, issue.id);
    assert.deepEqual(leaks(one), []);
    assert.match(one.title, /access_token=\[masked\]/);
  });

  it("an issue's events: every event of the list masked, and one whole event with its vault", async () => {
    const c = clientFor(box.get());
    const list = await c.listIssueEvents(ORG, issue.id, { full: true, perPage: 50 });
    assert.ok(list.items.length > 0);
    assert.deepEqual(leaks(list.items), []);
    const latest = await c.getIssueEvent(ORG, issue.id, 'latest');
    assert.ok(!JSON.stringify(latest).includes(SANDBOX_SECRET), 'the sandbox plants secrets in every whole event; none comes out');
    // The panel's Reveal still reads the originals: from the vault, never from the answer.
    const { detail, secrets } = parseEventDetail(latest, issue.id);
    assert.ok(vaultOf(latest).count > 0);
    assert.ok(detail.maskedCount >= vaultOf(latest).count);
    assert.ok(
      secrets.some((s) => s.includes(SANDBOX_SECRET)),
      'the secrets table holds the originals',
    );
    const shown = JSON.stringify({ ...detail, secrets: undefined });
    assert.ok(!shown.includes(SANDBOX_SECRET));
    const headers = detail.request?.headers ?? [];
    const auth = headers.find((h) => h.key.toLowerCase() === 'authorization');
    if (auth) assert.ok(isMasked(auth.value) && secrets[auth.value.secret].includes(SANDBOX_SECRET), 'a masked header reveals its original');
  });

  it("a tag's values: a secret-named tag masked whole, secrets inside other values masked", async () => {
    const c = clientFor(box.get());
    const url = await c.getTagDetails(ORG, issue.id, 'url');
    assert.deepEqual(leaks(url), []);
  });
});
