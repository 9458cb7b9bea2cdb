// The header's releases, suspect commits and owners (src/eventsPanel/core/page/provenanceView.ts), bundled as
// the page bundles it and drawn into the fake DOM: hostile commit messages stay text, a click names only
// the event and the commit id, and the host reads that message as an openCommit or refuses it.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import type { ProvenanceViewPart as PartClass } from '../../../../../src/eventsPanel/core/page/provenanceView';
import type { ProvenanceView } from '../../../../../src/contracts/provenance';
import { parsePageMessage } from '../../../../../src/eventsPanel/core/protocol/parsePageMessage';
import { FakeDocument, FakeElement } from './fakeDom';
import { loadPageModule } from './stubElements';

const SHA = 'b8410897535de188bb9dc46b7a535425e9b96f38';
const EVENT = 'a'.repeat(32);
const HOSTILE = 'Show prices <img src=x onerror=alert(1)> [run](command:workbench.action.terminal.new)';

const VIEW: ProvenanceView = {
  firstRelease: { version: 'web-frontend@2.0.0' },
  lastRelease: { version: 'web-frontend@2.11.0', commit: { id: SHA, shortId: 'b841089', message: 'Read item discounts' } },
  eventRelease: { version: 'web-frontend@2.11.0', commit: { id: SHA, shortId: 'b841089', message: 'Read item discounts' } },
  deploys: [{ environment: 'production' }, { environment: 'staging' }],
  suspects: [{ id: SHA, shortId: 'b841089', message: HOSTILE, author: 'Grace Hopper <script>' }],
  owners: ['#frontend', 'Jane Doe'],
};

describe('events page: releases, suspect commits and owners in the header', () => {
  let Part: typeof PartClass;
  let saved: unknown;
  before(async () => {
    ({ ProvenanceViewPart: Part } = await loadPageModule<{ ProvenanceViewPart: typeof PartClass }>(join(__dirname, '../../../../../src/eventsPanel/core/page/provenanceView.ts')));
  });
  beforeEach(() => {
    saved = (globalThis as { document?: unknown }).document;
    (globalThis as { document?: unknown }).document = new FakeDocument();
  });
  afterEach(() => {
    (globalThis as { document?: unknown }).document = saved;
  });

  it('every part as text; hidden until there is something', () => {
    const clicks: [string, string][] = [];
    const part = new Part((e, c) => clicks.push([e, c]));
    const el = part.el as unknown as FakeElement;
    assert.equal(el.hidden, true);
    part.show(EVENT, VIEW);
    assert.equal(el.hidden, false);
    assert.match(el.querySelector('#first-release')!.textContent, /first release web-frontend@2\.0\.0/);
    assert.match(el.querySelector('#last-release')!.textContent, /last release web-frontend@2\.11\.0/);
    // The event's release is the last release and its commit the suspect: each said once.
    assert.equal(el.querySelector('#event-release')!.textContent, 'this eventb841089');
    part.show(EVENT, { ...VIEW, lastRelease: { version: 'web-frontend@2.12.0' }, suspects: [] });
    assert.equal(el.querySelector('#event-release')!.textContent, 'this event: web-frontend@2.11.0b841089');
    part.show(EVENT, VIEW);
    assert.match(el.querySelector('#deploys')!.textContent, /production, staging/);
    const suspect = el.querySelector('#suspect-commits')!;
    assert.ok(suspect.textContent.includes(`b841089 ${HOSTILE} — Grace Hopper <script>`));
    assert.equal(suspect.querySelectorAll('img').length + suspect.querySelectorAll('a').length + suspect.querySelectorAll('script').length, 0);
    assert.match(el.querySelector('#owners')!.textContent, /#frontend, Jane Doe/);
    suspect.querySelector('button')!.click();
    assert.deepEqual(clicks, [[EVENT, SHA]]);
    part.clear();
    assert.equal(el.hidden, true);
    part.show(EVENT, { deploys: [], suspects: [], owners: [] });
    assert.equal(el.hidden, true);
  });

  it('suspect commits and owners refused for a scope: the note says which scope to add, as text', () => {
    const part = new Part(() => undefined);
    const el = part.el as unknown as FakeElement;
    const refused =
      'Sentry denied access (<b>no</b>): this needs a token with one of the scopes project:read, project:write or project:admin. Sign in again granting that scope, or use a token that has it.';
    part.show(EVENT, { firstRelease: VIEW.firstRelease, deploys: [], suspects: [], owners: [], refused });
    assert.equal(el.hidden, false);
    const note = el.querySelector('#provenance-refused')!;
    assert.equal(note.getAttribute('role'), 'note');
    assert.equal(note.textContent, refused);
    assert.equal(note.querySelectorAll('b').length, 0);
  });

  it('the host takes an openCommit with an event id and a hex commit id only', () => {
    assert.deepEqual(parsePageMessage({ type: 'openCommit', eventId: EVENT, commitId: SHA }), { type: 'openCommit', eventId: EVENT, commitId: SHA });
    for (const bad of [
      { type: 'openCommit', eventId: EVENT, commitId: 'https://evil.example/' },
      { type: 'openCommit', eventId: 'latest', commitId: SHA },
      { type: 'openCommit', eventId: EVENT, commitId: 'abc' },
      { type: 'openCommit', eventId: EVENT, commitId: SHA, webUrl: 'https://evil.example' },
    ]) {
      const parsed = parsePageMessage(bad);
      assert.ok(parsed === undefined || !('webUrl' in parsed), JSON.stringify(bad));
      if (bad.commitId !== SHA || bad.eventId !== EVENT) assert.equal(parsed, undefined, JSON.stringify(bad));
    }
  });
});
