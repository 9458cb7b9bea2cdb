// One SecretStorage for every window of a browser context, as desktop VS Code has one for all its
// windows. In desktop VS Code the secrets live in the main process: a window's write is seen by
// every other window at once, with an onDidChange there. The web workbench of code-server keeps
// them in the page instead (LocalStorageSecretStorageProvider: read from localStorage once, when
// the page loads, and written back whole), so a second window neither sees the first one's writes
// nor hears of them, and the last writer's copy wins. What the extension does across windows (the
// refresh lease of src/auth/core/refreshLease.ts, adopting tokens another window refreshed) can
// only be exercised against the desktop behaviour: this puts the secrets of every page in this
// process, one map, and tells the other pages of each change, as the main process does.
import type { BrowserContext } from 'playwright-core';

/** The page global the patched secret storage service uses instead of code-server's provider. */
const PROVIDER = '__sentryExplorerSharedSecrets';
const GET = '__sentryExplorerSecretGet';
const SET = '__sentryExplorerSecretSet';
const DELETE = '__sentryExplorerSecretDelete';
/** Set by the patched service: fires its onDidChangeSecret for a key another window changed. */
const CHANGED = '__sentryExplorerSecretChanged';

// vs/workbench/services/secrets/browser/secretStorageService.ts (BrowserSecretStorageService), minified:
// the constructor takes the provider of the workbench's options, and set() fires the change emitter.
const TAKES_PROVIDER = /([\w$]+)\.options\?\.secretStorageProvider&&\(this\.([\w$]+)=\1\.options\.secretStorageProvider,/;
const FIRES_CHANGE = /await this\.([\w$]+)\.set\(([\w$]+),([\w$]+)\),this\.([\w$]+)\.fire\(\2\)/;

export class SharedSecrets {
  private readonly values = new Map<string, string>();
  /** Writes and deletes, in the order this process applied them (for a soak's figures). */
  writes = 0;

  /** Every page of `context` (opened after this) reads and writes this one store. */
  async attach(context: BrowserContext): Promise<void> {
    const changed = async (from: unknown, key: string) => {
      // Told to the other windows only, as the main process tells them; the writer's own service fires its event itself.
      await Promise.all(
        context
          .pages()
          .filter((p) => p !== from && !p.isClosed())
          .map((p) => p.evaluate(([name, k]) => (globalThis as unknown as Record<string, ((k: string) => void) | undefined>)[name]?.(k), [CHANGED, key] as const).catch(() => undefined)),
      );
    };
    await context.exposeBinding(GET, (_source, key: string) => this.values.get(key));
    await context.exposeBinding(SET, async (source, key: string, value: string) => {
      this.values.set(key, value);
      this.writes++;
      await changed(source.page, key);
    });
    await context.exposeBinding(DELETE, async (source, key: string) => {
      if (!this.values.delete(key)) return;
      this.writes++;
      await changed(source.page, key);
    });
    // As text: tsx would wrap the functions of a script given as a function in a naming helper the page lacks.
    await context.addInitScript({
      content: `globalThis.${PROVIDER} = { type: 'persisted', ` + `get: (k) => globalThis.${GET}(k), set: (k, v) => globalThis.${SET}(k, v), delete: (k) => globalThis.${DELETE}(k) };`,
    });
  }

  /**
   * The workbench script with the secret storage service reading `PROVIDER` and firing its change
   * event when CHANGED is called; undefined when this VS Code's script does not have the expected shape.
   */
  static patchWorkbench(body: string): string | undefined {
    const takes = TAKES_PROVIDER.exec(body);
    if (!takes) return undefined;
    const fires = FIRES_CHANGE.exec(body.slice(takes.index, takes.index + 2000));
    if (!fires || fires[1] !== takes[2]) return undefined;
    const [, options, field] = takes;
    const emitter = fires[4];
    const provider = `globalThis.${PROVIDER}`;
    const replacement =
      `(${provider}||${options}.options?.secretStorageProvider)&&(this.${field}=${provider}||${options}.options.secretStorageProvider,` +
      `${provider}&&(globalThis.${CHANGED}=(k)=>this.${emitter}.fire(k)),`;
    return body.slice(0, takes.index) + replacement + body.slice(takes.index + takes[0].length);
  }
}
