/**
 * The extension's activation in a real extension host: the harness's VS Code (code-server) in
 * headless Chromium loads the production bundle (dist/extension.js, built by the caller) as a
 * development extension on the sample workspace, signed out, and the figure is the extension's own
 * log line, "activated in N ms" from the bundle's first line (src/loadStart.ts) to the end of
 * activate(), of which `host` is VS Code's own work between require() and activate() (making the
 * ExtensionContext, awaiting its storage, other extensions meanwhile) and the rest the extension's.
 * Each run reloads the window: a new extension host, which loads the bundle again.
 * Needs `npm run test:vscode -- install` once. Figures, not pass/fail: a window starting on a busy
 * machine is slower.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { EXTENSION_LOG_NAME, REPO_ROOT, startVSCode, type VSCodeHandle } from '../test/harness/vscode';
import { SANDBOX_WORKSPACE } from '../test/harness/sandbox';
import { workbench } from '../test/ui/framework';
import { activationLine } from '../scripts/activation/measure';

/** One activation: from the first line; of that the modules' top level (`load`) and the host's own work between require() and activate() (`host`). */
export interface HostActivation {
  fromFirstLineMs: number;
  loadMs: number;
  hostMs: number;
}

/** The "activated in" lines of every extension host of the window so far, oldest first. */
function activations(userDataDir: string): string[] {
  const logs = path.join(userDataDir, 'logs');
  if (!fs.existsSync(logs)) return [];
  const files = (fs.readdirSync(logs, { recursive: true }) as string[]).filter((f) => path.basename(f) === EXTENSION_LOG_NAME).sort();
  return files.flatMap((f) =>
    fs
      .readFileSync(path.join(logs, f), 'utf8')
      .split('\n')
      .filter((l) => /activated in [\d.]+ ms/.test(l)),
  );
}

async function nextActivation(handle: VSCodeHandle, seen: number, timeoutMs = 60_000): Promise<HostActivation> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const lines = activations(handle.userDataDir);
    if (lines.length > seen) return activationLine([lines[seen]]);
    if (Date.now() > deadline) throw new Error(`the extension logged no activation within ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export async function hostActivations(runs: number): Promise<HostActivation[]> {
  let handle: VSCodeHandle | undefined;
  try {
    handle = await startVSCode({ workspace: SANDBOX_WORKSPACE, extensionDevelopmentPath: REPO_ROOT, settings: { 'workbench.quickOpen.closeOnFocusLost': false } });
    await handle.waitForWorkbench();
    // The first host also starts the workbench's own extensions: its figure is kept apart.
    const out: HostActivation[] = [];
    let seen = 0;
    await nextActivation(handle, seen++);
    for (let i = 0; i < runs; i++) {
      await workbench(handle.page).runCommand('Developer: Reload Window');
      await handle.waitForWorkbench();
      out.push(await nextActivation(handle, seen++));
    }
    return out;
  } catch (e) {
    await handle?.collectArtifacts('bench-host-activation').catch(() => undefined);
    throw e;
  } finally {
    await handle?.close();
  }
}
