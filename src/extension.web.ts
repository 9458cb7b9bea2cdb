// The browser's web worker extension host's entry (package.json `browser`: dist/web/extension.js):
// vscode.dev, github.dev, code-server when the extension is made to run in the browser. The same
// activation as the Node entry's; what needs Node (a real path on disk, the process's CPU time)
// is absent, and the network code tells a browser's refusals (CORS, mixed content) from others.
// First: its statement starts the activation's clock (src/loadStart.ts).
import { loaded } from './loadStart';
import { useHost } from './util/host';

useHost({ kind: 'webWorker' });
// Last: every module has loaded (src/loadStart.ts).
loaded();

export { activate, deactivate } from './extension';
