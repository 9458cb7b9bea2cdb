import assert from 'node:assert/strict';
import { applyTagFilter, hasTagFilter, queryTokens, quoteValue } from '../../../../../src/eventsPanel/core/page/searchQuery';

describe('webview view model: tag chips -> query', () => {
  it('quotes values only when needed', () => {
    assert.equal(quoteValue('Chrome'), 'Chrome');
    assert.equal(quoteValue('Mac OS X'), '"Mac OS X"');
    assert.equal(quoteValue('say "hi"'), '"say \\"hi\\""');
    assert.equal(quoteValue(''), '""');
  });

  it('tokenizes with quotes', () => {
    assert.deepEqual(queryTokens('a:1  os:"Mac OS X" free "two words"'), ['a:1', 'os:"Mac OS X"', 'free', '"two words"']);
  });

  it('a chip adds key:value, replacing an earlier term of the same key', () => {
    assert.equal(applyTagFilter('', 'browser', 'Chrome'), 'browser:Chrome');
    assert.equal(applyTagFilter('release:1.0', 'browser', 'Chrome'), 'release:1.0 browser:Chrome');
    assert.equal(applyTagFilter('browser:Firefox release:1.0', 'browser', 'Chrome'), 'release:1.0 browser:Chrome');
    assert.equal(applyTagFilter('!browser:Firefox AND', 'browser', 'Chrome'), 'browser:Chrome');
    assert.equal(applyTagFilter('os:"Mac OS X" text', 'os', 'Windows 10'), 'text os:"Windows 10"');
    assert.equal(applyTagFilter('browser.name:x', 'browser', 'y'), 'browser.name:x browser:y', 'a longer key with the same prefix stays');
    assert.ok(hasTagFilter('release:1.0 os:"Windows 10"', 'os', 'Windows 10'));
    assert.ok(!hasTagFilter('release:1.0', 'os', 'Windows 10'));
  });
});
