// The slots through which features reach one another (src/store/listedIssues.ts,
// locationOpener.ts, triageRunner.ts): one feature sets a source, others read through the slot.
import assert from 'node:assert/strict';
import type { IssueRef } from '../../../src/contracts/issueRef';
import { ListedIssues, type ListedSource } from '../../../src/store/listedIssues';
import { LocationOpener } from '../../../src/store/locationOpener';
import { TriageRunner } from '../../../src/store/triageRunner';
import { AiChat } from '../../../src/store/aiChat';

const A: IssueRef = { org: 'acme', project: 'web-frontend', issueId: '101' };

/** A source with its own change listeners, as the Issues view's event is. */
function source(listed: IssueRef[]): ListedSource & { fire(): void; listeners: Set<() => void> } {
  const listeners = new Set<() => void>();
  return {
    listeners,
    listed: () => listed,
    scope: () => ({ org: 'acme', projects: ['web-frontend'], query: 'is:unresolved' }),
    selected: () => listed[0],
    onDidChange: (l) => {
      listeners.add(l);
      return { dispose: () => listeners.delete(l) };
    },
    fire: () => listeners.forEach((l) => l()),
  };
}

describe('ListedIssues', () => {
  it('lists nothing, in no scope, with nothing selected, until a source is set', () => {
    const slot = new ListedIssues();
    assert.deepEqual(slot.listed(), []);
    assert.equal(slot.scope(), undefined);
    assert.equal(slot.selected(), undefined);
  });

  it('its bound readers ask the source set now; disposing it puts back the empty one', () => {
    const slot = new ListedIssues();
    const { listed, scope, selected } = slot; // handed on as functions
    const set = slot.set(source([A]));
    assert.deepEqual(listed(), [A]);
    assert.deepEqual(scope()?.projects, ['web-frontend']);
    assert.deepEqual(selected(), A);
    set.dispose();
    assert.deepEqual(listed(), []);
  });

  it('readers hear the source’s changes and a new source, never a disposed one’s; one failing listener does not silence the others', () => {
    const slot = new ListedIssues();
    let heard = 0;
    slot.onDidChange(() => {
      throw new Error('a failing listener');
    });
    const sub = slot.onDidChange(() => heard++);
    const first = source([A]);
    const set = slot.set(first);
    assert.equal(heard, 1, 'a new source is a change');
    first.fire();
    assert.equal(heard, 2);
    set.dispose();
    assert.equal(first.listeners.size, 0, 'the slot stops following a disposed source');
    first.fire();
    assert.equal(heard, 2);
    sub.dispose();
    slot.set(source([]));
    assert.equal(heard, 2, 'a disposed subscription hears nothing');
  });
});

describe('LocationOpener', () => {
  it('opens nothing until set; then its bound open goes to whatever is set', async () => {
    const slot = new LocationOpener();
    const open = slot.open;
    assert.equal(await open('src/a.ts:3'), false);
    const asked: unknown[] = [];
    const set = slot.set(async (location, frame) => (asked.push([location, frame]), true));
    assert.equal(await open('src/a.ts:3', { filename: 'src/a.ts', lineNo: 3 }), true);
    assert.deepEqual(asked, [['src/a.ts:3', { filename: 'src/a.ts', lineNo: 3 }]]);
    set.dispose();
    assert.equal(await open('src/a.ts:3'), false);
  });
});

describe('TriageRunner', () => {
  it('fails without writing until set; then its bound run goes to whatever is set', async () => {
    const slot = new TriageRunner();
    const run = slot.run;
    const unset = await run(A, 'resolve');
    assert.equal(unset.ok, false);
    const ran: unknown[] = [];
    slot.set(async (ref, action) => (ran.push([ref, action]), { ok: true }));
    assert.deepEqual(await run(A, 'archive'), { ok: true });
    assert.deepEqual(ran, [[A, 'archive']]);
  });
});

describe('AiChat', () => {
  function chatSource(value: boolean) {
    const listeners = new Set<() => void>();
    return {
      value,
      available() {
        return this.value;
      },
      onDidChange: (l: () => void) => {
        listeners.add(l);
        return { dispose: () => listeners.delete(l) };
      },
      change(v: boolean) {
        this.value = v;
        listeners.forEach((l) => l());
      },
      listeners,
    };
  }

  it('no chat until a source is set; readers follow the source and hear its changes, and its going', () => {
    const slot = new AiChat();
    const { available } = slot; // handed on as a function
    let heard = 0;
    slot.onDidChange(() => heard++);
    assert.equal(available(), false);
    const src = chatSource(false);
    const set = slot.set(src);
    assert.equal(heard, 1, 'told of the new source');
    src.change(true);
    assert.equal(available(), true);
    assert.equal(heard, 2);
    set.dispose();
    assert.equal(available(), false, 'back to no chat');
    assert.equal(src.listeners.size, 0, 'stops following the source');
    assert.equal(heard, 3);
  });

  it('a source that throws or answers something else than true counts as no chat', () => {
    const slot = new AiChat();
    slot.set({
      available: () => {
        throw new Error('boom');
      },
      onDidChange: () => ({ dispose() {} }),
    });
    assert.equal(slot.available(), false);
    slot.set({ available: () => 'yes' as unknown as boolean, onDidChange: () => ({ dispose() {} }) });
    assert.equal(slot.available(), false);
  });
});
