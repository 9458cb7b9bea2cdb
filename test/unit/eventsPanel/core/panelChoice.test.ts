import assert from 'node:assert/strict';
import { choosePanel, DOUBLE_OPEN_MS, isEdit, type PanelInfo } from '../../../../src/eventsPanel/core/panelChoice';
import { DEFAULT_FILTERS } from '../../../../src/eventsPanel/core/protocol/filters';
import { PROTOCOL_VERSION, type PanelState } from '../../../../src/eventsPanel/core/protocol/messages';

const kept = (key: string): PanelInfo => ({ key, preview: false });
const preview = (key: string): PanelInfo => ({ key, preview: true });

describe('events panel: which panel an opening goes to', () => {
  it('a preview opening takes over the preview panel; with none, it makes one', () => {
    assert.deepEqual(choosePanel({ key: 'b', preview: true, at: 0 }, [kept('k'), preview('a')]), { kind: 'reuse', key: 'a' });
    assert.deepEqual(choosePanel({ key: 'b', preview: true, at: 0 }, [kept('k')]), { kind: 'create', preview: true });
    assert.deepEqual(choosePanel({ key: 'b', preview: true, at: 0 }, []), { kind: 'create', preview: true });
  });

  it('an opening for good never takes over the preview panel: it makes a kept one', () => {
    assert.deepEqual(choosePanel({ key: 'b', preview: false, at: 0 }, [preview('a')]), { kind: 'create', preview: false });
  });

  it('an issue that has a panel is shown in it, kept or preview, whoever opens it', () => {
    assert.deepEqual(choosePanel({ key: 'k', preview: true, at: 5000 }, [kept('k'), preview('a')], { key: 'a', at: 0 }), { kind: 'reveal', key: 'k', pin: false });
    assert.deepEqual(choosePanel({ key: 'a', preview: true, at: 5000 }, [kept('k'), preview('a')], { key: 'k', at: 4900 }), { kind: 'reveal', key: 'a', pin: false });
  });

  it('the second click of a double-click keeps the preview panel; a click much later only shows it', () => {
    const panels = [preview('a')];
    assert.deepEqual(choosePanel({ key: 'a', preview: true, at: 1000 + DOUBLE_OPEN_MS }, panels, { key: 'a', at: 1000 }), { kind: 'reveal', key: 'a', pin: true });
    assert.deepEqual(choosePanel({ key: 'a', preview: true, at: 1001 + DOUBLE_OPEN_MS }, panels, { key: 'a', at: 1000 }), { kind: 'reveal', key: 'a', pin: false });
    // The opening before was another issue's: not a double-click of this one.
    assert.deepEqual(choosePanel({ key: 'a', preview: true, at: 1010 }, panels, { key: 'b', at: 1000 }), { kind: 'reveal', key: 'a', pin: false });
  });

  it('opening the preview issue for good (a hover, a link, the palette) keeps it', () => {
    assert.deepEqual(choosePanel({ key: 'a', preview: false, at: 99_999 }, [preview('a')]), { kind: 'reveal', key: 'a', pin: true });
  });
});

describe('events panel: what keeps a preview panel', () => {
  const state = (over: Partial<PanelState> = {}): PanelState => ({ v: PROTOCOL_VERSION, org: 'acme', issueId: '7', issue: { id: '7' }, filters: DEFAULT_FILTERS, tab: 'event', ...over });

  it('other filters, or another event chosen, are edits', () => {
    assert.equal(isEdit(state(), state({ filters: { ...DEFAULT_FILTERS, query: 'browser:Chrome' } })), true);
    assert.equal(isEdit(state(), state({ filters: { ...DEFAULT_FILTERS, environments: ['production'] } })), true);
    assert.equal(isEdit(state(), state({ filters: { ...DEFAULT_FILTERS, period: { kind: 'preset', statsPeriod: '24h' } } })), true);
    assert.equal(isEdit(state(), state({ filters: { ...DEFAULT_FILTERS, full: true } })), true);
    assert.equal(isEdit(state(), state({ event: 'oldest' })), true);
    assert.equal(isEdit(state(), state({ event: 'a'.repeat(32) })), true);
  });

  it('a tab switch, the same filters, the latest named or left out, and a new header are looking', () => {
    assert.equal(isEdit(state(), state({ tab: 'events' })), false);
    assert.equal(isEdit(state(), state({ tab: 'tags', filters: { ...DEFAULT_FILTERS } })), false);
    assert.equal(isEdit(state(), state({ event: 'latest' })), false);
    assert.equal(isEdit(state({ event: 'latest' }), state()), false);
    assert.equal(isEdit(state(), state({ issue: { id: '7', status: 'resolved' } })), false);
  });

  it("a state of another issue is not this one's edit", () => {
    assert.equal(isEdit(state(), state({ issueId: '8', event: 'oldest' })), false);
    assert.equal(isEdit(state(), state({ org: 'other', event: 'oldest' })), false);
  });
});
