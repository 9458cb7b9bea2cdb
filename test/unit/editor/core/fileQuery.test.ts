import assert from 'node:assert/strict';
import { baseName, fileSearchQuery, fileSearchTerm, filenameHint, mayLandIn, pathSuffix, stackFilenameTerm } from '../../../../src/editor/core/fileQuery';
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
    const terms = parseQuery(fileSearchQuery(undefined, stackFilenameTerm(hostile)));
    assert.deepEqual(
      terms.map((t) => [t.key, t.value]),
      [
        ['is', 'unresolved'],
        ['stack.filename', `*${hostile}`],
      ],
    );
  });

  it("says the server's default query once another term is sent, and keeps the view's own", () => {
    const term = fileSearchTerm('src/app/x.ts')!;
    assert.equal(fileSearchQuery(undefined, term), 'is:unresolved stack.filename:"*app/x.ts"');
    assert.equal(fileSearchQuery('', term), 'stack.filename:"*app/x.ts"');
    assert.equal(fileSearchQuery('is:unresolved level:error', term), 'is:unresolved level:error stack.filename:"*app/x.ts"');
  });

  it('asks each platform for what its SDK stores: a bare name exactly, a .NET build path by its name, other paths by their ending', () => {
    assert.equal(fileSearchTerm('android/app/src/main/java/io/sentry/sample/MainActivity.kt'), 'stack.filename:"MainActivity.kt"');
    assert.equal(fileSearchTerm('java/src/main/java/io/sentry/example/Application.java'), 'stack.filename:"Application.java"');
    assert.equal(fileSearchTerm('ios/Runner/AppDelegate.swift'), 'stack.filename:"AppDelegate.swift"');
    assert.equal(fileSearchTerm('flutter/lib/a/b/test.dart'), 'stack.filename:"test.dart"');
    assert.equal(fileSearchTerm('samples/Mvc/Controllers/HomeController.cs'), 'stack.filename:"*HomeController.cs"');
    assert.equal(fileSearchTerm('server/api/orders.py'), 'stack.filename:"*api/orders.py"');
    // The sandbox matches as Sentry does: the old `*<two segments>` never finds a bare name or a backslashed path.
    assert.equal(matchValue('*main/MainActivity.kt', 'MainActivity.kt'), false);
    assert.equal(matchValue('*Controllers/HomeController.cs', 'C:\\src\\Controllers\\HomeController.cs'), false);
    assert.equal(matchValue('*HomeController.cs', 'C:\\src\\Controllers\\HomeController.cs'), true);
    assert.equal(matchValue('MainActivity.kt', 'MainActivity.kt'), true);
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
