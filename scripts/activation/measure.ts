/**
 * Loads a production bundle cold and activates it, each time in a fresh Node process with a stub
 * `vscode` (./child.ts, ./vscodeStub.ts): `npm run bench -- activation` times it, the package
 * check (scripts/checkVsix.ts) counts what it runs.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as esbuild from 'esbuild';

const DTS = require.resolve('@types/vscode/index.d.ts');

/** One timed load: milliseconds. */
export interface TimedLoad {
  /** require() of the bundle: reading, compiling and running its top level. */
  requireMs: number;
  activateMs: number;
  /** require() plus activate(), as the process saw them. */
  totalMs: number;
  /** CPU time of the same span. */
  cpuMs: number;
  /** The extension's own figure, from its log: its bundle's first line to the end of activate(). */
  fromFirstLineMs: number;
  /** Of that, the modules' top level (the log's `load`). */
  loadMs: number;
  /** Of that, what the host did between require() and activate() (the log's `host`; none here). */
  hostMs: number;
}

/** What one load ran: the same on every machine. */
export interface LoadCount {
  /** JavaScript function calls in the bundle during require(): its modules' top level. */
  loadCalls: number;
  /** The same during activate(). */
  activateCalls: number;
  /** Intl objects made (formatters, collators, toLocaleString). */
  intlObjects: number;
  /** Node's own modules that the load pulled in (beyond the ones the bundle imports by name). */
  nodeModules: string[];
  /** The extension's log during activation. */
  log: string[];
}

/** The child, bundled once per call into a throwaway folder. */
async function withChild<T>(use: (child: string) => T): Promise<T> {
  const dir = mkdtempSync(join(tmpdir(), 'sentry-explorer-activation-'));
  try {
    const child = join(dir, 'child.js');
    await esbuild.build({ entryPoints: [join(__dirname, 'child.ts')], outfile: child, bundle: true, platform: 'node', format: 'cjs', target: 'node20', logLevel: 'error' });
    return use(child);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function runChild(child: string, bundle: string, mode: 'time' | 'count'): Record<string, unknown> {
  const out = execFileSync(process.execPath, [child, resolve(bundle), mode, DTS], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  const line = out.split('\n').find((l) => l.startsWith('ACTIVATION_RESULT '));
  if (!line) throw new Error(`the activation of ${bundle} printed no result:\n${out}`);
  return JSON.parse(line.slice('ACTIVATION_RESULT '.length)) as Record<string, unknown>;
}

/** The extension's "activated in N ms … (load M, host H, …)" line, or an error saying what the log holds. */
export function activationLine(log: readonly string[]): { fromFirstLineMs: number; loadMs: number; hostMs: number } {
  const line = log.find((l) => /activated in [\d.]+ ms/.test(l));
  const total = line && /activated in ([\d.]+) ms/.exec(line);
  const load = line && /\bload ([\d.]+)/.exec(line);
  const host = line && /\bhost ([\d.]+)/.exec(line);
  if (!total || !load || !host) throw new Error(`no "activated in N ms (load M, host H, …)" line in the extension's log:\n${log.join('\n')}`);
  return { fromFirstLineMs: Number(total[1]), loadMs: Number(load[1]), hostMs: Number(host[1]) };
}

/** `runs` cold loads of `bundle`, one process each, timed. */
export function timeLoads(bundle: string, runs: number): Promise<TimedLoad[]> {
  return withChild((child) =>
    Array.from({ length: runs }, () => {
      const r = runChild(child, bundle, 'time') as Omit<TimedLoad, 'fromFirstLineMs' | 'loadMs' | 'hostMs'> & { log: string[] };
      return { requireMs: r.requireMs, activateMs: r.activateMs, totalMs: r.totalMs, cpuMs: r.cpuMs, ...activationLine(r.log) };
    }),
  );
}

/** One cold load of `bundle`, counted. */
export function countLoad(bundle: string): Promise<LoadCount> {
  return withChild((child) => runChild(child, bundle, 'count') as unknown as LoadCount);
}

export function median(values: readonly number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}
