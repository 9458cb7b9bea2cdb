// The Node extension host's entry (package.json `main`: dist/extension.js): the desktop, a
// remote, Codespaces, code-server's server. Everything but the Node services is shared with the
// browser's entry (src/extension.web.ts); activate() is src/extension.ts.
// First: its statement starts the activation's clock (src/loadStart.ts).
import { loaded } from './loadStart';
import { nodeHost } from './nodeHost';
import { useHost } from './util/host';

useHost(nodeHost);
// Last: every module has loaded (src/loadStart.ts).
loaded();

export { activate, deactivate } from './extension';
