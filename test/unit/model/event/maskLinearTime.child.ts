/**
 * The measuring half of maskLinearTime.test.ts, run in a child process of its own:
 * `node --import tsx --expose-gc --single-threaded-gc maskLinearTime.child.ts <tokens|shapes>`.
 * It prints, as one JSON line, why masking each hostile input is not linear ([] when all are).
 *
 * Why a child: inside the unit run the heap holds every other suite's objects, and a collection that
 * a 1 MiB run triggers pays for that whole heap, not for the input: in CI the 1 MiB runs cost 3 to 4
 * times what they cost alone, and the ratio passed its bound with no pattern at fault. A fresh
 * process has a heap of this test's own, and a single-threaded collector, so that the process's
 * CPU time (what is measured) holds no collector threads working beside the masking.
 */
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
const ROUNDS = 7;

const collect = (globalThis as { gc?: () => void }).gc;

/** The CPU time of `run`, in milliseconds, after a full collection. */
function timeOf(run: () => void): number {
  collect?.();
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
  mask(big); // and flattens the big input, which repeat() builds as a tree of pieces
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

const KINDS = {
  /** The shapes, fields and URLs, through maskText and maskUrl. */
  shapes: {
    inputs: () => HOSTILE_INPUTS.filter((i) => !isTokenInput(i)),
    mask: (s: string) => {
      maskText(s);
      maskUrl(s);
    },
  },
  /** Each token format's inputs, through maskTokens, the pass that holds every token pattern. */
  tokens: {
    inputs: () => HOSTILE_INPUTS.filter(isTokenInput),
    mask: (s: string) => {
      maskTokens(s, MASK);
    },
  },
};
export type Kind = keyof typeof KINDS;

const kind = process.argv[2] as Kind | undefined;
if (kind && kind in KINDS && process.argv[1]?.endsWith('maskLinearTime.child.ts')) {
  if (!collect) throw new Error('run with --expose-gc');
  const { inputs, mask } = KINDS[kind];
  const slow = inputs()
    .map((input) => notLinear(input, mask))
    .filter((why) => why !== undefined);
  process.stdout.write(JSON.stringify(slow) + '\n');
}
