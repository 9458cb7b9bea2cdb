/**
 * What differs between the two extension hosts the extension runs in, chosen by the entry point:
 * src/extension.node.ts (the Node host: desktop, a remote, Codespaces, code-server's server) and
 * src/extension.web.ts (the browser's web worker host: vscode.dev, github.dev, code-server's
 * browser-only extensions). Code shared by both asks here instead of importing Node: the browser
 * bundle holds no Node module (esbuild.mjs refuses one). `vscode.env.uiKind` cannot tell them
 * apart: a Node host behind a browser (Codespaces, code-server) reports Web as well.
 * No `vscode` import.
 */

export interface HostServices {
  readonly kind: 'node' | 'webWorker';
  /** The real path of a file on disk, symlinks resolved (the Node host only: a web worker has no disk). */
  realpath?(fsPath: string): Promise<string>;
  /** Whether the real path `real` lies strictly inside the real folder `root`, by the platform's path rules. */
  isInside?(root: string, real: string): boolean;
  /** CPU time the host process used so far, in microseconds (Node's process.cpuUsage). */
  cpuUsage?(): { user: number; system: number };
  /** cpuUsage() when the extension's code began to run (src/loadStart.ts). */
  readonly cpuAtLoad?: { user: number; system: number };
}

declare global {
  /**
   * In a bundle, the host it is built for: esbuild.mjs and hostBundles.mjs define it, so code that
   * tests it against a literal is folded where it stands, and esbuild drops what only the other
   * host needs (the Node bundle has no CORS messages, the web one no proxy or certificate
   * diagnosis). Read it only as `globalThis.__SENTRY_EXPLORER_HOST__ !== '<host>'` in front of a
   * run-time test (a constant in another module, or a function, would not be folded). Undefined in
   * plain Node (the unit tests, soak, bench), where useHost chooses at run time.
   */
  var __SENTRY_EXPLORER_HOST__: 'node' | 'webWorker' | undefined;
}

/** Until an entry point says otherwise (plain Node: the unit tests). */
let current: HostServices = { kind: 'node' };

/** Called once by an entry point, before activate(). */
export function useHost(services: HostServices): void {
  current = services;
}

export function host(): HostServices {
  return current;
}

/** True in the browser's web worker extension host (set by src/extension.web.ts). */
export function inWebWorker(): boolean {
  return current.kind === 'webWorker';
}

/**
 * The origin of the page the web worker runs in (what a server sees in the request's Origin),
 * undefined in the Node host.
 */
export function webOrigin(): string | undefined {
  if (!inWebWorker()) return undefined;
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin;
  return typeof origin === 'string' && origin !== 'null' ? origin : undefined;
}
