import * as assert from 'node:assert/strict';
import { debugArg, parseDebugArg, parseLaunch, sameServer } from '../../../../src/debugEvent/core/target';
import { inlineFirstLine, inlineLookups } from '../../../../src/debugEvent/core/inlineValues';

const ref = { org: 'acme', project: 'web-frontend', issueId: '42' };
const ID = 'ABCDEF0123456789abcdef0123456789';

describe('debugEvent/core/target: which event a session is for, from untrusted input', () => {
  it("the command's argument: an IssueRef (the tree's node too) and an optional event id; anything else refused", () => {
    assert.deepEqual(parseDebugArg(ref), { ref, event: 'latest' });
    assert.deepEqual(parseDebugArg({ ...ref, eventId: ID }), { ref, event: ID.toLowerCase() });
    assert.deepEqual(parseDebugArg({ type: 'issue', org: 'acme', project: 'x', issue: { id: '42', project: { slug: 'web-frontend' } } }), { ref, event: 'latest' });
    for (const bad of [undefined, null, 'PROJ-1', { ...ref, eventId: '../../x' }, { ...ref, eventId: 'latest; rm' }, { ...ref, issueId: '1/2' }, { ...ref, org: 'a b' }])
      assert.equal(parseDebugArg(bad), undefined, JSON.stringify(bad));
    assert.deepEqual(debugArg(ref, ID), { ...ref, eventId: ID.toLowerCase() });
    assert.deepEqual(debugArg(ref, 'nope'), ref);
  });

  it('a launch configuration: an issue id or short ID, an event id or alias, an organization slug', () => {
    assert.deepEqual(parseLaunch({ issue: 'PROJ-123' }), { issue: 'PROJ-123', event: 'latest' });
    assert.deepEqual(parseLaunch({ issue: 42, event: 'oldest', org: 'acme' }), { issue: '42', event: 'oldest', org: 'acme' });
    assert.deepEqual(parseLaunch({ issue: '42', event: ID }), { issue: '42', event: ID.toLowerCase() });
    for (const bad of [{}, { issue: '' }, { issue: '../x' }, { issue: '42', event: 'newest' }, { issue: '42', org: '../evil' }, { issue: { id: 1 } }])
      assert.equal(parseLaunch(bad), undefined, JSON.stringify(bad));
  });

  it('a launch configuration with only an event id (its issue is looked up); an alias alone names no event', () => {
    assert.deepEqual(parseLaunch({ event: ID }), { event: ID.toLowerCase() });
    assert.deepEqual(parseLaunch({ event: ` ${ID} `, org: 'acme' }), { event: ID.toLowerCase(), org: 'acme' });
    for (const bad of [{ event: 'latest' }, { event: 'recommended', org: 'acme' }, { event: ID.slice(1) }, { event: `${ID}/..` }, { event: ID, issue: '' }, { event: ID, org: '../evil' }])
      assert.equal(parseLaunch(bad), undefined, JSON.stringify(bad));
  });

  it('the same server: host case, default port and a trailing slash aside', () => {
    assert.ok(sameServer('https://Sentry.example.com/', 'https://sentry.example.com:443'));
    assert.ok(!sameServer('https://sentry.example.com', 'https://us.sentry.example.com'));
    assert.ok(!sameServer('not a url', 'not a url'));
  });
});

describe("debugEvent/core/inlineValues: where a frame's variables appear in its lines", () => {
  it('whole words only, quoted Python names found bare, bounded', () => {
    const lines = [
      { line: 3, text: '    total = sum(item.price for item in items)' },
      { line: 4, text: "    raise ValueError(f'{total} over {limit}')  # totals" },
    ];
    assert.deepEqual(
      inlineLookups(lines, ['total', "'limit'", 'items', 'a b']).map((l) => [l.line, l.start, l.end, l.name]),
      [
        [3, 4, 9, 'total'],
        [3, 39, 44, 'items'],
        [4, 24, 29, 'total'],
        [4, 37, 42, "'limit'"],
      ],
    );
    assert.equal(inlineLookups([{ line: 0, text: 'x '.repeat(5000) }], ['x']).length, 500);
  });
});

describe('debugEvent/core/inlineValues: the lines of the stopped function', () => {
  // checkout.ts of the sample workspace (0-based): applyCoupon 29-36, submitOrder 38-52 (stopped at 51), summarize 54-61 with a callback 55-58.
  const functions = [
    { start: 20, end: 27 },
    { start: 21, end: 24 },
    { start: 29, end: 36 },
    { start: 38, end: 52 },
    { start: 54, end: 61 },
    { start: 55, end: 58 },
  ];

  it('the enclosing function a symbol provider found, the innermost one', () => {
    assert.equal(inlineFirstLine(51, functions, 5), 38);
    assert.equal(inlineFirstLine(22, functions, 5), 21, 'the reduce callback, not computeTotal');
    assert.equal(inlineFirstLine(56, functions, 30), 55, 'however many lines Sentry kept');
  });

  it("without symbols: the lines Sentry kept before the frame's", () => {
    assert.equal(inlineFirstLine(51, undefined, 5), 46);
    assert.equal(inlineFirstLine(3, undefined, 5), 0);
    assert.equal(inlineFirstLine(51, [], undefined), 51, 'nothing kept: the stop line only');
  });

  it('module-level code: the kept lines, after the last function that ends above the stop', () => {
    assert.equal(inlineFirstLine(65, functions, 10), 62);
    assert.equal(inlineFirstLine(65, functions, 2), 63);
  });
});
