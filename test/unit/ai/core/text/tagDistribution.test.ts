import assert from 'node:assert/strict';
import { tagDistributionMarkdown } from '../../../../../src/ai/core/text/tagDistribution';

describe('aiText/tagDistribution', () => {
  it('lists top values with counts and one-decimal percentages of all values', () => {
    const text = tagDistributionMarkdown({
      key: 'browser',
      name: 'Browser',
      uniqueValues: 4,
      totalValues: 300,
      topValues: [
        { value: 'Chrome 120', count: 200 },
        { value: 'Firefox', count: 50 },
        { value: null, count: 1 },
      ],
    });
    assert.equal(
      text,
      ['**Tag Browser** (browser): 4 unique values, 300 in all', '', '- Chrome 120: 200 (66.7%)', '- Firefox: 50 (16.7%)', '- _(empty)_: 1 (0.3%)', '- _1 other value_: 49 (16.3%)', ''].join('\n'),
    );
  });

  it('escapes values and keys', () => {
    const text = tagDistributionMarkdown({ key: 'url', uniqueValues: 1, totalValues: 2, topValues: [{ value: '[x](javascript:alert(1))\n<b>', count: 2 }] });
    assert.equal(text.split('\n')[2], '- \\[x\\]\\(javascript:alert\\(1\\)\\) \\<b\\>: 2 (100.0%)');
    assert.ok(!text.includes('](javascript'));
  });

  it('says when there is no value', () => {
    assert.equal(tagDistributionMarkdown({ key: 'os', uniqueValues: 0, totalValues: 0, topValues: [] }), '**Tag os**: 0 unique values, 0 in all\n\nNo values.\n');
  });
});
