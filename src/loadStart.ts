/**
 * When the extension's code began to run: each entry (src/extension.node.ts, src/extension.web.ts)
 * imports this module first, so this statement is the first of the bundle to run and activate()'s
 * "activated in N ms" counts every module's top level too, not only activate()'s body. (What a
 * module builds at load is paid at every start of VS Code, whether the feature is used or not: it is
 * created on first use instead, and `npm run bench -- activation` and the package check measure it.)
 * No `vscode` import, and nothing else: it must run before any other module.
 */
export const loadStart = performance.now();
