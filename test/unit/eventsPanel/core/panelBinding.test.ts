import assert from 'node:assert/strict';
import { bindingRefusal, checkBinding, sameServer, type PanelBinding } from '../../../../src/eventsPanel/core/panelBinding';

const A: PanelBinding = { baseUrl: 'https://a.example.com', account: 'user:1', org: 'acme' };

describe('eventsPanel/panelBinding: a panel writes only through the server, account and organization it was opened with', () => {
  it('the same server (however its address is written), account and organization: the write may go', () => {
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://a.example.com', account: 'user:1' }, 'acme'), { ok: true });
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://A.example.com/', account: 'user:1' }, 'acme'), { ok: true });
    assert.deepEqual(checkBinding({ ...A, baseUrl: 'https://a.example.com/sentry/' }, { baseUrl: 'https://a.example.com/sentry', account: 'user:1' }, 'acme'), { ok: true });
  });

  it('another server, another account, another organization, or no session: refused, saying which', () => {
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://b.example.com', account: 'user:1' }, 'acme'), { ok: false, reason: 'server' });
    assert.deepEqual(checkBinding(A, { baseUrl: 'http://a.example.com', account: 'user:1' }, 'acme'), { ok: false, reason: 'server' }, 'another scheme is another server');
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://a.example.com/other', account: 'user:1' }, 'acme'), { ok: false, reason: 'server' });
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://a.example.com', account: 'user:2' }, 'acme'), { ok: false, reason: 'account' });
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://a.example.com', account: 'user:1' }, 'globex'), { ok: false, reason: 'org' });
    assert.deepEqual(checkBinding(A, undefined, 'acme'), { ok: false, reason: 'signedOut' });
    // The server is told first: an account id means nothing on another server.
    assert.deepEqual(checkBinding(A, { baseUrl: 'https://b.example.com', account: 'user:2' }, 'globex'), { ok: false, reason: 'server' });
  });

  it('a panel bound to nothing (opened signed out, never signed in since) writes nothing', () => {
    assert.deepEqual(checkBinding(undefined, { baseUrl: 'https://a.example.com', account: 'user:1' }, 'acme'), { ok: false, reason: 'unbound' });
  });

  it('sameServer compares origin and path, not how they are written', () => {
    assert.ok(sameServer('https://sentry.io', 'https://SENTRY.io/'));
    assert.ok(sameServer('https://sentry.io:443', 'https://sentry.io'));
    assert.ok(!sameServer('https://sentry.io', 'https://us.sentry.io'));
    assert.ok(!sameServer('not a url', 'not a url'), 'what is not an address matches nothing');
  });

  it('the refusal names the server it belongs to and says nothing was sent', () => {
    const server = bindingRefusal(A, 'server', { baseUrl: 'https://b.example.com', account: 'user:1' });
    assert.match(server, /a\.example\.com/);
    assert.match(server, /b\.example\.com/);
    assert.match(server, /[Nn]othing was sent/);
    assert.match(bindingRefusal(A, 'account', undefined), /another (Sentry )?account/);
    assert.match(bindingRefusal(A, 'org', undefined), /acme/);
    assert.match(bindingRefusal(A, 'signedOut', undefined), /signed out/i);
    const unverified = bindingRefusal(A, 'unverified', { baseUrl: 'https://a.example.com', account: 'user:1' });
    assert.match(unverified, /[Nn]othing was sent/);
    assert.match(unverified, /a\.example\.com/);
    assert.match(unverified, /read again/);
    assert.match(bindingRefusal(undefined, 'unknown', undefined), /[Nn]othing was sent.*[Oo]pen the issue again/);
  });
});
