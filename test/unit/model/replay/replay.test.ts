import assert from 'node:assert/strict';
import { readReplay, readReplayIds, readReplayList, replayId, MAX_REPLAYS } from '../../../../src/model/replay/replay';

/** getsentry/sentry-mcp packages/mcp-server-mocks/src/fixtures/replay-details.json, in its `{data}` envelope. */
const DETAILS = {
  data: {
    id: '7e07485f-12f9-416b-8b14-26260799b51f',
    project_id: '4509109104082945',
    started_at: '2025-04-07T12:00:00.000Z',
    finished_at: '2025-04-07T12:05:00.000Z',
    duration: 300,
    is_archived: false,
    environment: 'production',
    platform: 'javascript',
    count_errors: 1,
    count_warnings: 2,
    count_urls: 2,
    urls: ['/login', '/checkout'],
    trace_ids: ['a4d1aae7216b47ff8117cf4e09ce9d0a'],
    error_ids: ['7ca573c0f4814912aaa9bdc77d1a7d51'],
    browser: { name: 'Chrome', version: '123.0' },
    os: { name: 'macOS', version: '14.4' },
    user: { display_name: 'Taylor Example', email: 'taylor@example.com', id: 'user-1' },
    tags: {},
    releases: ['frontend@1.2.3'],
  },
};

describe('model/replay', () => {
  it('reads the ids of one issue from replay-count with returnIds (a record of id lists)', () => {
    assert.deepEqual(readReplayIds({ '123': ['7e07485f-12f9-416b-8b14-26260799b51f', '7E07485F12F9416B8B1426260799B51F', '../x'], '456': ['aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa'] }, '123'), [
      '7e07485f12f9416b8b1426260799b51f',
    ]);
    assert.deepEqual(readReplayIds({}, '123'), []);
    assert.deepEqual(readReplayIds({ '1': 'x' }, '1'), []);
    const many = Array.from({ length: 50 }, (_, i) => i.toString(16).padStart(32, '0'));
    assert.equal(readReplayIds({ '1': many }, '1').length, MAX_REPLAYS);
  });

  it('reads a replay summary: user, duration, errors, when', () => {
    assert.deepEqual(readReplay(DETAILS), {
      id: '7e07485f12f9416b8b1426260799b51f',
      user: 'Taylor Example',
      duration: 300,
      errors: 1,
      startedAt: Date.parse('2025-04-07T12:00:00Z'),
      browser: 'Chrome 123.0',
      os: 'macOS 14.4',
      environment: 'production',
      urls: 2,
    });
    const bare = readReplay({ id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', user: { id: 'None', email: null }, error_ids: ['a', 'b'] });
    assert.equal(bare?.user, '');
    assert.equal(bare?.errors, 2);
    assert.equal(readReplay({ data: { id: 'javascript:alert(1)' } }), undefined);
    assert.equal(replayId('7e07485f-12f9-416b-8b14-26260799b51f'), '7e07485f12f9416b8b1426260799b51f');
  });

  it('masks what the user field carries', () => {
    const r = readReplay({ id: 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa', user: { display_name: 'Bearer abcdefghijklmnop0123456789' } });
    assert.ok(!r?.user.includes('abcdefghijklmnop0123456789'), r?.user);
  });

  it('reads the replays index by id (`{data: [...]}`), newest first, skipping what is not a replay', () => {
    const older = { ...DETAILS.data, id: 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb', started_at: '2025-04-06T12:00:00.000Z' };
    const list = readReplayList({ data: [older, { id: 'not a replay' }, DETAILS.data, 'x'] });
    assert.deepEqual(
      list.map((r) => r.id),
      ['7e07485f12f9416b8b1426260799b51f', 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb'],
    );
    assert.deepEqual(readReplayList({ detail: 'nope' }), []);
    assert.equal(readReplayList({ data: Array.from({ length: 40 }, (_, i) => ({ id: i.toString(16).padStart(32, '0') })) }).length, MAX_REPLAYS);
  });
});
