import assert from 'node:assert/strict';
import { PROTOCOL_VERSION, type PanelState, type TagData } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS, filtersKey } from '../../../../../src/eventsPanel/core/protocol/filters';
import type { EventData } from '../../../../../src/eventsPanel/core/protocol/eventList';
import { initialState, isStale, panelState, reduce, type ViewState } from '../../../../../src/eventsPanel/core/page/pageState';
import { envKey, formatPercent, tagBars, tagKeys } from '../../../../../src/eventsPanel/core/page/tagsModel';
import { fromLocalInput, headline, loadedLabel, metadataPairs, rangeFromInputs, toLocalInput, userLabel } from '../../../../../src/eventsPanel/core/page/presentation';
import { frameLocation } from '../../../../../src/model/event/frame';

const ev = (id: string, tags: [string, string][] = [], over: Partial<EventData> = {}): EventData => ({
  id,
  eventID: `e${id}`,
  dateCreated: '2024-01-01T00:00:00Z',
  message: '',
  title: `Title ${id}`,
  tags: tags.map(([key, value]) => ({ key, value })),
  ...over,
});

const panel: PanelState = { v: PROTOCOL_VERSION, org: 'acme', issueId: '7', issue: { id: '7', shortId: 'WEB-7' }, filters: DEFAULT_FILTERS, tab: 'events' };

function loaded(events: EventData[], more = false): ViewState {
  let s = reduce(initialState(), { type: 'init', state: panel });
  s = reduce(s, { type: 'eventsRequested', more: false });
  return reduce(s, { type: 'eventsLoaded', forKey: filtersKey(s.filters), events, nextCursor: more ? 'c1' : undefined, append: false });
}

describe('webview view model: reducer', () => {
  it('init, load, append with Load more', () => {
    let s = loaded([ev('1'), ev('2')], true);
    assert.equal(s.ready, true);
    assert.equal(s.events.length, 2);
    assert.equal(s.nextCursor, 'c1');
    assert.equal(s.loading, 'none');
    s = reduce(s, { type: 'eventsRequested', more: true });
    assert.equal(s.loading, 'more');
    s = reduce(s, { type: 'eventsLoaded', forKey: filtersKey(s.filters), events: [ev('3')], append: true });
    assert.deepEqual(
      s.events.map((e) => e.id),
      ['1', '2', '3'],
    );
    assert.equal(s.nextCursor, undefined);
  });

  it('answers for filters no longer chosen are dropped', () => {
    let s = loaded([ev('1')]);
    const oldKey = filtersKey(s.filters);
    s = reduce(s, { type: 'setFilters', filters: { ...s.filters, query: 'level:error' } });
    assert.equal(isStale(s), true, 'the shown events belong to the old filters');
    assert.equal(reduce(s, { type: 'eventsLoaded', forKey: oldKey, events: [ev('9')], append: false }), s);
    assert.equal(reduce(s, { type: 'eventsFailed', forKey: oldKey, error: { message: 'x', actions: [] } }), s);
    s = reduce(s, { type: 'eventsLoaded', forKey: filtersKey(s.filters), events: [ev('5')], append: false });
    assert.equal(isStale(s), false);
    assert.deepEqual(
      s.events.map((e) => e.id),
      ['5'],
    );
  });

  it('errors are kept until the next request', () => {
    let s = loaded([]);
    s = reduce(s, { type: 'eventsRequested', more: false });
    s = reduce(s, { type: 'eventsFailed', forKey: filtersKey(s.filters), error: { message: 'Sign in again.', actions: ['signIn', 'retry'], kind: 'unauthorized' } });
    assert.equal(s.error?.kind, 'unauthorized');
    assert.equal(s.loading, 'none');
    s = reduce(s, { type: 'eventsRequested', more: false });
    assert.equal(s.error, undefined);
  });

  it('expanding rows, and a new list collapses them', () => {
    let s = loaded([ev('1'), ev('2')]);
    s = reduce(s, { type: 'toggle', id: '2' });
    assert.ok(s.expanded.has('2'));
    assert.equal(reduce(s, { type: 'toggle', id: '2', open: true }), s);
    s = reduce(s, { type: 'toggle', id: '2' });
    assert.ok(!s.expanded.has('2'));
    s = reduce(s, { type: 'toggle', id: '1' });
    s = reduce(s, { type: 'eventsLoaded', forKey: filtersKey(s.filters), events: [ev('1')], append: false });
    assert.equal(s.expanded.size, 0);
  });

  it('tag slots follow the environments they were asked for; the unfiltered environment tag feeds the picker', () => {
    const data: TagData = {
      key: 'environment',
      uniqueValues: 2,
      totalValues: 10,
      topValues: [
        { value: 'production', count: 7 },
        { value: 'staging', count: 3 },
      ],
    };
    let s = loaded([]);
    s = reduce(s, { type: 'tagRequested', key: 'environment', envKey: '' });
    s = reduce(s, { type: 'tagRequested', key: 'environment', envKey: envKey(['staging']) });
    s = reduce(s, { type: 'tagLoaded', key: 'environment', envKey: '', data });
    assert.deepEqual(s.environments, ['production', 'staging']);
    assert.equal(s.tags.get('environment')?.status, 'loading', 'a late answer for other environments does not fill the slot');
    s = reduce(s, { type: 'tagLoaded', key: 'environment', envKey: envKey(['staging']), data });
    assert.equal(s.tags.get('environment')?.status, 'done');
    s = reduce(s, { type: 'tagFailed', key: 'os', envKey: '', error: { message: 'no', actions: ['retry'] } });
    assert.equal(s.tags.get('os')?.status, 'error');
  });

  it('panelState holds what a restore needs', () => {
    let s = loaded([ev('1')]);
    s = reduce(s, { type: 'setTab', tab: 'tags' });
    s = reduce(s, { type: 'issue', issue: { id: '7', title: 'New title' } });
    s = reduce(s, { type: 'issue', issue: { id: '8', title: 'Other issue' } });
    assert.deepEqual(panelState(s), { ...panel, tab: 'tags', issue: { id: '7', shortId: 'WEB-7', title: 'New title' } });
  });

  it("panelState keeps the host's server, account and organization: a restored panel knows whose issue it shows", () => {
    const binding = { baseUrl: 'https://sentry.example.com', account: 'user:1', org: 'acme' };
    // Drawn from the saved state before the host answers, then the host's init.
    const booted = reduce(initialState(), { type: 'boot', state: { ...panel, binding } });
    assert.deepEqual(booted.binding, binding);
    let s = reduce(booted, { type: 'init', state: { ...panel, binding } });
    assert.deepEqual(panelState(s).binding, binding);
    // The host binds it later (opened signed out, then signed in; or opened again after a reload).
    s = reduce(reduce(initialState(), { type: 'init', state: panel }), { type: 'binding', binding });
    assert.deepEqual(panelState(s).binding, binding);
    s = reduce(s, { type: 'binding', binding: undefined });
    assert.equal('binding' in panelState(s), false);
    // Another issue taken over by a preview panel: the binding is the new init's.
    s = reduce(reduce(initialState(), { type: 'init', state: { ...panel, binding } }), { type: 'init', state: { ...panel, issueId: '8', issue: { id: '8' } } });
    assert.equal(panelState(s).binding, undefined);
  });
});

describe('webview view model: presentation helpers', () => {
  it('headline is the message or else the title', () => {
    assert.equal(headline(ev('1', [], { message: '  boom  ', title: 'T' })), 'boom');
    assert.equal(headline(ev('1', [], { message: '', title: 'T' })), 'T');
  });

  it('frame locations', () => {
    assert.equal(frameLocation({ filename: 'src/a.ts', lineNo: 3, colNo: 9 }), 'src/a.ts:3:9');
    assert.equal(frameLocation({ absPath: 'webpack:///./src/a.ts', lineNo: 3 }), 'webpack:///./src/a.ts:3');
    assert.equal(frameLocation({ filename: 'a.py' }), 'a.py');
    assert.equal(frameLocation({ function: 'f' }), undefined);
  });

  it('tag keys: the well-known ones first, in order, then the rest sorted', () => {
    const keys = tagKeys([
      ev('1', [
        ['zeta', '1'],
        ['release', 'r'],
        ['browser', 'b'],
      ]),
      ev('2', [
        ['alpha', '1'],
        ['environment', 'prod'],
        ['browser', 'c'],
      ]),
    ]);
    assert.deepEqual(keys, ['browser', 'environment', 'release', 'alpha', 'zeta']);
  });

  it('tag bars: counts and shares of totalValues', () => {
    const bars = tagBars({
      key: 'os',
      uniqueValues: 3,
      totalValues: 200,
      topValues: [
        { value: 'Linux', count: 150 },
        { value: null, count: 1 },
        { value: 'Mac', count: 49 },
      ],
    });
    assert.deepEqual(
      bars.map((b) => [b.value, b.count, b.percent, b.raw]),
      [
        ['Linux', 150, '75%', 'Linux'],
        ['(none)', 1, '<1%', null],
        ['Mac', 49, '25%', 'Mac'],
      ],
    );
    assert.equal(tagBars({ key: 'x', uniqueValues: 0, totalValues: 0, topValues: [{ value: 'a', count: 0 }] })[0].share, 0);
    assert.equal(formatPercent(1), '100%');
    assert.equal(formatPercent(0.045), '4.5%');
    assert.equal(formatPercent(0.05), '5%');
  });

  it('users, metadata and counts', () => {
    assert.equal(userLabel({ id: '1', email: 'a@b.c' }), 'a@b.c');
    assert.equal(userLabel({ ip_address: '1.2.3.4' }), '1.2.3.4');
    assert.equal(userLabel(null), undefined);
    assert.deepEqual(metadataPairs({ type: 'Error', value: '', n: 1, o: { a: 1 }, z: null }), [
      ['type', 'Error'],
      ['n', '1'],
      ['o', '{"a":1}'],
    ]);
    assert.equal(loadedLabel(100, undefined, true), '100 events loaded, more available');
    assert.equal(loadedLabel(1, undefined, false), '1 event loaded');
    assert.equal(loadedLabel(100, 2345, true), '100 of 2,345 events loaded');
  });

  it('custom range inputs <-> ISO, in the page time zone', () => {
    // UTC+2 has getTimezoneOffset() === -120.
    assert.equal(toLocalInput('2024-03-01T10:00:00Z', -120), '2024-03-01T12:00');
    assert.equal(fromLocalInput('2024-03-01T12:00', -120), '2024-03-01T10:00:00Z');
    assert.equal(fromLocalInput('nonsense', 0), undefined);
    assert.deepEqual(rangeFromInputs('2024-03-01T00:00', '2024-03-02T00:00', 0), { kind: 'range', start: '2024-03-01T00:00:00Z', end: '2024-03-02T00:00:00Z' });
    assert.equal(typeof rangeFromInputs('2024-03-02T00:00', '2024-03-01T00:00', 0), 'string');
    assert.equal(typeof rangeFromInputs('', '2024-03-01T00:00', 0), 'string');
  });
});
