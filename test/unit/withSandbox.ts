// The sandbox (test/sandbox, a strict fake of Sentry) for one suite: started on port 0 before the
// suite, closed after it, and reset around each test so that no test sees another's writes. Every
// unit suite that talks to the sandbox over real HTTP sets it up through here, once.
import { startSandbox, type Sandbox } from '../sandbox';

export interface SandboxOptions {
  /** When the sandbox's data is put back: before each test (the default), after each, or never. */
  readonly reset?: 'beforeEach' | 'afterEach' | 'never';
}

/**
 * Starts a sandbox with `options` for the suite it is called in; `ready` runs once it is up (to keep
 * it, or its tokens, in the suite's own variables). The handle's `get()` is the running sandbox.
 */
export function withSandbox(options?: Parameters<typeof startSandbox>[0], ready?: (sb: Sandbox) => void | Promise<void>, { reset = 'beforeEach' }: SandboxOptions = {}): { get: () => Sandbox } {
  let sb: Sandbox | undefined;
  before(async () => {
    sb = await startSandbox(options);
    await ready?.(sb);
  });
  after(async () => {
    await sb?.close();
  });
  if (reset === 'beforeEach') beforeEach(() => sb!.control.reset());
  if (reset === 'afterEach') afterEach(() => sb!.control.reset());
  return { get: () => sb! };
}
