// The slots (src/store/slot.ts): each slot class in a file of its own, named after it, and the list
// in slot.ts's header and CONTRIBUTING's table of slots naming exactly those files, so that a new slot
// (or one moved into another file) fails here until both lists say who sets and who reads it.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOT = join(__dirname, '../../..');
const STORE = join(ROOT, 'src/store');

/** Every `export class X extends Slot<…>` or `ObservedSlot<…>` in src/store, with its file. */
function slotClasses(): { name: string; file: string }[] {
  return readdirSync(STORE)
    .filter((f) => f.endsWith('.ts'))
    .flatMap((file) => [...readFileSync(join(STORE, file), 'utf8').matchAll(/export class (\w+) extends (?:Slot|ObservedSlot)</g)].map((m) => ({ name: m[1], file })));
}

const lowerFirst = (s: string) => s[0].toLowerCase() + s.slice(1);

/** The slot files slot.ts's header lists (`- name: setter -> readers`). */
function headerList(): string[] {
  const header = readFileSync(join(STORE, 'slot.ts'), 'utf8').split('*/')[0];
  return [...header.matchAll(/^ \* - (\w+): \S.* -> \S/gm)].map((m) => m[1]);
}

/** The slot files CONTRIBUTING's table of slots lists (`| \`src/store/name.ts\` | …`). */
function contributingList(): string[] {
  const text = readFileSync(join(ROOT, 'CONTRIBUTING.md'), 'utf8');
  const section = text.slice(text.indexOf('### The slots'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| ---')));
  return [...table.matchAll(/^\| `src\/store\/(\w+)\.ts` \|/gm)].map((m) => m[1]);
}

describe('store: the slots and their lists', () => {
  it('finds the slot classes (it can fail)', () => {
    const names = slotClasses().map((s) => s.name);
    for (const known of ['CursorIssues', 'ListedIssues', 'CommitOpener', 'LineHistorySource']) assert.ok(names.includes(known), known);
  });

  it('each slot has a file of its own, named after it', () => {
    for (const { name, file } of slotClasses()) assert.equal(file, `${lowerFirst(name)}.ts`, `${name} is in ${file}`);
  });

  it("slot.ts's header lists every slot, and nothing else", () => {
    const files = slotClasses().map((s) => lowerFirst(s.name));
    assert.deepEqual([...headerList()].sort(), [...files].sort());
  });

  it("CONTRIBUTING's table of slots lists every slot, and nothing else", () => {
    const files = slotClasses().map((s) => lowerFirst(s.name));
    assert.deepEqual([...contributingList()].sort(), [...files].sort());
  });
});
