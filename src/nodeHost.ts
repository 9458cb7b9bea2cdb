// The services of the Node extension host (src/util/host.ts): the only file of src that imports
// Node's modules (eslint.config.mjs), and only src/extension.node.ts imports it.
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import type { HostServices } from './util/host';

/** Imported right after src/loadStart.ts: the CPU time the process had used when the extension's code began to run. */
const cpuAtLoad = process.cpuUsage();

export const nodeHost: HostServices = {
  kind: 'node',
  realpath: (fsPath) => fs.realpath(fsPath),
  isInside(root, real) {
    const rel = path.relative(root, real);
    return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
  },
  cpuUsage: () => process.cpuUsage(),
  cpuAtLoad,
};
