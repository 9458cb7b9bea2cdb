import assert from 'node:assert/strict';
import { baseName, fileSearchQuery, filenameHint, mayLandIn, pathSuffix, stackFilenameTerm } from '../../../../src/editor/core/fileQuery';
import { matchValue, parseQuery } from '../../../sandbox/search';

describe('the search that finds a file’s issues', () => {
  it('searches the last two segments of a workspace path, whatever prefix the server adds', () => {
    assert.equal(pathSuffix('src/app/checkout.ts'), 'app/checkout.ts');
    assert.equal(pathSuffix('web/src/app/checkout.ts'), 'app/checkout.ts');
    assert.equal(pathSuffix('index.php'), 'index.php');
    assert.equal(pathSuffix('server\\api\\orders.py'), 'api/orders.py');
    assert.equal(pathSuffix(''), undefined);
    // What the term matches: every form in which servers send the path.
    const pattern = `*${pathSuffix('web/src/app/checkout.ts')}`;
    for (const served of ['src/app/checkout.ts', 'webpack:///./src/app/checkout.ts', '/srv/app/src/app/checkout.ts', 'app:///src/app/checkout.ts']) {
      assert.ok(matchValue(pattern, served), served);
    }
    assert.equal(matchValue(pattern, 'src/app/checkout.tsx'), false);
    assert.equal(matchValue(pattern, 'src/other/checkout.ts'), false);
  });

  it('quotes and escapes the value, so a file name cannot add terms to the query', () => {
    assert.equal(stackFilenameTerm('app/checkout.ts'), 'stack.filename:"*app/checkout.ts"');
    const hostile = 'a" is:resolved "b.ts';
    const terms = parseQuery(fileSearchQuery(undefined, hostile));
    assert.deepEqual(
      terms.map((t) => [t.key, t.value]),
      [
        ['is', 'unresolved'],
        ['stack.filename', `*${hostile}`],
      ],
    );
  });

  it("says the server's default query once another term is sent, and keeps the view's own", () => {
    assert.equal(fileSearchQuery(undefined, 'app/x.ts'), 'is:unresolved stack.filename:"*app/x.ts"');
    assert.equal(fileSearchQuery('', 'app/x.ts'), 'stack.filename:"*app/x.ts"');
    assert.equal(fileSearchQuery('is:unresolved level:error', 'app/x.ts'), 'is:unresolved level:error stack.filename:"*app/x.ts"');
  });

  it('reads where the latest event happened from metadata.filename, else a culprit that is a path', () => {
    assert.equal(filenameHint({ metadata: { filename: 'src/app/checkout.ts' }, culprit: 'x' }), 'src/app/checkout.ts');
    assert.equal(filenameHint({ metadata: { filename: '' }, culprit: 'src/app/router.ts in go' }), 'src/app/router.ts');
    assert.equal(filenameHint({ metadata: {}, culprit: 'server.api.orders in create' }), undefined);
    assert.equal(filenameHint({ metadata: {}, culprit: null }), undefined);
    const open = new Set(['checkout.ts', 'orders.py']);
    assert.equal(baseName('webpack:///./src/app/Checkout.ts'), 'checkout.ts');
    assert.equal(mayLandIn({ metadata: { filename: 'src/app/checkout.ts' }, culprit: null }, open), true);
    assert.equal(mayLandIn({ metadata: { filename: 'src/app/router.ts' }, culprit: null }, open), false, 'an event in a file not open is not asked for');
    assert.equal(mayLandIn({ metadata: {}, culprit: 'orders in create' }, open), true, 'without a hint the event is asked for');
  });
});
