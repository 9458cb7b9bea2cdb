// What another extension sees of this one: vscode.extensions.getExtension(id).exports. activate()
// returns nothing, so no other extension can read the session's token (without the consent VS
// Code's accounts ask for), the store or the triage writes; the suites reach the internals through
// the test build's hooks (src/testHooks.ts) instead.
import * as assert from 'node:assert/strict';
import { signedInSuite } from './authHelpers';
import { getExtension } from './helpers';

/** The path (a.b.c) to a string containing `needle` in what `root` reaches, breadth first; undefined when none. */
function pathTo(root: unknown, needle: string, limit = 50_000): string | undefined {
  const seen = new Set<unknown>();
  const queue: { value: unknown; path: string }[] = [{ value: root, path: 'exports' }];
  while (queue.length && seen.size < limit) {
    const { value, path } = queue.shift()!;
    if (typeof value === 'string') {
      if (value.includes(needle)) return path;
      continue;
    }
    if ((typeof value !== 'object' && typeof value !== 'function') || value === null || seen.has(value)) continue;
    seen.add(value);
    const entries: [string, unknown][] = [];
    if (value instanceof Map) for (const [k, v] of value) entries.push([String(k), v], [`${String(k)}(key)`, k]);
    else if (value instanceof Set) [...value].forEach((v, i) => entries.push([String(i), v]));
    for (const key of Reflect.ownKeys(value)) {
      try {
        entries.push([String(key), (value as Record<PropertyKey, unknown>)[key]]);
      } catch {
        // a throwing getter reveals nothing
      }
    }
    for (const [key, v] of entries) queue.push({ value: v, path: `${path}.${key}` });
  }
  return undefined;
}

describe('what other extensions see', function () {
  this.timeout(120_000);

  it('signed in, the extension exports nothing, so no token is reachable from it', async function () {
    const { api, defaults, restore } = await signedInSuite(this, 'exports');
    try {
      const token = defaults.authToken;
      // The walk finds the token where it is (the session): what it does not find below is absent.
      assert.ok(pathTo(api.auth, token), 'the session holds the token');
      const ext = getExtension();
      assert.equal(ext.isActive, true);
      assert.equal(ext.exports, undefined, 'activate() returns nothing');
      assert.equal(await ext.activate(), undefined, 'activating again gives nothing either');
      assert.equal(pathTo(ext.exports, token), undefined);
    } finally {
      await restore();
    }
  });
});
