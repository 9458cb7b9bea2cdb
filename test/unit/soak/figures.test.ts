// The soak's acceptance (test/soak/figures.ts): each line passes on a good run and fails on the
// data it is there to catch, so a soak that prints PASS has been checked by something that can fail.
import * as assert from 'node:assert/strict';
import type { RequestLogEntry } from '../../sandbox/index';
import { checkFinal, checkGrants, checkMemory, checkRecovery, minuteRows, refreshGrants, signInGrants, type Grant } from '../../soak/figures';
import { WINDOW_HEADER, type WindowSample } from '../../soak/protocol';

const MIN = 60_000;

function entry(window: string | undefined, path: string, status: number, at = 0, extra: Partial<RequestLogEntry> = {}): RequestLogEntry {
  return { method: 'GET', path, query: [], headers: window ? { [WINDOW_HEADER]: window } : {}, status, at, ...extra };
}

function grantEntry(window: string, at: number, status = 200, grantType = 'refresh_token'): RequestLogEntry {
  return entry(window, '/oauth/token/', status, at, { method: 'POST', body: `grant_type=${encodeURIComponent(grantType)}&refresh_token=x&client_id=c` });
}

const ok = (at: number, window = 'A'): Grant => ({ at, window, ok: true, status: 200 });

describe('soak figures (test/soak/figures.ts)', () => {
  it('tells the windows apart by their header and counts failed answers, 401s and grants per window', () => {
    const rows = minuteRows(
      [
        entry('A', '/api/0/organizations/acme/issues/', 200),
        entry('A', '/api/0/organizations/acme/issues/', 0),
        entry('A', '/api/0/organizations/acme/issues/', 429),
        entry('B', '/api/0/organizations/acme/issues/', 502),
        entry('B', '/api/0/organizations/acme/issues/', 401),
        grantEntry('B', 5),
        grantEntry('B', 6, 400),
        entry(undefined, '/api/0/', 200),
      ],
      ['A', 'B'],
    );
    assert.deepEqual(rows, [
      { window: 'A', requests: 3, failed: 2, grants: 0, unauthorized: 0 },
      { window: 'B', requests: 4, failed: 1, grants: 1, unauthorized: 1 },
      { window: '?', requests: 1, failed: 0, grants: 0, unauthorized: 0 },
    ]);
  });

  it('reads refresh grants and sign-in grants from the token endpoint', () => {
    const log = [grantEntry('A', 1, 200, 'urn:ietf:params:oauth:grant-type:device_code'), grantEntry('A', 2), grantEntry('B', 3, 400), entry('A', '/oauth/token/', 200, 4)];
    assert.deepEqual(refreshGrants(log), [
      { at: 2, window: 'A', ok: true, status: 200 },
      { at: 3, window: 'B', ok: false, status: 400 },
    ]);
    assert.deepEqual(signInGrants(log), [{ at: 1, window: 'A', ok: true, status: 200 }]);
  });

  describe('one refresh grant per expiry', () => {
    const L = 10 * MIN;

    it('passes when each token is replaced once, in the second half of its life', () => {
      const c = checkGrants({ firstIssuedAt: 0, lifetimeMs: L, grants: [ok(5 * MIN + 3000), ok(10 * MIN + 6000, 'B'), ok(15 * MIN + 6500)], end: 18 * MIN });
      assert.equal(c.pass, true);
      assert.equal(c.granted, 3);
      assert.equal(c.due, 3);
    });

    it('fails on a second grant for one expiry (the other window refreshing again)', () => {
      const c = checkGrants({ firstIssuedAt: 0, lifetimeMs: L, grants: [ok(5 * MIN), ok(5 * MIN + 4000, 'B')], end: 8 * MIN });
      assert.equal(c.pass, false);
      assert.equal(c.early, 1);
      assert.equal(c.due, 1, 'one expiry, two grants');
    });

    it('fails on a refresh storm: a token refreshed at every request', () => {
      const storm = Array.from({ length: 20 }, (_, i) => ok(1000 + i * 5000));
      assert.equal(checkGrants({ firstIssuedAt: 0, lifetimeMs: MIN, grants: storm, end: 2 * MIN }).pass, false);
    });

    it('fails on a refused grant (a spent refresh token used again), on a token replaced after it expired, and on one left to expire', () => {
      const refused = checkGrants({ firstIssuedAt: 0, lifetimeMs: L, grants: [ok(5 * MIN), { at: 5 * MIN + 100, window: 'B', ok: false, status: 400 }], end: 8 * MIN });
      assert.equal(refused.pass, false);
      assert.equal(refused.refused, 1);
      const late = checkGrants({ firstIssuedAt: 0, lifetimeMs: L, grants: [ok(11 * MIN)], end: 12 * MIN });
      assert.equal(late.pass, false);
      assert.equal(late.late, 1);
      const missed = checkGrants({ firstIssuedAt: 0, lifetimeMs: L, grants: [ok(5 * MIN)], end: 16 * MIN });
      assert.equal(missed.pass, false);
      assert.equal(missed.missed, 1);
    });
  });

  it('memory: within 15 % of the baseline passes, either way; beyond fails', () => {
    assert.equal(checkMemory('A', 100, 114).pass, true);
    assert.equal(checkMemory('A', 100, 86).pass, true);
    assert.equal(checkMemory('A', 100, 116).pass, false);
    assert.equal(checkMemory('A', 0, 50).pass, false, 'no baseline is no pass');
  });

  it('recovery: fails while an error state is still open', () => {
    assert.equal(checkRecovery('A', [{ kind: 'list', start: 0, end: 30_000, what: 'HTTP 502' }]).pass, true);
    const open = checkRecovery('A', [
      { kind: 'list', start: 0, end: 30_000, what: 'HTTP 502' },
      { kind: 'list', start: 60_000, what: 'HTTP 500' },
    ]);
    assert.equal(open.pass, false);
    assert.equal(open.longestMs, 30_000);
  });

  it('the final state: signed in and listing issues without an error', () => {
    const base: WindowSample = {
      window: 'A',
      at: 0,
      pid: 1,
      heapUsed: 1,
      rss: 1,
      collected: true,
      signedIn: true,
      lists: 1,
      listErrors: 0,
      listed: 25,
      treeVisible: true,
      rowsDrawn: 0,
      wholeRedraws: 0,
      issuesKept: 0,
      locationsKept: 0,
      rateLimitedRuns: 0,
      ended: [],
      ongoing: [],
      errorMessages: 0,
      warningMessages: 0,
      refreshed: 0,
      adopted: 0,
      editors: 0,
      panels: 0,
      actions: 0,
    };
    assert.equal(checkFinal(base).pass, true);
    assert.equal(checkFinal({ ...base, signedIn: false }).pass, false);
    assert.equal(checkFinal({ ...base, listErrors: 1 }).pass, false);
    assert.equal(checkFinal({ ...base, listed: 0 }).pass, false);
    assert.equal(checkFinal(undefined).pass, false);
  });
});
