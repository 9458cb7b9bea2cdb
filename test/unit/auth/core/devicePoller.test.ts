import * as assert from 'node:assert/strict';
import { NetworkError, OAuthError } from '../../../../src/api/errors';
import { DeviceAuthorizationSchema, type DeviceAuthorization, type TokenResponse } from '../../../../src/model/auth/schema';
import { MAX_DEVICE_EXPIRES_IN_S, pollForDeviceToken, type DevicePollOptions } from '../../../../src/auth/core/devicePoller';
import * as z from '../../../../src/model/z';

const T0 = 1_700_000_000_000;
const TOKENS: TokenResponse = { access_token: 'at', refresh_token: 'rt', token_type: 'bearer', scope: 'org:read', expires_in: 3600 };

function auth(over: Partial<DeviceAuthorization> = {}): DeviceAuthorization {
  return z.parse(DeviceAuthorizationSchema, {
    device_code: 'dc',
    user_code: 'BCDF-GHJK',
    verification_uri: 'http://127.0.0.1/oauth/device/',
    verification_uri_complete: 'http://127.0.0.1/oauth/device/?user_code=BCDF-GHJK',
    expires_in: 600,
    interval: 5,
    ...over,
  });
}

type Step = 'approved' | 'network' | string | { error?: string; latencyMs: number; then?: 'approved' };

/** A virtual clock, and a poll function that answers from a script and records when it was called (s after T0). */
function scripted(script: Step[], onPoll?: (n: number) => void) {
  let t = T0;
  const times: number[] = [];
  const sleeps: number[] = [];
  const opts: DevicePollOptions = {
    now: () => t,
    sleep: async (ms) => {
      sleeps.push(ms);
      t += ms;
    },
    issuedAt: T0,
    poll: async () => {
      times.push((t - T0) / 1000);
      onPoll?.(times.length);
      let step = script.shift();
      if (step === undefined) throw new Error('poll called more often than scripted');
      if (typeof step === 'object') {
        t += step.latencyMs;
        step = step.then ?? step.error ?? 'authorization_pending';
      }
      if (step === 'approved') return TOKENS;
      if (step === 'network') throw new NetworkError('http://127.0.0.1', 'connection refused', 'POST /oauth/token/');
      throw new OAuthError(step, undefined, 400, 'POST /oauth/token/');
    },
  };
  return { opts, times, sleeps, now: () => (t - T0) / 1000 };
}

describe('auth/devicePoller: polling the device grant (RFC 8628)', () => {
  it('keeps polling on authorization_pending, every interval, until approved', async () => {
    const s = scripted(['authorization_pending', 'authorization_pending', 'approved']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.deepEqual(out, { kind: 'approved', tokens: TOKENS, polls: 3 });
    assert.deepEqual(s.times, [5, 10, 15]);
  });

  it('waits the interval before the first poll and honours a non-default interval', async () => {
    const s = scripted(['authorization_pending', 'approved']);
    await pollForDeviceToken(auth({ interval: 7 }), s.opts);
    assert.deepEqual(s.times, [7, 14]);
  });

  it('slow_down adds 5 s to the interval for the rest of the flow', async () => {
    const s = scripted(['slow_down', 'authorization_pending', 'authorization_pending', 'approved']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.equal(out.kind, 'approved');
    assert.deepEqual(s.times, [5, 15, 25, 35]);
  });

  it('two slow_downs in a row add up (5 → 10 → 15 s)', async () => {
    const s = scripted(['slow_down', 'slow_down', 'authorization_pending', 'approved']);
    await pollForDeviceToken(auth(), s.opts);
    assert.deepEqual(s.times, [5, 15, 30, 45]);
  });

  it('spaces polls from the previous answer, so latency never makes them closer than the interval', async () => {
    const s = scripted([{ latencyMs: 2000 }, { latencyMs: 500, error: 'authorization_pending' }, 'approved']);
    await pollForDeviceToken(auth(), s.opts);
    assert.deepEqual(s.times, [5, 12, 17.5]);
  });

  it('access_denied stops polling: denied', async () => {
    const s = scripted(['authorization_pending', 'access_denied']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.deepEqual(out, { kind: 'denied', polls: 2 });
    assert.deepEqual(s.times, [5, 10]);
  });

  it('expired_token stops polling: expired (server)', async () => {
    const s = scripted(['authorization_pending', 'expired_token']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.deepEqual(out, { kind: 'expired', local: false, polls: 2 });
  });

  it('stops when expires_in has elapsed locally, at the expiry instant, without a pointless poll', async () => {
    const s = scripted(['authorization_pending', 'authorization_pending']);
    const out = await pollForDeviceToken(auth({ expires_in: 12 }), s.opts);
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 2 });
    assert.deepEqual(s.times, [5, 10]);
    assert.equal(s.now(), 12);
  });

  it('a poll due exactly at expiry is not sent', async () => {
    const s = scripted(['authorization_pending']);
    const out = await pollForDeviceToken(auth({ expires_in: 10 }), s.opts);
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 1 });
    assert.deepEqual(s.times, [5]);
  });

  it('counts expiry from when the code was issued, not from when polling started', async () => {
    // Issued 590 s ago (e.g. the modal stayed open): the first poll is due at once, the code dies at 10 s.
    const s = scripted(['authorization_pending', 'authorization_pending']);
    const out = await pollForDeviceToken(auth({ expires_in: 600 }), { ...s.opts, issuedAt: T0 - 590_000 });
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 2 });
    assert.deepEqual(s.times, [0, 5]);
    assert.equal(s.now(), 10);
  });

  it('the defaults of RFC 8628 apply when interval and expires_in are left out', async () => {
    const a = z.parse(DeviceAuthorizationSchema, { device_code: 'd', user_code: 'BCDF-GHJK', verification_uri: 'http://x/' });
    assert.equal(a.interval, 5);
    assert.equal(a.expires_in, 600);
    const script = Array.from({ length: 200 }, () => 'authorization_pending');
    const s = scripted(script);
    const out = await pollForDeviceToken(a, s.opts);
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 119 });
    assert.equal(s.times[0], 5);
    assert.equal(s.times.at(-1), 595);
    assert.equal(s.now(), 600);
  });

  it('slow_down counts towards expiry too', async () => {
    const s = scripted(['slow_down', 'slow_down', 'slow_down']);
    const out = await pollForDeviceToken(auth({ expires_in: 40 }), s.opts);
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 3 });
    assert.deepEqual(s.times, [5, 15, 30]);
    assert.equal(s.now(), 40);
  });

  for (const error of ['invalid_grant', 'invalid_client', 'unsupported_grant_type', 'something_new']) {
    it(`any other error (${error}) stops polling and names it`, async () => {
      const s = scripted(['authorization_pending', error]);
      const out = await pollForDeviceToken(auth(), s.opts);
      assert.equal(out.kind, 'error');
      assert.equal(out.kind === 'error' && out.error, error);
      assert.equal(out.polls, 2);
    });
  }

  it('a network failure is retried with backoff, then a pending poll resets it', async () => {
    const s = scripted(['network', 'network', 'authorization_pending', 'approved']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.equal(out.kind, 'approved');
    assert.deepEqual(s.times, [5, 15, 35, 40]);
  });

  it('three network failures in a row stop polling with a named error', async () => {
    const s = scripted(['network', 'network', 'network']);
    const out = await pollForDeviceToken(auth(), s.opts);
    assert.equal(out.kind, 'error');
    assert.equal(out.kind === 'error' && out.error, 'network');
    assert.match(out.kind === 'error' ? out.message : '', /connection refused/);
  });

  it('cancel while waiting stops at once, silently, without another poll', async () => {
    const ac = new AbortController();
    const s = scripted(['authorization_pending', 'authorization_pending', 'approved'], (n) => n === 2 && ac.abort());
    const out = await pollForDeviceToken(auth(), { ...s.opts, signal: ac.signal });
    assert.deepEqual(out, { kind: 'cancelled', polls: 2 });
    assert.deepEqual(s.times, [5, 10]);
  });

  it('cancel during a poll in flight aborts it and ends as cancelled', async () => {
    const ac = new AbortController();
    let started = 0;
    const out = pollForDeviceToken(auth(), {
      signal: ac.signal,
      sleep: async () => {},
      poll: (_code, signal) =>
        new Promise((_, reject) => {
          started++;
          signal.addEventListener('abort', () => reject(Object.assign(new Error('aborted'), { name: 'AbortError' })));
        }),
    });
    await new Promise((r) => setTimeout(r, 5));
    ac.abort();
    assert.deepEqual(await out, { kind: 'cancelled', polls: 1 });
    assert.equal(started, 1);
  });

  it('cancel with the real clock returns within milliseconds, not at the next interval', async () => {
    const ac = new AbortController();
    let polls = 0;
    const started = Date.now();
    const out = pollForDeviceToken(auth({ interval: 30 }), { signal: ac.signal, poll: async () => (polls++, TOKENS) });
    setTimeout(() => ac.abort(), 20);
    assert.deepEqual(await out, { kind: 'cancelled', polls: 0 });
    assert.ok(Date.now() - started < 1000);
    assert.equal(polls, 0);
  });

  it('reports each poll for the log', async () => {
    const events: string[] = [];
    const s = scripted(['authorization_pending', 'slow_down', 'approved']);
    await pollForDeviceToken(auth(), { ...s.opts, onPoll: (e) => events.push(`${e.n}@${(e.at - T0) / 1000}:${e.result}/${e.intervalS}`) });
    assert.deepEqual(events, ['1@5:authorization_pending/5', '2@10:slow_down/5', '3@20:approved/10']);
  });

  it('an absurd interval with the real clock never turns into a poll loop (it overflowed the timer: 832 polls in 1 s)', async () => {
    let polls = 0;
    const ac = new AbortController();
    const done = pollForDeviceToken(auth({ interval: 3_000_000, expires_in: 30_000_000 }), {
      signal: ac.signal,
      poll: async () => {
        polls++;
        throw new OAuthError('authorization_pending', undefined, 400, 'POST /oauth/token/');
      },
    });
    await new Promise((r) => setTimeout(r, 300));
    ac.abort();
    assert.deepEqual(await done, { kind: 'cancelled', polls: 0 });
    assert.equal(polls, 0);
  });

  it('an interval longer than the code lives is capped by expires_in: no poll after expiry, every wait fits a timer', async () => {
    const s = scripted([]);
    const out = await pollForDeviceToken(auth({ interval: 3_000_000, expires_in: 600 }), s.opts);
    assert.deepEqual(out, { kind: 'expired', local: true, polls: 0 });
    assert.equal(s.now(), 600);
    const huge = scripted([]);
    const out2 = await pollForDeviceToken(auth({ interval: 3_000_000, expires_in: 30_000_000 }), huge.opts);
    assert.equal(out2.kind, 'expired');
    assert.ok(
      huge.sleeps.every((ms) => ms >= 0 && ms <= 2 ** 31 - 1),
      huge.sleeps.join(', '),
    );
    assert.ok(huge.now() <= MAX_DEVICE_EXPIRES_IN_S, `polled until ${huge.now()} s`);
  });
});
