/**
 * The secret patterns take time linear in their input, also on text built to defeat them
 * (test/fixtures/secrets/hostileInputs.ts): for each hostile input, masking 1 MiB of it must not cost
 * more than 24 times what 128 KiB of the same shape costs. Linear work gives a ratio of about 8 (at
 * most 10.4 over all these inputs when this test was written), quadratic work 64 in theory, and as
 * little as 38 when measured (a pattern with its left boundary removed, from 16 KiB to 128 KiB): 24
 * lies between, with room on both sides.
 *
 * Nothing here depends on the machine's speed: only the ratio of two costs on the same machine is
 * judged, and the cost is the process's CPU time, which a busy machine does not stretch as it
 * stretches the wall clock. Each cost is the best of several runs, the two sizes are measured in
 * turns, and a cost under 20 ms is not judged at all: there the ratio is the timer's noise. The
 * smaller steps (2 KiB to 16 KiB, 16 KiB to 128 KiB) are judged the same way first, so that a
 * quadratic pattern fails in seconds rather than after minutes on a megabyte.
 *
 * The measuring is done in a child process (maskLinearTime.child.ts says why: the unit run's heap
 * and the collector's threads made a linear pattern look quadratic in CI).
 */
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Kind } from './maskLinearTime.child';

const CHILD = path.join(__dirname, 'maskLinearTime.child.ts');

/** Why masking each input of `kind` is not linear, as the child process measured it. */
async function measure(kind: Kind): Promise<string[]> {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--expose-gc', '--single-threaded-gc', CHILD, kind], {
    cwd: path.join(__dirname, '..', '..', '..', '..'),
    maxBuffer: 1 << 20,
  });
  const last = stdout.trim().split('\n').pop() ?? '';
  return JSON.parse(last) as string[];
}

describe('sentryEvent/mask: linear time on hostile input', function () {
  this.timeout(600_000);

  for (const [what, kind] of [
    ['shapes, fields and URLs (maskText, maskUrl)', 'shapes'],
    ['each format of the fixture (maskTokens)', 'tokens'],
  ] as const) {
    it(`8 times the input costs at most 24 times as much, up to 1 MiB: ${what}`, async () => {
      assert.deepEqual(await measure(kind), []);
    });
  }
});
