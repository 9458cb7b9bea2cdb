/**
 * One cold load of a production bundle, in a Node process of its own (scripts/activation/measure.ts
 * bundles this file and starts it once per run):
 *   node child.js <bundle.js> <time|count> <@types/vscode index.d.ts>
 * It puts the stub `vscode` module in place (./vscodeStub.ts), then require()s the bundle and
 * calls activate(), and prints one line `ACTIVATION_RESULT {json}`:
 * - time: the wall and CPU time of require() plus activate(), and the extension's own
 *   "activated in N ms" (timed from the bundle's first line, src/loadStart.ts);
 * - count: what ran, counted rather than timed, so that it is the same on a fast and a slow
 *   machine: the bundle's JavaScript function calls at load and in activate() (V8's precise
 *   coverage, call counts), the Intl objects made (each loads locale data), and the modules of
 *   Node's own that loading pulled in (Node's fetch is some 40 modules, loaded by the first read
 *   of globalThis.Headers). The inspector this needs slows the load, so a count run is never timed.
 */
import Module from 'node:module';
import { Session } from 'node:inspector';
import { extensionContext, vscodeNames, vscodeStub } from './vscodeStub';

const [bundle, mode, dts] = process.argv.slice(2);
if (!bundle || (mode !== 'time' && mode !== 'count') || !dts) throw new Error('usage: child.js <bundle.js> <time|count> <vscode index.d.ts>');

const log: string[] = [];
const stub = vscodeStub(vscodeNames(dts), log);
const loader = Module as unknown as { _load(request: string, parent: unknown, isMain: boolean): unknown };
const load = loader._load;
loader._load = function (request, parent, isMain) {
  return request === 'vscode' ? stub : load.call(this, request, parent, isMain);
};

/** Counts each Intl object made: constructors, and the toLocale*String methods that make one each call. */
function countIntl(): () => number {
  let made = 0;
  const intl = Intl as unknown as Record<string, unknown>;
  for (const name of ['Collator', 'DateTimeFormat', 'DisplayNames', 'ListFormat', 'Locale', 'NumberFormat', 'PluralRules', 'RelativeTimeFormat', 'Segmenter']) {
    const C = intl[name] as ((...a: unknown[]) => unknown) | undefined;
    if (!C) continue;
    intl[name] = new Proxy(C, {
      construct: (t, args, nt) => (made++, Reflect.construct(t, args, nt)),
      apply: (t, self, args) => (made++, Reflect.apply(t, self, args)),
    });
  }
  for (const proto of [Date.prototype, Number.prototype, BigInt.prototype, String.prototype, Array.prototype] as unknown as Record<string, (...a: unknown[]) => unknown>[]) {
    for (const name of ['toLocaleString', 'toLocaleDateString', 'toLocaleTimeString', 'localeCompare']) {
      const f = proto[name];
      if (typeof f !== 'function') continue;
      proto[name] = new Proxy(f, { apply: (t, self, args) => (made++, Reflect.apply(t, self, args)) });
    }
  }
  return () => made;
}

/** Node's own modules loaded so far (`process.moduleLoadList`, undocumented but in every Node since 0.x). */
const loadedNodeModules = () => [...((process as unknown as { moduleLoadList?: string[] }).moduleLoadList ?? [])];

/** The Node modules src/nodeHost.ts imports: loaded before the count. */
const NODE_MODULES_NAMED = ['node:fs/promises', 'node:path'];

interface Coverage {
  result: { url: string; functions: { ranges: { count: number }[] }[] }[];
}

function post<T>(session: Session, method: string, params?: object): T {
  let answer: T | undefined;
  let failure: Error | null = null;
  // The in-process inspector answers synchronously.
  session.post(method, params, (err, result) => {
    failure = err;
    answer = result as T;
  });
  if (failure) throw failure;
  return answer as T;
}

function run(): Record<string, unknown> {
  const context = extensionContext();
  if (mode === 'count') {
    // What the extension host has loaded before any extension is no cost of ours to count: the Node
    // modules the bundle names itself, and the global `performance` (which Node loads on first read).
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded as the bundle loads them
    for (const name of NODE_MODULES_NAMED) require(name);
    void performance.now();
    const nodeModulesBefore = new Set(loadedNodeModules());
    const session = new Session();
    session.connect();
    post(session, 'Profiler.enable');
    post(session, 'Profiler.startPreciseCoverage', { callCount: true, detailed: false });
    const intl = countIntl();
    const url = `file://${bundle}`;
    // takePreciseCoverage resets the counts: the first take is the load, the second activate().
    const calls = () =>
      post<Coverage>(session, 'Profiler.takePreciseCoverage')
        .result.filter((s) => s.url === url)
        .flatMap((s) => s.functions);
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is loaded as VS Code loads it, by require()
    const ext = require(bundle) as { activate(c: unknown): void };
    const atLoad = calls();
    ext.activate(context);
    const inActivate = calls();
    const intlObjects = intl();
    session.disconnect();
    // With detailed: false, a function's first range is the function and its count how often it ran.
    const sum = (fns: typeof atLoad) => fns.reduce((n, f) => n + (f.ranges[0]?.count ?? 0), 0);
    const nodeModules = loadedNodeModules().filter((m) => !nodeModulesBefore.has(m));
    return { loadCalls: sum(atLoad), activateCalls: sum(inActivate), intlObjects, nodeModules, log };
  }
  const cpu = process.cpuUsage();
  const start = performance.now();
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- the bundle is loaded as VS Code loads it, by require()
  const ext = require(bundle) as { activate(c: unknown): void };
  const required = performance.now();
  ext.activate(context);
  const end = performance.now();
  const used = process.cpuUsage(cpu);
  return { requireMs: required - start, activateMs: end - required, totalMs: end - start, cpuMs: (used.user + used.system) / 1000, log };
}

process.stdout.write(`ACTIVATION_RESULT ${JSON.stringify(run())}\n`);
// Activation may leave timers (a refresh, a watcher): this process has done its one load.
process.exit(0);
