import assert from 'node:assert/strict';
import fc from 'fast-check';
import { normalisePath, parseLocation, parseServerLocation } from '../../../../src/editor/core/location';
import { newestInAppLocation } from '../../../../src/editor/core/marks';
import type { SentryEvent } from '../../../../src/model/event/schema';
import { readPathMappings } from '../../../../src/config';
import { applyMappings, confine, PathIndex } from '../../../../src/editor/core/pathIndex';

describe('parsing event locations', () => {
  const cases: [string | null, ReturnType<typeof parseLocation>][] = [
    ['example.py:123', { path: 'example.py', line: 123 }],
    ['server/api/orders.py:42', { path: 'server/api/orders.py', line: 42 }],
    ['index.js', { path: 'index.js' }],
    ['src/app/checkout.ts:12:5', { path: 'src/app/checkout.ts', line: 12, column: 5 }],
    ['C:\\build\\src\\utils\\format.js:7', { path: 'build/src/utils/format.js', line: 7 }],
    ['app:///src/app/store.ts:30', { path: 'src/app/store.ts', line: 30 }],
    ['webpack:///./src/components/Cart.tsx:18:3', { path: 'src/components/Cart.tsx', line: 18, column: 3 }],
    ['webpack-internal:///./src/x.js:1', { path: 'src/x.js', line: 1 }],
    ['~/src/app/router.ts:9', { path: 'src/app/router.ts', line: 9 }],
    ['/usr/src/app/server/db/models.py:88', { path: 'usr/src/app/server/db/models.py', line: 88 }],
    ['https://cdn.example.com/static/js/main.js:1:2000', { path: 'static/js/main.js', line: 1, column: 2000 }],
    ['../../etc/passwd', { path: 'etc/passwd' }],
    ['<anonymous>', undefined],
    ['[native code]', undefined],
    ['', undefined],
    [null, undefined],
    ['file.py:0', { path: 'file.py' }],
  ];
  for (const [input, want] of cases) it(JSON.stringify(input), () => assert.deepEqual(parseLocation(input), want));

  it('property: never throws, and a parsed path has no empty, . or .. segments and no backslash', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.array(fc.constantFrom('a', 'b.js', '..', '.', '', 'C:', '\\', 'app:', '~', '<x>'), { maxLength: 8 }).map((a) => a.join('/')),
        ),
        (s) => {
          const p = parseLocation(s);
          if (!p) return;
          assert.ok(!p.path.includes('\\'));
          for (const seg of p.path.split('/')) assert.ok(seg !== '' && seg !== '.' && seg !== '..', p.path);
          assert.ok(!p.path.startsWith('/'));
        },
      ),
    );
  });
  it('normalisePath of frames', () => {
    assert.equal(normalisePath('webpack:////usr/src/getsentry/src/sentry/node_modules/@sentry/browser/esm/helpers.js'), 'usr/src/getsentry/src/sentry/node_modules/@sentry/browser/esm/helpers.js');
  });
});

describe('the path-suffix index', () => {
  const index = new PathIndex();
  for (const p of ['src/app/checkout.ts', 'src/utils/format.js', 'lib/utils/format.js', 'format.js', 'server/api/orders.py', 'packages/a/src/app/checkout.ts']) index.add(0, p);
  index.add(1, 'src/app/checkout.ts');

  it('longest suffix wins', () => {
    assert.deepEqual(index.best('/home/ci/build/src/utils/format.js')[0].file, { folder: 0, path: 'src/utils/format.js' });
    assert.deepEqual(
      index.best('lib/utils/format.js').map((m) => m.file.path),
      ['lib/utils/format.js'],
    );
  });
  it('ties go to the file nearest the root, then list every equal candidate', () => {
    assert.deepEqual(
      index.best('x/format.js').map((m) => m.file.path),
      ['format.js'],
    );
    const best = index.best('/srv/src/app/checkout.ts');
    assert.deepEqual(
      best.map((m) => [m.file.folder, m.file.path]),
      [
        [0, 'src/app/checkout.ts'],
        [1, 'src/app/checkout.ts'],
      ],
    );
  });
  it('no match for unknown files; remove keeps the index current', () => {
    assert.deepEqual(index.lookup('nothing.rb'), []);
    const i2 = new PathIndex();
    i2.add(0, 'a/b.ts');
    i2.remove(0, 'a/b.ts');
    assert.equal(i2.size, 0);
    assert.deepEqual(i2.lookup('a/b.ts'), []);
  });
  it('property: every match is a file of the index, so nothing outside the workspace resolves', () => {
    const files = ['a/b.ts', 'c/b.ts', 'b.ts', 'etc/passwd', 'src/x/y.py'];
    const idx = new PathIndex();
    files.forEach((f) => idx.add(0, f));
    fc.assert(
      fc.property(fc.array(fc.constantFrom('..', '.', 'a', 'c', 'etc', 'b.ts', 'passwd', 'y.py', 'x', 'src', '/', 'C:'), { maxLength: 8 }), (segs) => {
        for (const m of idx.lookup(segs.join('/'))) assert.ok(files.includes(m.file.path));
      }),
    );
  });
});

describe('user path mappings', () => {
  it('the first matching prefix wins and maps into the workspace', () => {
    const maps = [
      { from: '/usr/src/app/', to: 'services/web' },
      { from: '/usr/src/', to: 'other' },
    ];
    assert.equal(applyMappings('/usr/src/app/lib/a.js', maps), 'services/web/lib/a.js');
    assert.equal(applyMappings('/usr/src/b.js', maps), 'other/b.js');
    assert.equal(applyMappings('/opt/c.js', maps), undefined);
  });
  it('refuses targets outside the workspace', () => {
    assert.equal(applyMappings('/x/../../../etc/passwd', [{ from: '/x/', to: '' }]), undefined);
    assert.equal(applyMappings('/x/a.js', [{ from: '/x/', to: '/etc' }]), undefined);
    assert.equal(applyMappings('/x/a.js', [{ from: '/x/', to: 'C:\\Windows' }]), undefined);
    assert.equal(applyMappings('/x/a.js', [{ from: '/x/', to: '../outside' }]), undefined);
    assert.equal(confine('a/../../b'), undefined);
    assert.equal(confine('a/./b/../c'), 'a/c');
  });
  it('property: a mapped path never climbs out', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom('..', '.', 'a', 'b', ''), { maxLength: 10 }), fc.array(fc.constantFrom('..', '.', 'x', ''), { maxLength: 4 }), (rest, to) => {
        const r = applyMappings(`/p/${rest.join('/')}`, [{ from: '/p/', to: to.join('/') }]);
        if (r !== undefined) {
          assert.ok(!r.split('/').includes('..'));
          assert.ok(!r.startsWith('/'));
        }
      }),
    );
  });
});

describe('path mappings match the raw server path (README examples)', () => {
  const readme = [{ from: '/usr/src/app/', to: 'services/web' }];
  const webpack = [{ from: 'webpack:///./', to: 'src' }];

  it('a location keeps the path as the server sent it, without line and column', () => {
    assert.deepEqual(parseServerLocation('/usr/src/app/lib/a.js:12:3'), { path: 'usr/src/app/lib/a.js', raw: '/usr/src/app/lib/a.js', line: 12, column: 3 });
    assert.deepEqual(parseServerLocation('webpack:///./components/Cart.tsx:18'), { path: 'components/Cart.tsx', raw: 'webpack:///./components/Cart.tsx', line: 18 });
    assert.deepEqual(parseServerLocation('  C:\\build\\src\\a.js  '), { path: 'build/src/a.js', raw: 'C:\\build\\src\\a.js' });
    assert.equal(parseServerLocation('<anonymous>'), undefined);
    assert.equal(parseServerLocation(null), undefined);
  });

  it('the README mappings apply to the raw path (they never matched the normalised one)', () => {
    const loc = parseServerLocation('/usr/src/app/lib/a.js:12')!;
    assert.equal(applyMappings(loc.path, readme), undefined, 'the normalised path has lost its leading slash');
    assert.equal(applyMappings(loc.raw, readme), 'services/web/lib/a.js');
    assert.equal(applyMappings(parseServerLocation('webpack:///./components/Cart.tsx:18:3')!.raw, webpack), 'src/components/Cart.tsx');
  });

  it('a URL path is mapped without its query or fragment', () => {
    assert.equal(applyMappings('https://cdn.example.com/static/js/main.js?v=3#x', [{ from: 'https://cdn.example.com/static/', to: 'public' }]), 'public/js/main.js');
  });

  it('property: parseLocation is parseServerLocation without the raw path', () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const server = parseServerLocation(s);
        const parsed = parseLocation(s);
        if (!server) return assert.equal(parsed, undefined);
        const { raw, ...rest } = server;
        assert.deepEqual(parsed, rest);
        assert.equal(normalisePath(raw), server.path);
      }),
    );
  });

  it("a frame's location keeps its raw path for the mappings", () => {
    const event = {
      entries: [
        { type: 'exception', data: { values: [{ type: 'E', value: 'x', stacktrace: { frames: [{ filename: 'webpack:///./app/store.ts', absPath: null, lineNo: 7, colNo: 2, inApp: true }] } }] } },
      ],
    } as unknown as SentryEvent;
    assert.deepEqual(newestInAppLocation(event), { path: 'app/store.ts', raw: 'webpack:///./app/store.ts', line: 7, column: 2, fields: { filename: 'webpack:///./app/store.ts' } });
  });
});

describe('the path mappings setting (readPathMappings)', () => {
  it('keeps the usable entries and names each malformed one by its position, never by its text', () => {
    const { mappings, problems } = readPathMappings([
      { from: '/usr/src/app/', to: '.' },
      { to: 'src' },
      { from: '', to: 'x' },
      { from: '/srv/', to: 5 },
      'webpack:///./',
      null,
      { from: 'webpack:///./', to: 'web', extra: 'ignored' },
    ]);
    assert.deepEqual(mappings, [
      { from: '/usr/src/app/', to: '.' },
      { from: 'webpack:///./', to: 'web' },
    ]);
    assert.deepEqual(problems, [
      'Path mapping 2 has no "from" (the path prefix the server reports); it is ignored.',
      'Path mapping 3 has no "from" (the path prefix the server reports); it is ignored.',
      'Path mapping 4 has no "to" (the workspace folder it maps to); it is ignored.',
      'Path mapping 5 is not an object with "from" and "to"; it is ignored.',
      'Path mapping 6 is not an object with "from" and "to"; it is ignored.',
    ]);
    assert.ok(!problems.join(' ').includes('webpack'), 'an entry is named by its position');
  });

  it('a value that is not a list is one problem; nothing set is none', () => {
    assert.deepEqual(readPathMappings({ from: '/a', to: 'b' }), { mappings: [], problems: ['sentryExplorer.pathMappings must be a list of entries with "from" and "to"; it is ignored.'] });
    assert.deepEqual(readPathMappings(undefined), { mappings: [], problems: [] });
    assert.deepEqual(readPathMappings([]), { mappings: [], problems: [] });
  });
});
