// src/model/z.ts's lazySchema: a top-level schema is built on its first parse and then kept, so a
// start of VS Code builds no schema, and a parse does not build its tree again (valibot's own lazy
// calls its getter at every parse).
import assert from 'node:assert/strict';
import * as z from '../../../src/model/z';
import { IssueSchema } from '../../../src/model/issue/schema';

describe('lazySchema: built on first parse, once', () => {
  it('builds nothing when defined, then builds once however often it parses', () => {
    let built = 0;
    const S = z.lazySchema(() => {
      built++;
      return z.looseObject({ id: z.string() });
    });
    assert.equal(built, 0);
    for (let i = 0; i < 3; i++) assert.deepEqual(z.parse(S, { id: `${i}`, more: 1 }), { id: `${i}`, more: 1 });
    assert.equal(z.safeParse(S, { id: 4 }).success, false);
    assert.equal(built, 1);
  });

  it("a resource's schema parses to the same tree each time (the one it built first)", () => {
    const trees = new Set<unknown>();
    const spy = IssueSchema as unknown as { getter: (x: unknown) => unknown };
    for (let i = 0; i < 3; i++) trees.add(spy.getter(undefined));
    assert.equal(trees.size, 1);
  });
});
