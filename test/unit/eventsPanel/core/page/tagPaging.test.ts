// "Show all values" of a tag key: the cursor request crosses the boundary validated, the host cuts
// each page to 1,000 values (Sentry's most per page), and the page merges pages (no duplicates) up to a bound.
import assert from 'node:assert/strict';
import type { TagDetails } from '../../../../../src/model/issue/schema';
import { toTagData } from '../../../../../src/eventsPanel/core/eventData';
import { MAX_TAG_PAGES, MAX_TAG_VALUES, PROTOCOL_VERSION, TAG_PAGE_VALUES, type PanelState, type TagData } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import { parsePageMessage } from '../../../../../src/eventsPanel/core/protocol/parsePageMessage';
import { initialState, reduce, type ViewState } from '../../../../../src/eventsPanel/core/page/pageState';
import { envKey, mergeTagValues, showAllState } from '../../../../../src/eventsPanel/core/page/tagsModel';

type Value = TagData['topValues'][number];
const val = (value: string | null, count = 1): Value => ({ value, count });
const values = (from: number, n: number): Value[] => Array.from({ length: n }, (_, i) => val(`v${from + i}`, 1_000_000 - from - i));
const tag = (topValues: Value[], nextCursor?: string, uniqueValues = 50_000): TagData => ({ key: 'url', uniqueValues, totalValues: 2 * uniqueValues, topValues, nextCursor });

const panel: PanelState = { v: PROTOCOL_VERSION, org: 'acme', issueId: '7', issue: { id: '7' }, filters: DEFAULT_FILTERS, tab: 'tags' };

function withFirstPage(data: TagData, ek = ''): ViewState {
  let s = reduce(initialState(), { type: 'init', state: panel });
  s = reduce(s, { type: 'tagRequested', key: 'url', envKey: ek });
  return reduce(s, { type: 'tagLoaded', key: 'url', envKey: ek, data });
}

/** Plays the page's loop: asks for the next cursor while the slot wants more; `pages` answers each cursor. */
function showAll(s: ViewState, page: (cursor: string) => TagData, ek = ''): { s: ViewState; asked: string[] } {
  const asked: string[] = [];
  s = reduce(s, { type: 'tagMoreRequested', key: 'url', envKey: ek });
  for (let cursor = showAllState(s.tags.get('url')).next; cursor; cursor = showAllState(s.tags.get('url')).next) {
    asked.push(cursor);
    s = reduce(s, { type: 'tagMoreLoaded', key: 'url', envKey: ek, cursor, data: page(cursor) });
    assert.ok(asked.length <= MAX_TAG_PAGES + 1, 'the loop ends');
  }
  return { s, asked };
}

describe('events protocol: tag value pages', () => {
  it('a tag request may carry a cursor; a malformed cursor or key is refused', () => {
    assert.deepEqual(parsePageMessage({ type: 'request', id: 4, method: 'tag', params: { key: 'url', environments: [], cursor: '1:9:0' } }), {
      type: 'request',
      id: 4,
      method: 'tag',
      params: { key: 'url', environments: [], cursor: '1:9:0' },
    });
    assert.equal(parsePageMessage({ type: 'request', id: 5, method: 'tag', params: { key: 'url', cursor: 7 } }), undefined);
    assert.equal(parsePageMessage({ type: 'request', id: 6, method: 'tag', params: { key: 'url', cursor: 'x'.repeat(501) } }), undefined);
    for (const key of ['.', '..', '...']) assert.equal(parsePageMessage({ type: 'request', id: 7, method: 'tag', params: { key } }), undefined, key);
  });

  it('the host cuts one answer to 1,000 values, bounds its strings and passes the next cursor on', () => {
    const topValues = Array.from({ length: 100_000 }, (_, i) => ({ key: 'url', name: `n${i}`, value: i === 0 ? 'x'.repeat(1_000_000) : `v${i}`, count: 1 }));
    const details = { key: 'url', name: 'URL', uniqueValues: 100_000, totalValues: 100_000, topValues } as TagDetails;
    const t = toTagData({ ...details, nextCursor: '1:1000:0' });
    assert.equal(t.topValues.length, TAG_PAGE_VALUES);
    assert.equal(t.nextCursor, '1:1000:0');
    assert.ok(t.topValues[0].value!.length <= 1000, `a value of ${t.topValues[0].value!.length} characters`);
    assert.ok(JSON.stringify(t).length < 200_000, `one tag page is ${JSON.stringify(t).length} characters`);
  });
});

describe('webview view model: Show all values', () => {
  it('mergeTagValues keeps the first of each value (null included) and stops at the bound', () => {
    assert.deepEqual(mergeTagValues([val('a', 3), val(null, 2)], [val('a', 9), val('b', 1), val(null, 1), val('null', 1)], 10), [val('a', 3), val(null, 2), val('b', 1), val('null', 1)]);
    assert.equal(mergeTagValues(values(0, 8), values(8, 8), 10).length, 10);
  });

  it('is offered only when the first page came with a next cursor', () => {
    assert.equal(showAllState(withFirstPage(tag(values(0, 9))).tags.get('url')).offer, false);
    const s = withFirstPage(tag(values(0, 9), 'c9'));
    assert.equal(showAllState(s.tags.get('url')).offer, true);
    assert.equal(showAllState(s.tags.get('url')).next, undefined, 'nothing is fetched before the click');
  });

  it('follows the cursor page by page, merges and ends when there is no next cursor', () => {
    const pages: Record<string, TagData> = { c9: tag(values(9, 9), 'c18'), c18: tag(values(18, 5)) };
    const { s, asked } = showAll(withFirstPage(tag(values(0, 9), 'c9')), (c) => pages[c]);
    assert.deepEqual(asked, ['c9', 'c18']);
    const slot = s.tags.get('url')!;
    assert.deepEqual(
      slot.data!.topValues.map((v) => v.value),
      values(0, 23).map((v) => v.value),
    );
    const st = showAllState(slot);
    assert.equal(st.status, 'done');
    assert.equal(st.offer, false);
    assert.equal(st.loaded, 23);
  });

  it(`stops at ${MAX_TAG_VALUES.toLocaleString('en')} values and says it was capped`, () => {
    let n = 1000;
    const { s, asked } = showAll(withFirstPage(tag(values(0, 1000), 'c1000')), (c) => {
      assert.equal(c, `c${n}`);
      const page = tag(values(n, 1000), `c${n + 1000}`);
      n += 1000;
      return page;
    });
    assert.equal(asked.length, MAX_TAG_VALUES / 1000 - 1);
    const st = showAllState(s.tags.get('url'));
    assert.equal(st.status, 'capped');
    assert.equal(st.loaded, MAX_TAG_VALUES);
    assert.equal(st.next, undefined);
    assert.equal(s.tags.get('url')!.data!.topValues.length, MAX_TAG_VALUES);
  });

  it(`stops after ${MAX_TAG_PAGES} pages even when each page is small`, () => {
    let n = 9;
    const { s, asked } = showAll(withFirstPage(tag(values(0, 9), 'c9')), () => {
      const page = tag(values(n, 9), `c${n + 9}`);
      n += 9;
      return page;
    });
    assert.equal(asked.length, MAX_TAG_PAGES);
    assert.equal(showAllState(s.tags.get('url')).status, 'capped');
  });

  it('a page that repeats known values (or none) ends the walk instead of looping', () => {
    const { s, asked } = showAll(withFirstPage(tag(values(0, 9), 'c9')), () => tag(values(0, 9), 'c9'));
    assert.deepEqual(asked, ['c9']);
    assert.equal(showAllState(s.tags.get('url')).status, 'done');
  });

  it('answers for another cursor, other environments, or after Stop are dropped', () => {
    let s = withFirstPage(tag(values(0, 9), 'c9'));
    s = reduce(s, { type: 'tagMoreRequested', key: 'url', envKey: '' });
    const before = s;
    assert.equal(reduce(s, { type: 'tagMoreLoaded', key: 'url', envKey: '', cursor: 'other', data: tag(values(9, 9)) }), before);
    assert.equal(reduce(s, { type: 'tagMoreLoaded', key: 'url', envKey: envKey(['prod']), cursor: 'c9', data: tag(values(9, 9)) }), before);
    const stopped = reduce(s, { type: 'tagMoreStopped', key: 'url' });
    assert.equal(showAllState(stopped.tags.get('url')).status, 'stopped');
    assert.equal(showAllState(stopped.tags.get('url')).next, undefined);
    assert.equal(showAllState(stopped.tags.get('url')).offer, true, 'can be resumed');
    assert.equal(reduce(stopped, { type: 'tagMoreLoaded', key: 'url', envKey: '', cursor: 'c9', data: tag(values(9, 9)) }), stopped);
    // New environments reload the key from its first page: the walk is over.
    const reloaded = reduce(s, { type: 'tagRequested', key: 'url', envKey: envKey(['prod']) });
    assert.equal(showAllState(reloaded.tags.get('url')).next, undefined);
  });

  it('a failed page keeps what was merged and offers to continue', () => {
    let s = withFirstPage(tag(values(0, 9), 'c9'));
    s = reduce(s, { type: 'tagMoreRequested', key: 'url', envKey: '' });
    s = reduce(s, { type: 'tagMoreLoaded', key: 'url', envKey: '', cursor: 'c9', data: tag(values(9, 9), 'c18') });
    s = reduce(s, { type: 'tagMoreFailed', key: 'url', envKey: '', error: { message: 'Rate limited', actions: ['retry'] } });
    const st = showAllState(s.tags.get('url'));
    assert.equal(st.status, 'error');
    assert.equal(st.loaded, 18);
    assert.equal(st.offer, true);
    s = reduce(s, { type: 'tagMoreRequested', key: 'url', envKey: '' });
    assert.equal(showAllState(s.tags.get('url')).next, 'c18', 'continues where it stopped');
  });
});
