// Reading a restored events panel's header again (src/eventsPanel/headerRead.ts), against the
// sandbox in every profile: the read that confirms the panel is one of its own server and account,
// under one session from start to end, that found its issue.
import assert from 'node:assert/strict';
import { readHeader } from '../../../src/eventsPanel/headerRead';
import { PanelGuard } from '../../../src/eventsPanel/panelGuard';
import type { SessionIdentity } from '../../../src/eventsPanel/core/panelBinding';
import { IssueStore } from '../../../src/store/issueStore';
import { clientFor, describeEachProfile, useSandbox } from '../api/sandbox';

describeEachProfile('eventsPanel/headerRead: the read that confirms a restored panel', function (profile) {
  this.timeout(30_000);
  const box = useSandbox({ profile });

  function setup() {
    const sb = box.get();
    const client = clientFor(sb);
    const store = new IssueStore(async () => client);
    let now: SessionIdentity | undefined = { baseUrl: sb.url, account: 'user:1' };
    const guard = new PanelGuard(() => now);
    const issue = sb.seed.bigIssue;
    guard.restore({ baseUrl: sb.url, account: 'user:1', org: 'acme' }, 'acme');
    return { sb, client, store, guard, issue, switchTo: (s: SessionIdentity | undefined) => (now = s) };
  }

  it('by its short ID in its project: found, stored, and the panel confirmed', async () => {
    const { sb, store, guard, issue, client } = setup();
    assert.notEqual(guard.refusal('acme'), undefined);
    const read = await readHeader({ store, getClient: async () => client }, guard, { org: 'acme', issueId: issue.id, shortId: issue.shortId, project: 'web-frontend' });
    assert.equal(read, 'confirmed');
    assert.equal(guard.refusal('acme'), undefined);
    assert.equal(store.issue(issue.id)?.shortId, issue.shortId);
    assert.ok(sb.control.requests.list().some((r) => r.query.some(([k]) => k === 'shortIdLookup')));
  });

  it('without a short ID (a state saved before it was known): the issue by its id', async () => {
    const { sb, store, guard, issue, client } = setup();
    const read = await readHeader({ store, getClient: async () => client }, guard, { org: 'acme', issueId: issue.id });
    assert.equal(read, 'confirmed');
    assert.ok(store.issue(issue.id));
    assert.ok(sb.control.requests.list().some((r) => r.path === `/api/0/organizations/acme/issues/${issue.id}/`));
  });

  it('a session that changed while the read was out: found, not confirmed', async () => {
    const { sb, store, guard, issue, client, switchTo } = setup();
    const read = readHeader(
      {
        store,
        getClient: async () => {
          // Another account signs in and out again while the read is on its way.
          switchTo({ baseUrl: sb.url, account: 'user:2' });
          guard.sessionChanged('acme');
          switchTo({ baseUrl: sb.url, account: 'user:1' });
          guard.sessionChanged('acme');
          return client;
        },
      },
      guard,
      { org: 'acme', issueId: issue.id },
    );
    assert.equal(await read, 'found');
    assert.notEqual(guard.refusal('acme'), undefined);
  });

  it('a short ID that names another issue there: nothing confirmed', async () => {
    const { store, guard, issue, client } = setup();
    const other = box.get().seed.issues.find((i) => i.id !== issue.id && i.project.slug === 'web-frontend')!;
    const read = await readHeader({ store, getClient: async () => client }, guard, { org: 'acme', issueId: issue.id, shortId: other.shortId, project: 'web-frontend' });
    assert.equal(read, undefined);
    assert.notEqual(guard.refusal('acme'), undefined);
  });

  it('signed in elsewhere: no read can confirm it', async () => {
    const { store, guard, issue, client, switchTo } = setup();
    switchTo({ baseUrl: 'https://other.example', account: 'user:1' });
    const read = await readHeader({ store, getClient: async () => client }, guard, { org: 'acme', issueId: issue.id, shortId: issue.shortId, project: 'web-frontend' });
    assert.equal(read, 'found', 'the header is read (it shows), but the panel is not confirmed');
    assert.notEqual(guard.refusal('acme'), undefined);
  });
});
