import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { IssueListSchema } from '../../../../src/model/issue/schema';
import { describeStatus, issueAccessibilityLabel, issueContextValue, issueDescription, issueLabel, issueTooltipMarkdown, md, statsLine, trendText } from '../../../../src/issues/core/present';
import { anIssue } from '../../builders';
import { escapeMarkdown } from '../../../../src/util/untrusted';
import { ownLinks, unsafeMarkup } from './markdownSafety';
import { presentError } from '../../../../src/contracts/errorPresentation';
import { ForbiddenError, GoneError, NetworkError, NotFoundError, UnauthorizedError } from '../../../../src/api/errors';
import { SignedOutError } from '../../../../src/contracts/errors';
import { relativeTime } from '../../../../src/format/time';
import { sparkline } from '../../../../src/format/sparkline';
import * as z from '../../../../src/model/z';

const [issue] = z.parse(IssueListSchema, JSON.parse(readFileSync(join(__dirname, '../../../fixtures/project-issues.json'), 'utf8')));
const now = Date.parse('2018-11-07T00:19:55Z');

describe('how an issue reads in the tree', () => {
  it('an issue without dates (null firstSeen and lastSeen): "unknown", never 1970, NaN or Invalid Date', () => {
    const undated = anIssue({ firstSeen: null, lastSeen: null });
    const texts = [issueDescription(undated, now), issueAccessibilityLabel(undated, '24h', now), issueTooltipMarkdown(undated, '24h', now)];
    assert.match(texts[0], /last seen unknown$/);
    assert.match(texts[1], /last seen unknown\./);
    assert.match(texts[2], /First seen unknown/);
    assert.match(texts[2], /Last seen unknown/);
    for (const t of texts) assert.doesNotMatch(t, /1970|NaN|Invalid Date|\d+y ago|unknown \(unknown\)/, t);
  });
  // The title first, as Sentry's issue list shows it: a short ID first took half a narrow sidebar.
  it('label: the title; description: short ID, events, users, last seen', () => {
    assert.equal(issueLabel(issue), 'This is an example Python exception');
    assert.equal(issueDescription(issue, now), 'PUMP-STATION-1 · 1 event · 0 users · last seen 3h ago');
    assert.equal(issueDescription({ ...issue, count: '1234', userCount: 2 }, now), 'PUMP-STATION-1 · 1.2K events · 2 users · last seen 3h ago');
  });
  it('the short ID in the description is plain and bounded; the accessibility label still starts with it', () => {
    const hostile = { ...issue, shortId: `\u202eEVIL-1\u0007${'X'.repeat(500)}` };
    const d = issueDescription(hostile, now);
    assert.doesNotMatch(d, /[\u0000-\u001f\u202a-\u202e]/);
    assert.ok(d.length < 200, `${d.length} chars`);
    assert.match(issueAccessibilityLabel(issue, '24h', now), /^Issue PUMP-STATION-1: This is an example Python exception\./);
  });
  it('tooltip has culprit, status, times, assignee, flags and a sparkline', () => {
    const t = issueTooltipMarkdown({ ...issue, assignedTo: { type: 'user', name: 'Jane' }, isBookmarked: true }, '24h', now);
    assert.match(t, /raven\.scripts\.runner in main/);
    assert.match(t, /Status: unresolved/);
    assert.match(t, /First seen 3h ago \(Nov 6, 2018, 9:19:55 PM UTC\)/);
    assert.match(t, /Assignee: Jane · bookmarked, subscribed/);
    assert.match(t, /[▁▂▃▄▅▆▇█]{24} {2}15.6K in 24h/);
  });
  it('a row with a sparkline reads in words: the accessibility label and the tooltip say the level and the trend', () => {
    const counts = Array.from({ length: 24 }, (_, i) => (i === 23 ? 1200 : i % 3));
    const row = { ...issue, level: 'warning', count: '1234', userCount: 2, stats: { '24h': counts } };
    assert.equal(
      issueAccessibilityLabel(row, '24h', now),
      'Issue PUMP-STATION-1: This is an example Python exception. Level: warning. 1.2K events, 2 users, last seen 3h ago. 1.2K events in the last 24 hours.',
    );
    assert.equal(
      issueAccessibilityLabel(row, '24h', now, 'api-server'),
      'Issue PUMP-STATION-1: This is an example Python exception. Level: warning. 1.2K events, 2 users, last seen 3h ago. 1.2K events in the last 24 hours. From project api-server.',
    );
    const words = 'Events over the last 24 hours: 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 1.2K (total 1.2K)';
    assert.equal(trendText(row, '24h'), words);
    const t = issueTooltipMarkdown(row, '24h', now);
    assert.match(t, /^Level: warning · Status: unresolved {2}$/m);
    assert.ok(t.endsWith(`\`${sparkline(counts)}  1.2K in 24h\`  \n${words}`), t);
    // No stats of the period: no sparkline, nothing to say about it; a server's period is never read.
    const bare = { ...row, stats: {} };
    assert.equal(trendText(bare, '24h'), undefined);
    assert.equal(issueAccessibilityLabel(bare, '24h', now), 'Issue PUMP-STATION-1: This is an example Python exception. Level: warning. 1.2K events, 2 users, last seen 3h ago.');
    assert.equal(trendText(row, '[x](https://evil.example/)'), undefined);
    // Server text in the label is plain: no controls or bidi overrides.
    assert.ok(!/[\u0000-\u001f\u202a-\u202e]/.test(issueAccessibilityLabel({ ...row, title: 'a\u202eb\u0007c', level: 'x\u202ey' }, '24h', now)));
  });

  it('server strings cannot inject markup', () => {
    const t = issueTooltipMarkdown({ ...issue, title: '<img src=x onerror=alert(1)> [link](command:evil)' }, '24h', now);
    assert.ok(!/(^|[^\\])<img/.test(t), 'a raw <img must not survive');
    assert.ok(t.includes('\\<img'));
    assert.ok(!t.includes('[link](command:evil)'));
    assert.equal(md('a*b'), 'a\\*b');
  });
  it('statusDetails in words', () => {
    assert.equal(describeStatus({ ...issue, status: 'ignored', statusDetails: { ignoreUntil: '2026-12-01T00:00:00Z' } }), 'ignored (ignoreUntil: 2026-12-01T00:00:00Z)');
    assert.equal(describeStatus(issue), 'unresolved');
  });
  it("a row's texts (description, words, tooltip) move in the time's steps, so an hour redraws a row seen 2 minutes ago 15 times, not 60", () => {
    const seen = anIssue({ lastSeen: new Date(now - 2 * 60_000).toISOString(), firstSeen: new Date(now - 7 * 60_000).toISOString() });
    const texts = new Set<string>();
    for (let m = 0; m < 60; m++) {
      const at = now + m * 60_000;
      texts.add(JSON.stringify([issueDescription(seen, at), issueAccessibilityLabel(seen, '24h', at), issueTooltipMarkdown(seen, '24h', at)]));
    }
    assert.equal(texts.size, 15);
    assert.match(issueDescription(seen, now + 9 * 60_000), /last seen 10m ago$/);
  });
  it('relative times and sparklines', () => {
    assert.equal(relativeTime(now - 45_000, now), '45s ago');
    assert.equal(relativeTime(now - 2 * 86400_000, now), '2d ago');
    assert.equal(relativeTime('garbage', now), 'unknown');
    assert.equal(sparkline([0, 1, 2, 4]), '▁▃▅█');
    assert.equal(sparkline([0, 0]), '▁▁');
  });
});

describe('errors in the Issues view carry their actions', () => {
  it('maps each failure to a message and actions', () => {
    assert.deepEqual(presentError(new UnauthorizedError('Token expired')).actions, ['signIn', 'retry']);
    const f = presentError(new ForbiddenError(['event:read'], undefined));
    assert.match(f.message, /event:read/);
    assert.ok(f.actions.includes('signIn'));
    const nf = presentError(new NotFoundError('Project "web" in organization "acme"', undefined));
    assert.match(nf.message, /Project "web" in organization "acme"/);
    assert.ok(nf.actions.includes('chooseProject'));
    assert.match(presentError(new GoneError('2026-01-01', undefined)).message, /no longer offers/);
    assert.ok(presentError(new NetworkError('http://x', 'connection refused')).actions.includes('retry'));
    assert.deepEqual(presentError(new SignedOutError()).actions, ['signIn']);
  });
});

describe('tooltip Markdown with hostile server text', () => {
  const hostile = [
    'x\n\n[live link](https://evil.example/) ![img](https://evil.example/p.png) <img src=https://evil.example/q.png> <https://evil.example/a>',
    '`` ` ``\n\n<b>bold</b> [a](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%22%7D)',
    'see https://evil.example/x and www.evil.example and $(bug) &#91;x&#93;(command:evil)',
  ];
  for (const text of hostile) {
    it(`no link, image, HTML or broken code span survives: ${JSON.stringify(text.slice(0, 40))}`, () => {
      const evil = {
        ...issue,
        title: text,
        culprit: text,
        shortId: text,
        level: text,
        assignedTo: { type: 'user', name: text },
        status: text,
        statusDetails: { [text]: text, inRelease: { version: text } },
      } as typeof issue;
      const md = issueTooltipMarkdown(evil, '24h', now, `This issue belongs to project ${text}, not web.`);
      assert.deepEqual(unsafeMarkup(md), [], md);
      assert.deepEqual(ownLinks(md), []);
    });
  }

  it('the culprit stays one code span even with blank lines and backticks in it', () => {
    const md = issueTooltipMarkdown({ ...issue, culprit: 'a\n\n`b`\n\n[c](https://evil.example/)' }, '24h', now);
    assert.ok(md.includes("\n`a 'b' [c] (https://evil.example/)`\n"), md);
    assert.deepEqual(unsafeMarkup(md), []);
  });

  it("the stats period is one of the known keys, never the server's", () => {
    const stats = { '24h': issue.stats['24h'], '[x](https://evil.example/)': issue.stats['24h'] } as typeof issue.stats;
    assert.equal(statsLine({ ...issue, stats }, '[x](https://evil.example/)'), undefined);
    assert.match(statsLine({ ...issue, stats }, '24h') ?? '', / in 24h$/);
    const md = issueTooltipMarkdown({ ...issue, stats }, '[x](https://evil.example/)' as '24h', now);
    assert.deepEqual(unsafeMarkup(md), []);
    assert.ok(!md.includes('evil'));
  });

  it('statusDetails nested 20,000 levels deep: bounded words, no stack overflow', () => {
    let deep: unknown = 'bottom';
    for (let i = 0; i < 20_000; i++) deep = { a: deep };
    const evil = { ...issue, status: 'ignored', statusDetails: { ignoreUntil: deep, [`k${'x'.repeat(5000)}`]: 'y'.repeat(100_000) } } as typeof issue;
    const words = describeStatus(evil);
    assert.match(words, /^ignored \(ignoreUntil: \{"a":\{"a":/);
    assert.ok(words.length <= 1000, `${words.length} chars`);
    const md = issueTooltipMarkdown(evil, '24h', now);
    assert.ok(md.length < 5000, `${md.length} chars`);
  });

  it('md is the shared escapeMarkdown', () => {
    assert.equal(md('a](command:x) <b>'), escapeMarkdown('a](command:x) <b>'));
  });
});

describe('the tree row context value (menus match it)', () => {
  it('names status, bookmark and subscription in known words only', () => {
    assert.equal(issueContextValue(anIssue({ status: 'unresolved' }), false), 'issue;status=unresolved;bookmarked=false;subscribed=false;');
    assert.equal(issueContextValue(anIssue({ status: 'resolvedInNextRelease', isBookmarked: true }), true), 'issue.otherProject;status=resolved;bookmarked=true;subscribed=false;');
    assert.equal(issueContextValue(anIssue({ status: 'ignored', isSubscribed: true }), false), 'issue;status=ignored;bookmarked=false;subscribed=true;');
    assert.equal(issueContextValue(anIssue({ status: ';status=resolved;x' }), false), 'issue;status=other;bookmarked=false;subscribed=false;');
    assert.equal(issueContextValue(anIssue({ status: 'constructor' }), false), 'issue;status=other;bookmarked=false;subscribed=false;');
  });
});
