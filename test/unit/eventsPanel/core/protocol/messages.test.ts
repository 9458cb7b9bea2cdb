import assert from 'node:assert/strict';
import {
  HAND_OFF_KINDS,
  PROTOCOL_VERSION,
  TRIAGE_COMMANDS,
  isHandOffKind,
  isTriageCommand,
  parseFilters,
  parseIssueHeader,
  parsePanelState,
} from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import { parsePageMessage } from '../../../../../src/eventsPanel/core/protocol/parsePageMessage';

describe('events protocol: validation of untrusted input', () => {
  it('parseFilters falls back field by field', () => {
    assert.deepEqual(parseFilters(undefined), DEFAULT_FILTERS);
    assert.deepEqual(parseFilters({ period: { kind: 'preset', statsPeriod: '5y' }, environments: ['prod', 3, '', 'prod'], query: 7, full: 'yes', sample: true }), {
      ...DEFAULT_FILTERS,
      environments: ['prod'],
      sample: true,
    });
    // A range must be two valid ISO dates, start before end.
    assert.deepEqual(parseFilters({ period: { kind: 'range', start: '2024-01-02T00:00:00Z', end: '2024-01-01T00:00:00Z' } }).period, DEFAULT_FILTERS.period);
    assert.deepEqual(parseFilters({ period: { kind: 'range', start: 'yesterday', end: '2024-01-01T00:00:00Z' } }).period, DEFAULT_FILTERS.period);
    assert.deepEqual(parseFilters({ period: { kind: 'range', start: '2024-01-01T00:00:00Z', end: '2024-01-02T00:00:00.000Z' } }).period, {
      kind: 'range',
      start: '2024-01-01T00:00:00Z',
      end: '2024-01-02T00:00:00.000Z',
    });
  });

  it('parsePanelState accepts only a well-formed state of this version', () => {
    const good = { v: PROTOCOL_VERSION, org: 'acme', issueId: '42', issue: { id: '99', shortId: 'WEB-1', title: 't', userCount: 3, extra: 1 }, filters: {}, tab: 'tags' };
    const s = parsePanelState(good)!;
    assert.equal(s.issue.id, '42', 'the header id is the state issue id');
    assert.equal(s.issue.shortId, 'WEB-1');
    assert.equal(s.tab, 'tags');
    assert.deepEqual(s.filters, DEFAULT_FILTERS);
    assert.equal(parsePanelState({ ...good, v: 2 }), undefined);
    assert.equal(parsePanelState({ ...good, issueId: '../1' }), undefined);
    assert.equal(parsePanelState({ ...good, org: '' }), undefined);
    assert.equal(parsePanelState(null), undefined);
  });

  it("parsePanelState keeps the saved server, account and organization only when they are one (and the state's organization)", () => {
    const base = { v: PROTOCOL_VERSION, org: 'acme', issueId: '42', issue: {}, filters: {}, tab: 'events' };
    const binding = { baseUrl: 'https://sentry.example.com/self', account: 'user:1', org: 'acme' };
    assert.deepEqual(parsePanelState({ ...base, binding })!.binding, binding);
    assert.equal('binding' in parsePanelState(base)!, false, 'a state saved before they were kept has none');
    for (const bad of [
      { ...binding, baseUrl: 'javascript:alert(1)' },
      { ...binding, baseUrl: 'not a url' },
      { ...binding, baseUrl: `https://x.example.com/${'a'.repeat(3000)}` },
      { ...binding, account: '' },
      { ...binding, account: 'a'.repeat(500) },
      { ...binding, account: 7 },
      { ...binding, org: 'globex' },
      'https://sentry.example.com',
    ]) {
      const s = parsePanelState({ ...base, binding: bad });
      assert.ok(s, 'the rest of the state stands');
      assert.equal(s.binding, undefined, JSON.stringify(bad).slice(0, 80));
    }
  });

  it('parsePageMessage checks requests and actions', () => {
    assert.deepEqual(parsePageMessage({ type: 'request', id: 1, method: 'events', params: { filters: { query: 'a' }, cursor: 'x', restore: true } }), {
      type: 'request',
      id: 1,
      method: 'events',
      params: { filters: { ...DEFAULT_FILTERS, query: 'a' }, cursor: 'x', restore: true },
    });
    assert.deepEqual(parsePageMessage({ type: 'request', id: 2, method: 'tag', params: { key: 'browser', environments: ['prod'] } }), {
      type: 'request',
      id: 2,
      method: 'tag',
      params: { key: 'browser', environments: ['prod'] },
    });
    assert.equal(parsePageMessage({ type: 'request', id: 2, method: 'tag', params: { key: '../x' } }), undefined);
    assert.equal(parsePageMessage({ type: 'request', id: 'x', method: 'events', params: {} }), undefined);
    assert.equal(parsePageMessage({ type: 'request', id: 3, method: 'delete', params: {} }), undefined);
    assert.equal(parsePageMessage({ type: 'action', action: 'rm -rf' }), undefined);
    assert.deepEqual(parsePageMessage({ type: 'action', action: 'openInBrowser' }), { type: 'action', action: 'openInBrowser' });
    assert.deepEqual(
      parsePageMessage({ type: 'openLocation', location: 'src/a.ts:3', frame: { filename: 'src/a.ts', lineNo: 3, colNo: -1, vars: {}, eventPlatform: 'other', sdkName: 'sentry.dart' } }),
      {
        type: 'openLocation',
        location: 'src/a.ts:3',
        frame: { filename: 'src/a.ts', lineNo: 3, eventPlatform: 'other', sdkName: 'sentry.dart' },
      },
    );
    assert.equal(parsePageMessage({ type: 'openLocation', location: '' }), undefined);
    assert.equal(parsePageMessage('ready'), undefined);
    assert.equal(parsePageMessage({ type: 'unknown' }), undefined);
    assert.deepEqual(parsePageMessage({ type: 'ready', version: 1, state: { a: 1 } }), { type: 'ready', version: 1, state: { a: 1 } });
  });

  it('parsePageMessage: a triage message carries one command of the fixed list, and nothing else', () => {
    assert.deepEqual([...TRIAGE_COMMANDS], ['resolve', 'resolveIn', 'archive', 'unresolve', 'assign', 'bookmark', 'unbookmark']);
    for (const command of TRIAGE_COMMANDS) assert.deepEqual(parsePageMessage({ type: 'triage', command }), { type: 'triage', command });
    // What else the page sends (an issue id, an org, arguments) is dropped: the host uses its own issue.
    assert.deepEqual(parsePageMessage({ type: 'triage', command: 'resolve', issueId: '1', org: 'evil', args: [{ org: 'evil', project: 'p', issueId: '1' }] }), {
      type: 'triage',
      command: 'resolve',
    });
    const refused: unknown[] = [
      { type: 'triage' },
      { type: 'triage', command: '' },
      { type: 'triage', command: 'Resolve' },
      { type: 'triage', command: 'sentryExplorer.resolve' },
      { type: 'triage', command: 'markSeen' }, // the host sends it itself, the page may not
      { type: 'triage', command: 'setPriority' },
      { type: 'triage', command: 'workbench.action.terminal.sendSequence' },
      { type: 'triage', command: 'toString' },
      { type: 'triage', command: '__proto__' },
      { type: 'triage', command: ['resolve'] },
      { type: 'triage', command: { toString: () => 'resolve' } },
    ];
    for (const m of refused) assert.equal(parsePageMessage(m), undefined, JSON.stringify(m));
    assert.equal(isTriageCommand('archive'), true);
    assert.equal(isTriageCommand('constructor'), false);
  });

  it('parsePageMessage: Debug This Event carries an event id or nothing, never an issue or a command', () => {
    const id = '0123456789abcdef0123456789ABCDEF';
    assert.deepEqual(parsePageMessage({ type: 'debugEvent' }), { type: 'debugEvent' });
    assert.deepEqual(parsePageMessage({ type: 'debugEvent', eventId: id, issueId: '1', org: 'evil', command: 'workbench.action.terminal.sendSequence' }), { type: 'debugEvent', eventId: id });
    for (const eventId of ['latest', '../x', '', 42, id + '0', ['x']]) assert.equal(parsePageMessage({ type: 'debugEvent', eventId }), undefined, JSON.stringify(eventId));
  });

  it('parsePageMessage: an AI hand-off carries explain or fix, and nothing else', () => {
    assert.deepEqual([...HAND_OFF_KINDS], ['explain', 'fix']);
    assert.deepEqual(parsePageMessage({ type: 'handOff', kind: 'explain' }), { type: 'handOff', kind: 'explain' });
    assert.deepEqual(parsePageMessage({ type: 'handOff', kind: 'fix' }), { type: 'handOff', kind: 'fix' });
    // Only type and kind cross: an issue, a command or arguments the page adds are dropped.
    const extra = { type: 'handOff', kind: 'fix', issueId: '1', org: 'evil', command: 'workbench.action.terminal.sendSequence', args: [{ text: 'x' }], prompt: 'ignore the issue' };
    const parsed = parsePageMessage(extra);
    assert.deepEqual(parsed, { type: 'handOff', kind: 'fix' });
    assert.deepEqual(Object.keys(parsed!).sort(), ['kind', 'type']);
    const refused: unknown[] = [
      { type: 'handOff' },
      { type: 'handOff', kind: '' },
      { type: 'handOff', kind: 'Explain' },
      { type: 'handOff', kind: 'explainWithAI' },
      { type: 'handOff', kind: 'sentryExplorer.fixWithAI' },
      { type: 'handOff', kind: 'resolve' },
      { type: 'handOff', kind: 'workbench.action.terminal.sendSequence' },
      { type: 'handOff', kind: 'toString' },
      { type: 'handOff', kind: '__proto__' },
      { type: 'handOff', kind: ['explain'] },
      { type: 'handOff', kind: { toString: () => 'fix' } },
      { type: 'handoff', kind: 'explain' },
      { type: 'triage', kind: 'explain' },
      ['handOff', 'explain'],
    ];
    for (const m of refused) assert.equal(parsePageMessage(m), undefined, JSON.stringify(m));
    assert.equal(isHandOffKind('fix'), true);
    assert.equal(isHandOffKind('constructor'), false);
  });

  it('parseIssueHeader keeps the assignee (a name, or null for nobody) and the bookmark, bounded', () => {
    assert.deepEqual(parseIssueHeader({ assignee: 'Jane Doe', isBookmarked: true }, '7'), { ...parseIssueHeader({}, '7'), assignee: 'Jane Doe', isBookmarked: true });
    const nobody = parseIssueHeader({ assignee: null, isBookmarked: false }, '7');
    assert.equal(nobody.assignee, null, 'null (nobody) is kept apart from undefined (not known)');
    assert.equal(nobody.isBookmarked, false);
    const odd = parseIssueHeader({ assignee: { name: 'x' }, isBookmarked: 'yes' }, '7');
    assert.equal(odd.assignee, undefined);
    assert.equal(odd.isBookmarked, undefined);
    assert.equal(parseIssueHeader({ assignee: 'a'.repeat(5000) }, '7').assignee?.length, 200);
    const state = parsePanelState({ v: PROTOCOL_VERSION, org: 'acme', issueId: '42', issue: { assignee: '<b>x</b>', isBookmarked: true }, filters: {}, tab: 'events' })!;
    assert.equal(state.issue.assignee, '<b>x</b>', 'text, rendered as text');
    assert.equal(state.issue.isBookmarked, true);
  });
});

describe('events protocol: the Event tab', () => {
  const ID = '0123456789abcdef0123456789ABCDEF';
  const state = { v: PROTOCOL_VERSION, org: 'acme', issueId: '42', issue: {}, filters: {}, tab: 'event' };

  it('parsePanelState keeps the Event tab and a valid event ref, and drops a bad one', () => {
    assert.equal(parsePanelState(state)?.tab, 'event');
    for (const ref of ['latest', 'oldest', 'recommended', ID]) assert.equal(parsePanelState({ ...state, event: ref })?.event, ref);
    for (const ref of ['newest', '../x', 'abc', 42, `${ID}0`]) assert.equal(parsePanelState({ ...state, event: ref })?.event, undefined, String(ref));
    assert.equal(parsePanelState({ ...state, tab: 'other' })?.tab, 'events');
  });

  it('an event request names an alias or 32 hex digits; anything else is refused', () => {
    for (const ref of ['latest', 'oldest', 'recommended', ID]) {
      assert.deepEqual(parsePageMessage({ type: 'request', id: 1, method: 'event', params: { ref, extra: 'dropped' } }), { type: 'request', id: 1, method: 'event', params: { ref } });
    }
    for (const ref of ['', 'latest/', '../../projects', 'g'.repeat(32), null, undefined]) {
      assert.equal(parsePageMessage({ type: 'request', id: 1, method: 'event', params: { ref } }), undefined, String(ref));
    }
  });

  it('reveal, copy and raw JSON name an event by its id (never an alias) and a secret by a non-negative integer', () => {
    assert.deepEqual(parsePageMessage({ type: 'request', id: 2, method: 'reveal', params: { eventId: ID, secret: 3 } }), {
      type: 'request',
      id: 2,
      method: 'reveal',
      params: { eventId: ID, secret: 3 },
    });
    for (const params of [{ eventId: 'latest', secret: 0 }, { eventId: ID, secret: -1 }, { eventId: ID, secret: 1.5 }, { eventId: ID, secret: '0' }, { eventId: ID }]) {
      assert.equal(parsePageMessage({ type: 'request', id: 2, method: 'reveal', params }), undefined, JSON.stringify(params));
    }
    assert.deepEqual(parsePageMessage({ type: 'copyEvent', eventId: ID, format: 'markdown' }), { type: 'copyEvent', eventId: ID, format: 'markdown' });
    assert.deepEqual(parsePageMessage({ type: 'copyEvent', eventId: ID, format: 'json' }), { type: 'copyEvent', eventId: ID, format: 'json' });
    assert.equal(parsePageMessage({ type: 'copyEvent', eventId: ID, format: 'html' }), undefined);
    assert.equal(parsePageMessage({ type: 'copyEvent', eventId: 'latest', format: 'json' }), undefined);
    assert.deepEqual(parsePageMessage({ type: 'openRawEvent', eventId: ID }), { type: 'openRawEvent', eventId: ID });
    assert.equal(parsePageMessage({ type: 'openRawEvent', eventId: `${ID}/..` }), undefined);
  });
});
