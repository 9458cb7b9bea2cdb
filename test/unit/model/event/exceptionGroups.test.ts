import assert from 'node:assert/strict';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { eventMarkdown } from '../../../../src/model/event/markdown';

/**
 * A Python ExceptionGroup as the SDK sends it (values oldest first; `mechanism.exception_id`,
 * `parent_id`, `is_exception_group`): group 0 holds a ValueError (1) and a nested group 2, which
 * holds a KeyError (3).
 */
export function groupedEvent(): Record<string, unknown> {
  const x = (id: number, type: string, value: string, parent?: number, isGroup?: boolean) => ({
    type,
    value,
    mechanism: { type: 'chained', handled: false, exception_id: id, ...(parent === undefined ? {} : { parent_id: parent }), ...(isGroup ? { is_exception_group: true } : {}), source: 'exceptions' },
    stacktrace: { frames: [{ filename: 'app.py', function: `f${id}`, lineNo: 10 + id, inApp: true }] },
  });
  return {
    id: 'g',
    eventID: 'g',
    title: 'ExceptionGroup: many things failed',
    entries: [
      {
        type: 'exception',
        data: { values: [x(3, 'KeyError', "'k'", 2), x(2, 'ExceptionGroup', 'inner', 0, true), x(1, 'ValueError', 'bad', 0), x(0, 'ExceptionGroup', 'many things failed', undefined, true)] },
      },
    ],
  };
}

describe('sentryEvent: exception groups are the tree they are', () => {
  it('each group before its members, members by id, with their depth', () => {
    const { detail } = parseEventDetail(groupedEvent(), '1');
    assert.deepEqual(
      detail.exceptions.map((x) => [x.type, x.group?.id, x.group?.parentId, x.group?.depth, x.group?.isGroup ?? false]),
      [
        ['ExceptionGroup', 0, undefined, 0, true],
        ['ValueError', 1, 0, 1, false],
        ['ExceptionGroup', 2, 0, 1, true],
        ['KeyError', 3, 2, 2, false],
      ],
    );
  });

  it('a chain whose SDK gave ids and parents but no group stays a chain (Caused by), without group marks', () => {
    const chained = groupedEvent();
    for (const v of (chained.entries as { data: { values: { mechanism: Record<string, unknown> }[] } }[])[0].data.values) delete v.mechanism.is_exception_group;
    const { detail } = parseEventDetail(chained, '1');
    assert.deepEqual(
      detail.exceptions.map((x) => [x.type, x.group]),
      [
        ['ExceptionGroup', undefined],
        ['ValueError', undefined],
        ['ExceptionGroup', undefined],
        ['KeyError', undefined],
      ],
    );
  });

  it('a chain without groups keeps its order (the last raised first); a parent cycle is shown once, flat', () => {
    const plain = parseEventDetail({ id: 'p', entries: [{ type: 'exception', data: { values: [{ type: 'A' }, { type: 'B' }] } }] }, '1').detail;
    assert.deepEqual(
      plain.exceptions.map((x) => [x.type, x.group]),
      [
        ['B', undefined],
        ['A', undefined],
      ],
    );
    const cycle = {
      id: 'c',
      entries: [
        {
          type: 'exception',
          data: {
            values: [
              { type: 'A', mechanism: { exception_id: 1, parent_id: 2, is_exception_group: true } },
              { type: 'B', mechanism: { exception_id: 2, parent_id: 1, is_exception_group: true } },
            ],
          },
        },
      ],
    };
    const out = parseEventDetail(cycle, '1').detail.exceptions;
    assert.deepEqual(out.map((x) => x.type).sort(), ['A', 'B']);
  });

  it('Copy as Markdown says which group each exception belongs to, indented', () => {
    const { detail } = parseEventDetail(groupedEvent(), '1');
    const md = eventMarkdown({ id: '1', shortId: 'PY-1', title: 'ExceptionGroup' }, detail);
    assert.match(md, /### Exceptions \(each group before its members\)/);
    assert.match(md, /^Exception group 0: \*\*ExceptionGroup\*\*: many things failed/m);
    assert.match(md, /^> in group 0: \*\*ValueError\*\*: bad/m);
    assert.match(md, /^> Exception group 2: in group 0: \*\*ExceptionGroup\*\*: inner/m);
    assert.match(md, /^> > in group 2: \*\*KeyError\*\*: 'k'/m);
  });
});
