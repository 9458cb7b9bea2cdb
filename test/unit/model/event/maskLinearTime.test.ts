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
 * stretches the wall clock (a run that fits in one time slice looks fast, a longer one is cut into
 * several). Each cost is the best of several runs, the two sizes are measured in turns, and a cost
 * under 20 ms is not judged at all: there the ratio is the timer's noise. The smaller steps
 * (2 KiB to 16 KiB, 16 KiB to 128 KiB) are judged the same way first, so that a quadratic pattern fails
 * in seconds rather than after minutes on a megabyte.
 *
 * The shapes (key blocks, card numbers, URL-encoded text, URL credentials, fields) go through
 * maskText and maskUrl; each token format's inputs through maskTokens, the pass that holds every
 * token pattern (maskText on them is in `npm run bench -- mask`).
 */
import assert from 'node:assert/strict';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { HOSTILE_INPUTS, type HostileInput } from '../../../fixtures/secrets/hostileInputs';
import { REAL_FORMAT_SECRETS } from '../../../fixtures/secrets/realFormatSecrets';
import { maskText } from '../../../../src/model/event/maskText';
import { maskUrl } from '../../../../src/model/event/maskUrl';
import { maskTokens } from '../../../../src/model/event/tokenFormats';
import { MASK } from '../../../../src/model/event/types';

const STEPS: [number, number][] = [
  [2 << 10, 16 << 10],
  [16 << 10, 128 << 10],
  [128 << 10, 1 << 20],
];
const MAX_RATIO = 24;
const NOISE_MS = 20;
const ROUNDS = 5;

/**
 * A full collection, so that a timed run does not also pay for the garbage of the runs before it:
 * process.cpuUsage counts the collector's threads too, and on a loaded machine one collection in
 * the big run's time was enough to push its ratio past the bound (21 ms for 1 MiB against 0.63 ms
 * for 128 KiB, in a full unit run beside other work; the same input measured 8 to 10 alone).
 */
setFlagsFromString('--expose-gc');
const collect = runInNewContext('gc') as () => void;

/** The CPU time of `run`, in milliseconds, after a full collection. */
function timeOf(run: () => void): number {
  collect();
  const started = process.cpuUsage();
  run();
  const spent = process.cpuUsage(started);
  return (spent.user + spent.system) / 1000;
}

/**
 * The best times of masking `a` and `b` characters of `input` (b = 8a), measured in turns until the
 * ratio is clear of MAX_RATIO or the rounds are spent.
 */
function bestTimes(input: HostileInput, mask: (s: string) => void, a: number, b: number): { a: number; b: number } {
  const small = input.build(a);
  const big = input.build(b);
  mask(small); // compiles the patterns, so that the first timed run is not also the first run
  let bestA = Infinity;
  let bestB = Infinity;
  for (let round = 0; round < ROUNDS; round++) {
    bestA = Math.min(
      bestA,
      timeOf(() => mask(small)),
      timeOf(() => mask(small)),
    );
    bestB = Math.min(
      bestB,
      timeOf(() => mask(big)),
    );
    if (bestB < NOISE_MS || bestB <= MAX_RATIO * bestA) break;
  }
  return { a: bestA, b: bestB };
}

/** Why masking `input` is not linear, or undefined. */
function notLinear(input: HostileInput, mask: (s: string) => void): string | undefined {
  for (const [a, b] of STEPS) {
    const t = bestTimes(input, mask, a, b);
    if (t.b >= NOISE_MS && t.b > MAX_RATIO * t.a) return `${input.name}: ${t.b.toFixed(1)} ms for ${b >> 10} KiB, ${t.a.toFixed(2)} ms for ${a >> 10} KiB`;
  }
  return undefined;
}

const isTokenInput = (input: HostileInput) => REAL_FORMAT_SECRETS.some((e) => input.name.startsWith(`${e.format}: `));
const bothMaskers = (s: string) => {
  maskText(s);
  maskUrl(s);
};
const tokensOnly = (s: string) => {
  maskTokens(s, MASK);
};

describe('model/event/mask: linear time on hostile input', function () {
  this.timeout(600_000);

  for (const [what, inputs, mask] of [
    ['shapes, fields and URLs (maskText, maskUrl)', HOSTILE_INPUTS.filter((i) => !isTokenInput(i)), bothMaskers],
    ['each format of the fixture (maskTokens)', HOSTILE_INPUTS.filter(isTokenInput), tokensOnly],
  ] as const) {
    it(`8 times the input costs at most ${MAX_RATIO} times as much, up to 1 MiB: ${what}`, () => {
      const slow = inputs.map((input) => notLinear(input, mask)).filter((why) => why !== undefined);
      assert.deepEqual(slow, []);
    });
  }
});
