import assert from 'node:assert/strict';
import { EventTextMemory } from '../../../src/store/eventText';
import { aContextFrame, anEventWithFrames } from '../builders';

const frame = aContextFrame;
const event = anEventWithFrames;

describe('EventTextMemory: the full events read so far, for the marks', () => {
  it('finds a frame by server, issue, either path and line; the latest event first, older frames kept', () => {
    const mem = new EventTextMemory();
    mem.record('https://s', '1', event(frame({})));
    assert.equal(mem.find('https://s', '1', 'src/a.ts', 10)?.line, 'throw new Error(id);');
    assert.equal(mem.find('https://s', '1', 'webpack:///src/a.ts', 10)?.line, 'throw new Error(id);');
    assert.equal(mem.find('https://s', '1', 'src/a.ts', 11), undefined);
    assert.equal(mem.find('https://other', '1', 'src/a.ts', 10), undefined);
    mem.record('https://s', '1', event(frame({ lineNo: 11 })));
    assert.equal(mem.find('https://s', '1', 'src/a.ts', 10)?.line, 'throw new Error(id);', 'kept from the earlier event');
    assert.equal(mem.find('https://s', '1', 'src/a.ts', 11)?.line, 'return price;');
    mem.record('https://s', '1', { not: 'an event' });
    assert.ok(mem.find('https://s', '1', 'src/a.ts', 10));
  });

  it('keeps the issues recorded last', () => {
    const mem = new EventTextMemory(2);
    for (const id of ['1', '2', '3']) mem.record('s', id, event(frame({})));
    assert.deepEqual(
      ['1', '2', '3'].map((id) => !!mem.find('s', id, 'src/a.ts', 10)),
      [false, true, true],
    );
  });
});
