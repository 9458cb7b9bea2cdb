import assert from 'node:assert/strict';
import { CONTEXT_MAX, TEXT_MAX, compactLine, frameTexts } from '../../../../src/model/event/frameText';
import { aContextFrame, anEventWithFrames } from '../../builders';

const frame = aContextFrame;
const event = anEventWithFrames;

describe('frameTexts: the source lines a full event carries', () => {
  it("a frame's line and CONTEXT_MAX neighbours each side, compacted", () => {
    const [t] = frameTexts(event(frame({})));
    assert.deepEqual(t, { paths: ['src/a.ts', 'webpack:///src/a.ts'], lineNo: 10, line: 'throw new Error(id);', before: ['const price = prices[id];', 'if (!price)'], after: ['return price;', '}'] });
    assert.equal(t.before.length, CONTEXT_MAX);
  });

  it('newest frames first, in-app before the others; frames without a line, a path or their text are left out', () => {
    const out = frameTexts(
      event(frame({ lineNo: 8, inApp: false }), frame({ lineNo: 9 }), frame({ lineNo: null }), frame({ filename: null, absPath: null }), frame({ lineNo: 99 }), frame({ lineNo: 11, inApp: false })),
    );
    assert.deepEqual(
      out.map((f) => f.lineNo),
      [9, 11, 8],
    );
  });

  it("masked text (ours, Sentry's [Filtered]) is no line of the file: the frame, or the neighbours from it outward, are left out", () => {
    assert.deepEqual(frameTexts(event(frame({ context: [[10, 'token = "[masked]"']] }))), []);
    const [t] = frameTexts(
      event(
        frame({
          context: [
            [8, 'x'],
            [9, 'password=[Filtered]'],
            [10, 'login(user)'],
            [11, 'done()'],
          ],
        }),
      ),
    );
    assert.deepEqual([t.before, t.after], [[], ['done()']]);
  });

  it("an SDK's context_line, pre_context and post_context, where a server passes them on", () => {
    const [t] = frameTexts(event({ filename: 'a.py', lineno: 4, in_app: true, context_line: '    raise KeyError(k)', pre_context: ['a', 'b', 'c'], post_context: ['d'] }));
    assert.deepEqual(t, { paths: ['a.py'], lineNo: 4, line: 'raise KeyError(k)', before: ['b', 'c'], after: ['d'] });
  });

  it('hostile shapes read as nothing, and long lines are cut', () => {
    for (const bad of [null, 'x', [], { entries: 'x' }, { entries: [{ type: 'exception', data: 5 }] }, event('frame', 7, null)]) assert.deepEqual(frameTexts(bad), []);
    const [t] = frameTexts(event(frame({ context: [[10, 'y'.repeat(10_000)]] })));
    assert.equal(t.line.length, TEXT_MAX);
    assert.equal(compactLine(' a \t b\r'), 'a b');
  });
});
