import assert from 'node:assert/strict';
import {
  cacheKey,
  DEFAULT_FILTER,
  describeFilter,
  describeQuery,
  describeWindow,
  clearedFilter,
  filterNotice,
  isFiltered,
  looksLikeShortId,
  markQuery,
  PRESETS,
  savedSearchOf,
  withSavedSearch,
  withSearch,
  parseHashes,
  parseWindow,
  toParams,
  type IssueFilter,
} from '../../../../src/issues/core/filter';
import { parseSentryCliRc, parseSentryProperties } from '../../../../src/selection/detect';
import type { TimeWindow } from '../../../../src/store/issueSource';

describe('issue filters become exactly the request parameters', () => {
  const f = (over: Partial<IssueFilter>): IssueFilter => ({ ...DEFAULT_FILTER, ...over });
  it('Unresolved sends no query at all (the server default)', () => assert.equal(toParams(f({})).query, undefined));
  it('All statuses sends an empty query', () => assert.equal(toParams(f({ preset: 'all' })).query, ''));
  it('presets', () => {
    assert.equal(toParams(f({ preset: 'assignedToMe' })).query, 'is:unresolved assigned:me');
    assert.equal(toParams(f({ preset: 'forReview' })).query, 'is:unresolved is:for_review');
    assert.equal(toParams(f({ preset: 'feedback' })).query, 'issue.category:feedback');
  });
  it('free text is trimmed; a short ID turns on shortIdLookup', () => {
    assert.deepEqual(toParams(f({ preset: 'custom', text: '  level:error ' })), { query: 'level:error', statsPeriod: '24h', sort: 'date', shortIdLookup: undefined });
    assert.equal(toParams(f({ preset: 'custom', text: 'WEB-FRONTEND-1A' })).shortIdLookup, true);
  });
  it('period and sort pass through, including the empty period', () => {
    assert.equal(toParams(f({ statsPeriod: '' })).statsPeriod, '');
    assert.equal(toParams(f({ sort: 'freq' })).sort, 'freq');
  });
  it('short IDs', () => {
    for (const s of ['PROJ-123', 'WEB-FRONTEND-1A', 'api-server-k9', 'A-1']) assert.ok(looksLikeShortId(s), s);
    for (const s of ['is:unresolved', 'TypeError', 'level:error', 'foo bar-1', '', '-1', 'WEB-']) assert.ok(!looksLikeShortId(s), s);
  });
  it('describes the active filter and keys the cache by project, query, period and sort', () => {
    assert.equal(describeFilter(DEFAULT_FILTER), 'Unresolved Issues · 24h · Last seen');
    assert.equal(describeFilter(f({ preset: 'custom', text: 'x', statsPeriod: '' })), '"x" · no stats · Last seen');
    const keys = new Set([
      cacheKey('o', 'p', DEFAULT_FILTER),
      cacheKey('o', 'q', DEFAULT_FILTER),
      cacheKey('o', 'p', f({ preset: 'all' })),
      cacheKey('o', 'p', f({ statsPeriod: '14d' })),
      cacheKey('o', 'p', f({ sort: 'new' })),
    ]);
    assert.equal(keys.size, 5);
    assert.equal(cacheKey('o', 'p', f({ preset: 'custom', text: 'is:unresolved' })) === cacheKey('o', 'p', DEFAULT_FILTER), false);
  });
});

describe("Sentry's saved searches, a search typed in the view, and the editor's marks", () => {
  const f = (over: Partial<IssueFilter>): IssueFilter => ({ ...DEFAULT_FILTER, ...over });
  it("offers Sentry's default saved searches, in its order, each as the query Sentry sends", () => {
    assert.deepEqual(
      Object.entries(PRESETS).map(([id, p]) => [id, p.label, p.query]),
      [
        ['unresolved', 'Unresolved Issues', undefined],
        ['forReview', 'For Review', 'is:unresolved is:for_review'],
        ['needsTriage', 'Needs Triage', 'is:unresolved is:unassigned'],
        ['assignedToMe', 'Assigned to Me', 'is:unresolved assigned:me'],
        ['bookmarks', 'My Bookmarks', 'is:unresolved bookmarks:me'],
        ['newToday', 'New Today', 'is:unresolved age:-24h'],
        ['errorsOnly', 'Errors Only', 'is:unresolved level:error'],
        ['all', 'All Statuses', ''],
        ['feedback', 'User Feedback', 'issue.category:feedback'],
      ],
    );
  });
  it('a typed search replaces the query of the tree, remembers its saved search, and the marks keep that one', () => {
    const mine = f({ preset: 'assignedToMe', environments: ['production'] });
    const searched = withSearch(mine, '  TypeError ');
    assert.deepEqual(searched, { ...mine, preset: 'custom', text: 'TypeError', base: 'assignedToMe' });
    assert.equal(toParams(searched).query, 'TypeError');
    assert.equal(markQuery(searched), 'is:unresolved assigned:me', 'the editor keeps the saved search');
    assert.equal(markQuery(mine), 'is:unresolved assigned:me');
    assert.equal(markQuery(f({})), undefined, 'the server default, as before');
    // A second search keeps the first one's saved search; an empty one goes back to it.
    assert.equal(withSearch(searched, 'WEB-FRONTEND-1').base, 'assignedToMe');
    assert.deepEqual(withSearch(searched, '   '), { ...mine, text: undefined, base: undefined });
    assert.equal(savedSearchOf(f({ preset: 'custom', text: 'x' })), 'unresolved', 'a search stored by an earlier version: under the default');
    assert.equal(markQuery(f({ preset: 'custom', text: 'is:resolved' })), undefined);
    // A saved search chosen drops the typed search.
    assert.deepEqual(withSavedSearch(searched, 'newToday'), { ...mine, preset: 'newToday', text: undefined, base: undefined });
  });
  it('a filter is on while it hides issues (a query, environments, a window), not for a sort or graph period; Clear Filter keeps those', () => {
    assert.equal(isFiltered(DEFAULT_FILTER), false);
    assert.equal(isFiltered(f({ sort: 'freq', statsPeriod: '14d' })), false);
    assert.equal(filterNotice(f({ sort: 'freq' })), undefined);
    for (const on of [f({ preset: 'needsTriage' }), f({ preset: 'custom', text: 'x' }), f({ environments: ['staging'] }), f({ window: { period: '7d' } })]) {
      assert.equal(isFiltered(on), true, JSON.stringify(on));
      assert.deepEqual(clearedFilter({ ...on, sort: 'freq', statsPeriod: '14d' }), { ...DEFAULT_FILTER, sort: 'freq', statsPeriod: '14d' });
    }
    assert.equal(filterNotice(f({ preset: 'newToday' })), 'Filtered: New Today');
  });
});

describe('project detection from sentry-cli files', () => {
  it('.sentryclirc [defaults]', () => {
    assert.deepEqual(parseSentryCliRc('[auth]\ntoken=secret\n\n[defaults]\norg = acme\nproject=web-frontend\n'), { org: 'acme', project: 'web-frontend' });
    assert.deepEqual(parseSentryCliRc('[other]\norg=x\n'), {});
  });
  it('sentry.properties', () => {
    assert.deepEqual(parseSentryProperties('# c\ndefaults.url=https://sentry.io/\ndefaults.org=acme\ndefaults.project = api-server\nauth.token=secret'), { org: 'acme', project: 'api-server' });
  });
});

describe('hashes input', () => {
  it('splits on spaces, commas, semicolons and new lines, without duplicates', () => {
    assert.deepEqual(parseHashes('a, b\nc;a  d'), ['a', 'b', 'c', 'd']);
  });
});

describe('environments and the time window of the filter', () => {
  const at = Date.parse('2026-11-23T12:00:00Z');
  it('joins the list spec (and its key) only when set', () => {
    assert.deepEqual(Object.keys(toParams(DEFAULT_FILTER)).sort(), ['query', 'shortIdLookup', 'sort', 'statsPeriod']);
    const f = { ...DEFAULT_FILTER, environments: ['production'], window: { period: '7d' } };
    assert.deepEqual(toParams(f).environments, ['production']);
    assert.deepEqual(toParams(f).window, { period: '7d' });
    assert.notEqual(cacheKey('o', 'p', f), cacheKey('o', 'p', DEFAULT_FILTER));
    assert.notEqual(cacheKey('o', 'p', f), cacheKey('o', 'p', { ...f, environments: ['staging'] }));
    assert.equal(describeFilter(f), 'Unresolved Issues · production · last 7 days · 24h · Last seen');
  });

  it('says above the tree what narrows the list, since a view alone in its container hides its description', () => {
    assert.equal(filterNotice(DEFAULT_FILTER), undefined, 'the default list needs no notice');
    // The empty state's "No issues in … match …" names them too.
    assert.equal(describeQuery(DEFAULT_FILTER), 'is:unresolved');
    assert.equal(describeQuery({ ...DEFAULT_FILTER, environments: ['staging', 'qa'], window: { period: '7d' } }), 'is:unresolved · staging, qa · last 7 days');
    assert.equal(filterNotice({ ...DEFAULT_FILTER, statsPeriod: '14d', sort: 'freq' }), undefined, 'stats period and sort do not narrow it');
    assert.equal(filterNotice({ ...DEFAULT_FILTER, environments: ['staging'], window: { period: '7d' } }), 'Filtered: staging · last 7 days');
    assert.equal(filterNotice({ ...DEFAULT_FILTER, preset: 'custom', text: 'level:error' }), 'Filtered: "level:error"');
    assert.equal(filterNotice({ ...DEFAULT_FILTER, preset: 'all' }), 'Filtered: All Statuses');
    // Environment names are the server's text: one bounded plain line.
    const notice = filterNotice({ ...DEFAULT_FILTER, environments: ['a\nb', 'x'.repeat(500)] })!;
    assert.ok(!notice.includes('\n') && notice.length < 260, notice);
  });

  it('reads a custom range as UTC dates and says what is wrong with a bad one', () => {
    assert.deepEqual(parseWindow('2026-11-01', '2026-11-02T08:30', at), { start: '2026-11-01T00:00:00Z', end: '2026-11-02T08:30:00Z' });
    assert.match(parseWindow('2026-11-24', '', at) as string, /before the end/, 'an open end is now: the start must be before it');
    assert.match(parseWindow('yesterday', '', at) as string, /not a date/);
    assert.match(parseWindow('2026-02-31', '', at) as string, /not a date/, 'a date that does not exist');
    assert.match(parseWindow('2026-11-02', '2026-11-01', at) as string, /before the end/);
    assert.match(parseWindow('2026-11-01T25:00', '', at) as string, /not a date/);
  });
});

describe('a custom range with an empty end', () => {
  const at = Date.parse('2026-11-23T12:00:00Z');
  it('stays open: kept without an end, so each request ends at its own now', () => {
    const w = parseWindow('2026-11-20T10:00', ' ', at);
    assert.deepEqual(w, { start: '2026-11-20T10:00:00Z' });
    assert.deepEqual(JSON.parse(JSON.stringify(w)), w, 'the same after workspace state');
    const f: IssueFilter = { ...DEFAULT_FILTER, window: w as TimeWindow };
    assert.equal(describeWindow(f.window!), '2026-11-20 10:00 – now');
    assert.equal(filterNotice(f), 'Filtered: 2026-11-20 10:00 – now');
    // Its lists are the same list whenever they are read, with or without the key of an absent end.
    assert.equal(cacheKey('o', 'p', f), cacheKey('o', 'p', { ...f, window: { start: '2026-11-20T10:00:00Z', end: undefined } }));
    assert.equal(cacheKey('o', 'p', f), cacheKey('o', 'p', { ...f, window: parseWindow('2026-11-20T10:00', '', at + 86_400_000) as TimeWindow }));
    assert.notEqual(cacheKey('o', 'p', f), cacheKey('o', 'p', { ...f, window: parseWindow('2026-11-20T10:00', '2026-11-23T12:00', at) as TimeWindow }));
  });
  it('a stored range with an end is read as before', () => {
    const w = { start: '2026-11-01T00:00:00Z', end: '2026-11-02T08:30:00Z' };
    assert.equal(describeWindow(w), '2026-11-01 00:00 – 2026-11-02 08:30');
    assert.deepEqual(toParams({ ...DEFAULT_FILTER, window: w }).window, w);
  });
});
