// src/model/z.ts's lazySchema: a top-level schema is built on its first parse and then kept, so a
// start of VS Code builds no schema, and a parse does not build its tree again (valibot's own lazy
// calls its getter at every parse). And its objects and records, which refuse a list.
import assert from 'node:assert/strict';
import * as z from '../../../src/model/z';
import { IssueSchema, IssueUpdateAnswerSchema, IssueUpdateSchema, TagDetailsSchema } from '../../../src/model/issue/schema';
import { describeIssue, formatPath } from '../../../src/model/schemaIssue';

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

describe('objects and records refuse a list (valibot alone reads one as an object of its indices)', () => {
  it('an array is not an object, a loose object or a record', () => {
    for (const schema of [z.object({}), z.looseObject({}), z.record(z.string(), z.unknown())]) {
      const r = z.safeParse(schema, [1, 2]);
      assert.equal(r.success, false);
      assert.equal(describeIssue(r.issues![0]), schema.type === 'record' ? 'expected record' : 'expected object');
      assert.ok(z.safeParse(schema, { a: 1 }).success);
    }
  });

  it('an answer with a list where an object is expected is a bad response, named where', () => {
    const r = z.safeParse(IssueUpdateAnswerSchema, []);
    assert.equal(r.success, false);
    const tag = z.safeParse(TagDetailsSchema, { key: 'k', topValues: [{ key: 'k', value: 'v', count: 1 }], more: { x: [] } });
    assert.ok(tag.success);
    const bad = z.safeParse(IssueUpdateSchema, { statusDetails: ['x'] });
    assert.equal(bad.success, false);
    assert.equal(formatPath(bad.issues![0].path), 'statusDetails');
    assert.equal(describeIssue(bad.issues![0]), 'expected record');
  });
});

describe('a loose object keeps every field the server sent', () => {
  it('fields named constructor and prototype are kept (valibot alone leaves them out); __proto__ is not', () => {
    const out = z.parse(z.looseObject({ a: z.string() }), JSON.parse('{"a":"x","prototype":1,"constructor":"c","__proto__":{"polluted":true}}')) as Record<string, unknown>;
    assert.equal(out.prototype, 1);
    assert.equal(out.constructor, 'c');
    assert.equal(Object.hasOwn(out, '__proto__'), false);
    assert.equal((out as { polluted?: unknown }).polluted, undefined);
  });
});
