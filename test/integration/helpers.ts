// Shared by the extension-host suites. Host-neutral: no assumption about desktop vs web.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import { TEST_HOOKS_KEY, type TestHooks } from '../../src/testHooks';

/** The extension as any other extension sees it: its exports are undefined. */
export function getExtension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded in this window`);
  return ext;
}

/**
 * Activates the extension and returns its internals, which only a test build publishes (esbuild.mjs
 * --test-hooks, as test/harness/build.ts builds it): activate() itself returns nothing.
 */
export async function activateExtension(): Promise<TestHooks> {
  await getExtension().activate();
  const hooks = (globalThis as Record<symbol, unknown>)[Symbol.for(TEST_HOOKS_KEY)] as TestHooks | undefined;
  if (!hooks) throw new Error('the extension published no test hooks: build it with `node esbuild.mjs --test-hooks` (test/harness/build.ts does)');
  return hooks;
}

interface Contributes {
  commands?: { command: string; title: string; category?: string }[];
  views?: Record<string, { id: string }[]>;
}

export function contributes(): Contributes {
  return (getExtension().packageJSON as { contributes?: Contributes }).contributes ?? {};
}
