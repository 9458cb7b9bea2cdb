// Resolve In…'s release choices name the release they will use before one is picked (src/triage/core/menus.ts).
import assert from 'node:assert/strict';
import { RESOLVE_MENU, resolveMenu } from '../../../../src/triage/core/menus';

describe('Resolve In… names the release', () => {
  it('the next release comes after the newest one, the current release is it; the rest unchanged', () => {
    const menu = resolveMenu('web@2.11.0 <b>');
    const byKind = (k: string) => menu.find((m) => 'action' in m && m.action.kind === k)!;
    assert.match(byKind('resolveInNextRelease').description!, /after web@2\.11\.0 <b>/);
    assert.match(byKind('resolveInRelease').description!, /release web@2\.11\.0 <b>, the project's latest/);
    assert.deepEqual(
      menu.map((m) => m.label),
      RESOLVE_MENU.map((m) => m.label),
    );
    assert.equal(byKind('resolve'), RESOLVE_MENU[0]);
  });

  it('without a known release, the generic menu', () => {
    assert.equal(resolveMenu(undefined), RESOLVE_MENU);
  });
});
