import * as assert from 'node:assert/strict';
import { applyChange } from '../../../../../src/eventsPanel/core/seer/applyChange';
import { readAutofixAnswer } from '../../../../../src/model/seer/readRun';
import type { SeerFileChange, SeerRunView } from '../../../../../src/model/seer/runView';
import { agentCompleted, CART_AFTER, CART_BEFORE, legacyCompleted } from '../../../model/seer/fixtures';

function changeOf(body: unknown): SeerFileChange {
  const a = readAutofixAnswer(body) as { run: SeerRunView };
  return a.run.changes[0];
}

describe("Seer: a change applied to the workspace's file", () => {
  it('applies the agent and the legacy change alike', () => {
    assert.deepEqual(applyChange(changeOf(agentCompleted), CART_BEFORE), { ok: true, text: CART_AFTER });
    assert.deepEqual(applyChange(changeOf(legacyCompleted), CART_BEFORE), { ok: true, text: CART_AFTER });
  });

  it('finds the hunk by its context when lines moved above it', () => {
    const moved = `// header\n// more\n${CART_BEFORE}`;
    assert.deepEqual(applyChange(changeOf(agentCompleted), moved), { ok: true, text: `// header\n// more\n${CART_AFTER}` });
  });

  it('keeps CRLF line ends', () => {
    const crlf = CART_BEFORE.replace(/\n/g, '\r\n');
    const r = applyChange(changeOf(agentCompleted), crlf);
    assert.deepEqual(r, { ok: true, text: CART_AFTER.replace(/\n/g, '\r\n') });
  });

  it('refuses, with the reason, a patch that no longer applies', () => {
    const edited = CART_BEFORE.replace('items[0].price', 'items[0].cost');
    const r = applyChange(changeOf(agentCompleted), edited);
    assert.equal(r.ok, false);
    assert.equal(r.ok === false && r.reason, 'changed');
    assert.match(r.ok === false ? r.message : '', /src\/cart\.js has changed since Seer read it/);
  });

  it('refuses a missing file, a file an add would overwrite, a change without hunks and a masked change', () => {
    const c = changeOf(agentCompleted);
    assert.equal((applyChange(c, undefined) as { reason: string }).reason, 'missing');
    assert.equal((applyChange({ ...c, kind: 'add' }, 'already here') as { reason: string }).reason, 'exists');
    assert.equal((applyChange({ ...c, hunks: [] }, CART_BEFORE) as { reason: string }).reason, 'no-hunks');
    const masked = { ...c, hunks: [{ ...c.hunks[0], lines: [...c.hunks[0].lines.slice(0, 2), '+  const key = "[masked]";', c.hunks[0].lines[3]] }] };
    assert.equal((applyChange(masked, CART_BEFORE) as { reason: string }).reason, 'masked');
  });

  it('adds and deletes files', () => {
    const add: SeerFileChange = { repo: 'r', path: 'new.js', kind: 'add', added: 1, removed: 0, hunks: [{ oldStart: 0, oldLines: 0, newStart: 1, newLines: 1, lines: ['+hello'] }] };
    assert.deepEqual(applyChange(add, undefined), { ok: true, text: 'hello\n' });
    const del: SeerFileChange = { repo: 'r', path: 'old.js', kind: 'delete', added: 0, removed: 1, hunks: [{ oldStart: 1, oldLines: 1, newStart: 0, newLines: 0, lines: ['-bye'] }] };
    assert.deepEqual(applyChange(del, 'bye\n'), { ok: true, text: undefined });
  });
});
