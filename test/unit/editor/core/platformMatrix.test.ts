// The platform matrix: every frame of the platform corpus (shapes copied from Sentry's own samples and
// frame tests, test/sandbox/platforms.ts) resolves to its expected file of the platform workspace, or to
// none; never to another file, same-named neighbours included. A case with code mappings resolves
// through the one Sentry applies first, on the path Sentry swaps (its event's platform and SDK).
import * as assert from 'node:assert/strict';
import { PLATFORM_SPECS, platformFiles } from '../../../sandbox/platforms';
import { PathIndex } from '../../../../src/editor/core/pathIndex';
import { resolveInIndex } from '../../../../src/editor/core/frameResolver';
import { pathForms, readFrameFields } from '../../../../src/model/event/framePath';
import { codeMappingSources } from '../../../../src/model/event/mungedPath';

function workspaceIndex(): PathIndex {
  const index = new PathIndex();
  for (const f of platformFiles()) index.add(0, f);
  return index;
}

describe('platform matrix: frame → workspace file', () => {
  const index = workspaceIndex();
  const outcomes: { wrong: string[]; right: number; none: number } = { wrong: [], right: 0, none: 0 };
  for (const spec of PLATFORM_SPECS) {
    for (const c of spec.cases) {
      it(`${spec.key} (${spec.platform}): ${c.name}`, () => {
        const fields = readFrameFields(c.frame, spec.platform, spec.sdk);
        const mappings = (c.codeMappings ?? []).map((m, n) => ({ ...m, id: String(n + 1) }));
        const res = resolveInIndex(index, pathForms(fields), mappings, codeMappingSources(fields));
        const got = res.kind === 'file' ? res.file.path : res.kind === 'ambiguous' ? `ambiguous: ${res.candidates.map((f) => f.path).join(', ')}` : null;
        if (got !== c.expect && got !== null) outcomes.wrong.push(`${spec.key}: ${got}`);
        assert.equal(got, c.expect);
        if (c.codeMappings) assert.equal(res.kind === 'file' && res.via, 'codeMapping');
        if (got === null) outcomes.none++;
        else outcomes.right++;
      });
    }
  }
  it('covers at least 12 platforms, and placed no frame on a wrong file', () => {
    assert.ok(new Set(PLATFORM_SPECS.map((s) => s.key)).size >= 12);
    assert.deepEqual(outcomes.wrong, []);
    assert.ok(outcomes.right >= 13, `${outcomes.right} frames resolved`);
  });
  it('without its code mapping, a server path of PHP lands on no neighbour', () => {
    const php = PLATFORM_SPECS.find((s) => s.key === 'php')!;
    const fields = readFrameFields(php.cases[0].frame, 'php', php.sdk);
    const res = resolveInIndex(index, pathForms(fields), [], codeMappingSources(fields));
    // `/sentry/p/kanga.php`: the path ending p/kanga.php names the right file by itself.
    assert.equal(res.kind === 'file' && res.file.path, php.file);
  });
});
