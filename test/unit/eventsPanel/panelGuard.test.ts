// The guard of one events panel (src/eventsPanel/panelGuard.ts): bound at opening, and for a
// panel VS Code restored after a window reload, the server, account and organization it was saved
// with, every write refused until its header was read again from there.
import assert from 'node:assert/strict';
import { PanelGuard } from '../../../src/eventsPanel/panelGuard';
import type { SessionIdentity } from '../../../src/eventsPanel/core/panelBinding';

const A: SessionIdentity = { baseUrl: 'https://a.example.com', account: 'user:1' };
const B: SessionIdentity = { baseUrl: 'https://b.example.com', account: 'user:1' };

function guardOn(start: SessionIdentity | undefined) {
  let now = start;
  const guard = new PanelGuard(() => now);
  return { guard, set: (s: SessionIdentity | undefined) => (now = s) };
}

describe('eventsPanel/panelGuard: a restored panel writes nothing until its header was read again from its own server and account', () => {
  it('a panel opened now is bound to the session of now and writes through it', () => {
    const { guard } = guardOn(A);
    guard.bind('acme');
    assert.equal(guard.refusal('acme'), undefined);
    assert.deepEqual(guard.binding, { ...A, org: 'acme' });
    assert.equal(guard.awaitingRead, false);
  });

  it('restored with the session of now: refused, saying why, until a read of its header under that session confirms it', () => {
    const { guard } = guardOn(A);
    assert.equal(guard.restore({ ...A, org: 'acme' }, 'acme'), undefined, 'the same server and account: it stays');
    assert.match(guard.refusal('acme') ?? '', /[Nn]othing was sent.*a\.example\.com/);
    assert.equal(guard.awaitingRead, true);
    const ticket = guard.readTicket('acme');
    assert.notEqual(ticket, undefined);
    assert.equal(guard.confirmRead(ticket!, 'acme'), true);
    assert.equal(guard.refusal('acme'), undefined);
    assert.equal(guard.awaitingRead, false);
  });

  it('a read that began under another session, or across a change of session, confirms nothing', () => {
    const { guard, set } = guardOn(B);
    assert.equal(guard.restore({ ...A, org: 'acme' }, 'acme'), 'server', 'saved with another server: the panel must close');
    assert.equal(guard.readTicket('acme'), undefined, 'no read of another server confirms it');
    set(A);
    const { guard: g2, set: set2 } = guardOn(A);
    g2.restore({ ...A, org: 'acme' }, 'acme');
    const ticket = g2.readTicket('acme')!;
    // Signed in to B and back to A while the read was out: its answer may be B's.
    set2(B);
    g2.sessionChanged('acme');
    set2(A);
    g2.sessionChanged('acme');
    assert.equal(g2.confirmRead(ticket, 'acme'), false);
    assert.notEqual(g2.refusal('acme'), undefined);
    // Another organization's read is not this panel's.
    assert.equal(g2.confirmRead(g2.readTicket('acme')!, 'globex'), false);
    assert.equal(g2.confirmRead(g2.readTicket('acme')!, 'acme'), true);
  });

  it('restored with another account of the same server: a problem to close on', () => {
    const { guard } = guardOn({ ...A, account: 'user:2' });
    assert.equal(guard.restore({ ...A, org: 'acme' }, 'acme'), 'account');
  });

  it('restored while signed out: no judgement yet; the first session decides, and a read still has to confirm it', () => {
    const { guard, set } = guardOn(undefined);
    assert.equal(guard.restore({ ...A, org: 'acme' }, 'acme'), undefined);
    assert.match(guard.refusal('acme') ?? '', /signed out/);
    set(B);
    assert.equal(guard.sessionChanged('acme'), 'server');
    const other = guardOn(undefined);
    other.guard.restore({ ...A, org: 'acme' }, 'acme');
    other.set(A);
    assert.equal(other.guard.sessionChanged('acme'), undefined);
    assert.match(other.guard.refusal('acme') ?? '', /read again/);
  });

  it('restored from a state that kept no server and account: refused until the issue is opened again, whatever session comes', () => {
    const { guard, set } = guardOn(A);
    assert.equal(guard.restore(undefined, 'acme'), undefined);
    assert.match(guard.refusal('acme') ?? '', /[Oo]pen the issue again/);
    assert.equal(guard.readTicket('acme'), undefined, 'no read can tell whose it was');
    set(B);
    assert.equal(guard.sessionChanged('acme'), undefined, 'not bound to the next session either');
    assert.notEqual(guard.refusal('acme'), undefined);
    // The user opens the issue again from the session of now: it is that session's.
    guard.bind('acme');
    assert.equal(guard.refusal('acme'), undefined);
    assert.deepEqual(guard.binding, { ...B, org: 'acme' });
  });

  it("a saved organization other than the panel's own is no binding", () => {
    const { guard } = guardOn(A);
    guard.restore({ ...A, org: 'globex' }, 'acme');
    assert.match(guard.refusal('acme') ?? '', /[Oo]pen the issue again/);
  });
});
