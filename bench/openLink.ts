// Open Link, ID or Stack Trace figures: the time to read a pasted 10,000-line trace of each runtime
// (src/openLink/core/stackTrace/detect.ts: every runtime's parser reads every line, the best one
// wins) and its time per MB, 4 MB pastes of each kind of hostile text, and the requests it takes to open a link, a short ID and an
// event ID against the sandbox (the command's own reads, before the panel's). Figures, never
// pass/fail. Run alone with `node --import tsx bench/openLink.ts`, or via bench/run.ts.
import { performance } from 'node:perf_hooks';
import { parseStackTrace, MAX_TRACE_CHARS } from '../src/openLink/core/stackTrace/detect';
import { classifyInput } from '../src/openLink/core/input';
import { lookupEventId, lookupShortId } from '../src/api/lookups';
import { startSandbox } from '../test/sandbox';
import { clientFor } from '../test/unit/api/sandbox';
import type { Figure } from './api';

/** One frame line of each runtime, as it prints them. */
const FRAME_LINES: Record<string, string> = {
  Python: '  File "/srv/app/shop/views.py", line 12, in checkout',
  'V8 (Node, Chrome)': '    at checkout (/srv/app/shop/views.js:12:5)',
  'Firefox/Safari': 'checkout@https://shop.acme.test/static/app.js:12:5',
  'Java/Kotlin': '\tat io.sentry.example.Application.home(Application.java:14)',
  '.NET': '   at Shop.Views.Checkout() in C:\\src\\Shop\\Views.cs:line 12',
  Go: 'main.Feed(...)\n\t/Users/JohnDoe/code/sentry/capybara.go:7 +0x1d',
  Ruby: "\tfrom /srv/app/lib/shop/views.rb:12:in 'checkout'",
  PHP: '#3 /var/www/src/Shop/Views.php(12): checkout()',
  'Swift (crash report)': '3   Runner   0x0000000100a3c1f4 AppDelegate.main() + 120 (AppDelegate.swift:11)',
  'Swift (Xcode symbolicated)': '0   MyCoolApp   0x0000000100a71a88 @objc ViewController.viewDidLoad() (in MyCoolApp) (ViewController.swift:18)',
  'Swift (5.9 backtracer)': '0 reallyCrashMe() + 404 in crash at /Users/alastair/Source/crashDotSwift/crash.swift:4:15',
  'Dart/Flutter': '#3      Service.close (package:my_package/a/b/service.dart:9:5)',
  'Dart (terse)': 'package:my_package/a/b/service.dart 9:5  Service.close',
};

/** Hostile lines (the bounds tests' kinds): each repeated to fill a paste of MAX_TRACE_CHARS. */
const HOSTILE_LINES: Record<string, string> = {
  colons: `\tat ${':1'.repeat(990)}`,
  parentheses: `#0 ${'('.repeat(1990)}`,
  'at-signs': `${'@'.repeat(1000)}${':1:'.repeat(300)}`,
  quotes: `  File "${'"'.repeat(1990)}`,
  spaces: `${' '.repeat(1000)}at ${' ('.repeat(495)}`,
  'crash report': `0 a 0x1 ${'+ 1 ('.repeat(395)}`,
  'swift backtracer': `0 [inlined] 0x1 ${' in x'.repeat(200)}${' at y:1'.repeat(140)}`,
  'dart terse': `${'a'.repeat(990)}.dart 1${' 1:1'.repeat(250)}`,
};

function best(run: () => void, runs: number): number {
  let min = Infinity;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    run();
    min = Math.min(min, performance.now() - t0);
  }
  return min;
}

export async function benchOpenLink(): Promise<Figure[]> {
  const figures: Figure[] = [];
  for (const [runtime, line] of Object.entries(FRAME_LINES)) {
    const lines = line.includes('\n') ? 5_000 : 10_000;
    const text = `Error: boom\n${`${line}\n`.repeat(lines)}`;
    const r = parseStackTrace(text);
    if (!r.ok) throw new Error(`${runtime}: no trace read`);
    const ms = best(() => parseStackTrace(text), 5);
    figures.push({ name: `read a 10,000-line ${runtime} trace (${r.trace.frames.length} frames, best of 5)`, value: ms, unit: 'ms' });
    figures.push({ name: `  ${runtime}: time per MB of trace (${(text.length / 1048576).toFixed(2)} MB read)`, value: ms / (text.length / 1048576), unit: 'ms/MB' });
  }
  for (const [kind, line] of Object.entries(HOSTILE_LINES)) {
    const hostile = `${line}\n`.repeat(Math.floor((MAX_TRACE_CHARS - 10) / (line.length + 1)));
    figures.push({ name: `read ${(hostile.length / 1048576).toFixed(1)} MB of hostile ${kind} (best of 3)`, value: best(() => parseStackTrace(hostile), 3), unit: 'ms' });
  }
  const big = 'x'.repeat(10 * 1024 * 1024);
  figures.push({ name: 'refuse a 10 MB paste', value: best(() => classifyInput(big), 5), unit: 'ms' });

  const sb = await startSandbox();
  try {
    const issue = sb.seed.issues[0];
    const client = clientFor(sb);
    const count = async (run: () => Promise<unknown>) => {
      sb.control.requests.clear();
      await run();
      return sb.control.requests.list({ path: /^\/api\/0\// }).length;
    };
    figures.push({ name: 'requests to open a link to an issue (the issue)', value: await count(() => client.getIssue('acme', issue.id)), unit: 'requests' });
    figures.push({ name: 'requests to open a short ID (the short-ID lookup)', value: await count(() => lookupShortId(client, 'acme', issue.shortId)), unit: 'requests' });
    figures.push({ name: 'requests to open an event ID (the event-ID lookup)', value: await count(() => lookupEventId(client, 'acme', issue.events[0].eventID)), unit: 'requests' });
  } finally {
    await sb.close();
  }
  return figures;
}

if (require.main === module) {
  void benchOpenLink().then((figures) => {
    for (const f of figures) console.log(`  ${f.name.padEnd(72)} ${f.value.toFixed(2).padStart(10)} ${f.unit}`);
  });
}
