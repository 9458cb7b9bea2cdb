/**
 * When the extension's code began to run, and when it had all run: each entry (src/extension.node.ts,
 * src/extension.web.ts) imports this module first, so its first statement is the first of the bundle
 * to run, and calls `loaded()` as its own last statement, which runs after every other module's top
 * level. activate()'s "activated in N ms" counts from the first: the modules' top level (`load`),
 * then what the extension host does between require() and activate() (`host`: in VS Code it makes the
 * ExtensionContext and awaits its storage, tens of ms on a busy host, none of it ours), then
 * activate(). What a module builds at load is paid at every start of VS Code, whether its feature is
 * used or not: it is created on first use instead (`npm run bench -- activation`, and the package
 * check counts it). No `vscode` import, and no import at all: it must run before any other module.
 */
export const loadStart = performance.now();

/** When the entry's last statement ran: every module has loaded. Undefined before (a unit test's activate()). */
export let loadEnd: number | undefined;

export function loaded(): void {
  loadEnd = performance.now();
}
