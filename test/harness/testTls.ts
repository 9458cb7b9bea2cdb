// The private certificate authority of the extension-host run. Node reads NODE_EXTRA_CA_CERTS only
// when a process starts, so the authority is made here, before the VS Code server (and the
// extension host it starts) is: the network suite (test/integration/network.test.ts) then serves
// the sandbox over HTTPS with a certificate this authority signed, which only that variable makes
// trusted.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { createTestAuthority } from '../sandbox/certificates';

/** Env naming the folder with the authority (ca.pem) and the sandbox's certificate and key. */
export const TEST_TLS_ENV = 'SENTRY_EXPLORER_TEST_TLS_DIR';

/**
 * The address the HTTPS sandbox listens on and its certificate names. Not 127.0.0.1: VS Code never
 * sends localhost, 127.0.0.1 or ::1 through a proxy, and the rest of 127.0.0.0/8 is loopback too.
 */
export const TEST_TLS_HOST = '127.0.0.2';

export const TEST_TLS_FILES = { ca: 'ca.pem', cert: 'sandbox.pem', key: 'sandbox-key.pem' } as const;

export interface TestTls {
  dir: string;
  /** NODE_EXTRA_CA_CERTS and TEST_TLS_ENV, for the VS Code server's environment. */
  env: Record<string, string>;
  remove(): void;
}

export function writeTestTls(): TestTls {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-tls-'));
  const ca = createTestAuthority();
  const { cert, key } = ca.issue({ hosts: [TEST_TLS_HOST] });
  fs.writeFileSync(path.join(dir, TEST_TLS_FILES.ca), ca.cert);
  fs.writeFileSync(path.join(dir, TEST_TLS_FILES.cert), cert);
  fs.writeFileSync(path.join(dir, TEST_TLS_FILES.key), key, { mode: 0o600 });
  return {
    dir,
    env: { NODE_EXTRA_CA_CERTS: path.join(dir, TEST_TLS_FILES.ca), [TEST_TLS_ENV]: dir },
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}
