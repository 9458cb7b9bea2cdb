// What an issue read through its schema holds in the heap, against JSON.parse's own objects. The
// store keeps up to a thousand issues for a session (the soak's hour), and valibot's arrays, built
// with push(), held an issue's 24 stats pairs in backing stores of 17 or more slots each: 2.5 times
// JSON.parse's heap. src/model/z.ts copies them at their length, and the issue reader keeps a
// period's counts alone (one array of small integers, not 24 arrays of two numbers each, whose
// hourly timestamps do not fit a small integer). Measured in a child process
// (./zMemory.child.ts): inside the unit run the heap holds every other suite's objects.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

describe('model/z: what a parsed issue holds', function () {
  this.timeout(60_000);

  it('an issue read by IssueListSchema holds less than 1.2 times the heap of its JSON.parse', async () => {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', '--expose-gc', join(__dirname, 'zMemory.child.ts')], { cwd: join(__dirname, '../../..') });
    const { json, parsed } = JSON.parse(stdout.trim().split('\n').at(-1)!) as { json: number; parsed: number };
    assert.ok(json > 500, `JSON.parse holds ${json} bytes an issue: the measure is broken`);
    assert.ok(parsed / json < 1.2, `${Math.round(parsed)} bytes an issue parsed, ${Math.round(json)} by JSON.parse (${(parsed / json).toFixed(2)} times)`);
  });
});
