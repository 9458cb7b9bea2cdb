// Masking figures: the speed of maskText on a megabyte of each hostile input of
// test/fixtures/secrets/hostileInputs.ts (the inputs the linear-time test uses), the cost of masking
// the big synthetic event (bench/bigEvent.ts) with maskDeep, and maskText over the real-format
// secrets in their carriers. Run alone with `node --import tsx bench/mask.ts`, or via bench/run.ts.
import { performance } from 'node:perf_hooks';
import { HOSTILE_INPUTS } from '../test/fixtures/secrets/hostileInputs';
import { REAL_FORMAT_SECRETS, carried } from '../test/fixtures/secrets/realFormatSecrets';
import { maskText } from '../src/model/event/maskText';
import { maskDeep } from '../src/model/event/maskJson';
import { maskAnswerKeeping, maskAnswers } from '../src/model/event/maskAnswer';
import issues from '../test/fixtures/project-issues.json';
import { bigRawEvent } from './bigEvent';
import type { Figure } from './api';

const MB = 1 << 20;

/** The best of `runs` times of `run`, in ms. */
function best(run: () => void, runs: number): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

export async function benchMask(): Promise<Figure[]> {
  const figures: Figure[] = [];
  const event = bigRawEvent();
  const eventChars = JSON.stringify(event).length;
  maskDeep(event, 16, 10_000_000);
  figures.push({ name: `maskDeep of the big event (${(eventChars / MB).toFixed(1)} MB, best of 10)`, value: best(() => maskDeep(event, 16, 10_000_000), 10), unit: 'ms' });
  // The client's own step where answers enter: the whole event with its vault, and a page of 100 issues.
  figures.push({ name: 'maskAnswerKeeping of the big event (the client, where it enters)', value: best(() => maskAnswerKeeping(event), 10), unit: 'ms' });
  const page = Array.from({ length: 100 }, (_, i) => ({ ...(issues as Record<string, unknown>[])[0], id: String(i), title: `TypeError ${i}: GET /cart?access_token=abc${i}def` }));
  figures.push({ name: 'maskAnswers of a page of 100 issues', value: best(() => maskAnswers(page), 20), unit: 'ms' });
  const carriers = REAL_FORMAT_SECRETS.flatMap((e) => [carried(e), `Upstream call failed while using ${carried(e)} as the credential`, JSON.stringify({ data: carried(e) })]);
  const carrierChars = carriers.reduce((n, s) => n + s.length, 0);
  const carrierMs = best(() => carriers.forEach((s) => maskText(s)), 10);
  figures.push({ name: `maskText over ${carriers.length} texts carrying real-format secrets`, value: carrierChars / MB / (carrierMs / 1000), unit: 'MB/s' });
  for (const input of HOSTILE_INPUTS) {
    const text = input.build(MB);
    maskText(text.slice(0, MB / 8));
    const ms = best(() => maskText(text), 3);
    figures.push({ name: `maskText, 1 MB: ${input.name}`, value: 1 / (ms / 1000), unit: 'MB/s' });
  }
  return figures;
}

if (require.main === module) {
  void benchMask().then((figures) => {
    for (const f of figures) console.log(`  ${f.name.padEnd(100)} ${f.value.toFixed(2).padStart(10)} ${f.unit}`);
  });
}
