// The page's request/reply over postMessage: each request gets its own id and exactly one reply,
// host notices go to their handler, and anything that is not a host message is ignored.
import assert from 'node:assert/strict';
import type { HostMessage, ResponseMessage } from '../../../../../src/eventsPanel/core/protocol/messages';
import { Rpc, type Notice, type VsCodeApi } from '../../../../../src/eventsPanel/core/page/rpc';

function setup() {
  const posted: unknown[] = [];
  let saved: unknown = { before: true };
  const api: VsCodeApi = { postMessage: (m) => posted.push(m), getState: () => saved, setState: (s) => (saved = s) };
  const notices: Notice[] = [];
  const target = new EventTarget();
  const rpc = new Rpc(api, (n) => notices.push(n), target);
  const host = (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data }));
  return { rpc, posted, notices, host, saved: () => saved };
}

describe('webview Rpc', () => {
  it('numbers requests and hands each reply to its own callback, once', () => {
    const { rpc, posted, host } = setup();
    const replies: [string, ResponseMessage][] = [];
    rpc.request('events', { filters: { period: { kind: 'preset', statsPeriod: '90d' }, environments: [], query: '', full: false, sample: false } }, (r) => replies.push(['events', r]));
    rpc.request('tag', { key: 'browser', environments: [] }, (r) => replies.push(['tag', r]));
    assert.deepEqual(
      posted.map((m) => [(m as { id: number }).id, (m as { method: string }).method]),
      [
        [1, 'events'],
        [2, 'tag'],
      ],
    );
    const tagReply: HostMessage = { type: 'response', id: 2, method: 'tag', ok: true, result: { key: 'browser', uniqueValues: 1, totalValues: 1, topValues: [] } };
    host(tagReply);
    host(tagReply); // a second reply to the same id goes nowhere
    host({ type: 'response', id: 99, method: 'events', ok: false, error: { message: 'x', actions: [] } }); // nobody asked
    host({ type: 'response', id: 1, method: 'events', ok: false, error: { message: 'Cancelled.', actions: [], kind: 'cancelled' } });
    assert.deepEqual(
      replies.map(([m, r]) => [m, r.id, r.ok]),
      [
        ['tag', 2, true],
        ['events', 1, false],
      ],
    );
  });

  it("host notices go to the notice handler; messages that are not the host's are ignored", () => {
    const { notices, host } = setup();
    for (const junk of [null, 'init', 42, { type: 'eval' }, { data: 1 }, []]) host(junk);
    host({ type: 'signedIn' });
    host({ type: 'issue', issue: { id: '1', title: 't' } });
    assert.deepEqual(
      notices.map((n) => n.type),
      ['signedIn', 'issue'],
    );
  });

  it('posts page messages and keeps the page state through the VS Code API', () => {
    const { rpc, posted, saved } = setup();
    assert.deepEqual(rpc.savedState, { before: true });
    rpc.save({ after: true });
    assert.deepEqual(saved(), { after: true });
    rpc.post({ type: 'action', action: 'openInBrowser' });
    assert.deepEqual(posted, [{ type: 'action', action: 'openInBrowser' }]);
  });
});
