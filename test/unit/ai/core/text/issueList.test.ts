import assert from 'node:assert/strict';
import { issueListMarkdown, MAX_LISTED } from '../../../../../src/ai/core/text/issueList';
import { anIssue } from '../../../builders';

const NOW = Date.parse('2024-01-02T03:00:00Z');

describe('aiText/issueList', () => {
  it('an issue without lastSeen (null): "last seen unknown"', () => {
    const text = issueListMarkdown([anIssue({ shortId: 'WEB-2', lastSeen: null, firstSeen: null })], { now: NOW });
    assert.match(text, /· last seen unknown/);
    assert.doesNotMatch(text, /1970|NaN|Invalid Date|\d+y ago/);
  });
  it('one compact line per issue under a count header', () => {
    const issue = anIssue({ shortId: 'WEB-1', title: 'TypeError: x is undefined', count: '1234', userCount: 37, lastSeen: '2024-01-02T00:00:00Z', culprit: 'app/cart.ts in total' });
    const text = issueListMarkdown([issue], { now: NOW, link: (i) => `https://sentry.io/issues/${i.id}/` });
    assert.equal(
      text,
      `**1 issue**\n\n- **WEB-1** TypeError: x is undefined — error · unresolved · 1,234 events · 37 users · last seen 3h ago · in \`app/cart.ts in total\` · [Open in Sentry](<https://sentry.io/issues/${issue.id}/>)\n`,
    );
  });

  it('shows at most 25 and says of how many', () => {
    const issues = Array.from({ length: 30 }, () => anIssue());
    const text = issueListMarkdown(issues, { now: NOW, total: 120 });
    assert.equal(text.split('\n')[0], '**Showing 25 of 120 issues**');
    assert.equal(text.split('\n').filter((l) => l.startsWith('- **')).length, MAX_LISTED);
    assert.equal(issueListMarkdown(issues, { now: NOW, max: 100 }).split('\n')[0], '**Showing 25 of 30 issues**');
    assert.equal(issueListMarkdown(issues.slice(0, 3), { now: NOW, max: 2 }).split('\n')[0], '**Showing 2 of 3 issues**');
    assert.equal(issueListMarkdown(issues.slice(0, 3), { now: NOW }).split('\n')[0], '**3 issues**');
  });

  it('says so when nothing matches', () => {
    assert.equal(issueListMarkdown([], { now: NOW }), 'No issues match.\n');
  });

  it('keeps hostile text inert and on one line; only the vetted link is a link', () => {
    const issue = anIssue({
      shortId: 'W`-[1](http://x)',
      title: '[click](javascript:alert(1)) <img src=x onerror=alert(1)> ``` code\nsecond line\r\n# heading https://evil.example.com',
      culprit: 'a`b\nc',
    });
    const text = issueListMarkdown([issue], { now: NOW, link: () => 'javascript:alert(1)' });
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.length, 3);
    assert.ok(!text.includes('](javascript'), text);
    assert.ok(!text.includes('[click]'));
    assert.ok(!/(?<!\\)<img/i.test(text), 'the tag is escaped');
    assert.ok(lines[2].includes('\\<img src=x onerror=alert\\(1\\)\\>'));
    assert.ok(!text.includes('https://'));
    assert.ok(!text.includes('Open in Sentry'), 'an unvetted link is dropped');
    assert.ok(lines[2].includes('\\[click\\]\\(javascript:alert\\(1\\)\\)'));
    assert.ok(lines[2].includes('\\`\\`\\`'));
    const vetted = issueListMarkdown([issue], { now: NOW, link: () => 'https://sentry.io/x/' });
    assert.equal(vetted.match(/\]\(/g)?.length, 1);
    assert.ok(vetted.includes('[Open in Sentry](<https://sentry.io/x/>)'));
  });
});
