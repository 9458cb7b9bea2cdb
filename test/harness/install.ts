// Installs a real VS Code server (from the `code-server` npm package) into `.vscode-test/`, once:
// @vscode/test-electron downloads VS Code at test time, which fails on a machine that reaches only
// the npm registry. The package's own postinstall downloads ripgrep and argon2 from the internet,
// so it is installed with --ignore-scripts and finished by hand. The install is complete only when the marker file holds the version and every key file
// exists; anything less is wiped and redone.
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';

export const CODE_SERVER_VERSION = '4.99.4'; // carries VS Code 1.99.3, needs Node 20
export const VSCODE_VERSION = '1.99.3';

/** Debian packages the server's native modules and the headless browser need. */
export const DEBIAN_PACKAGES = [
  'libkrb5-dev',
  'libx11-dev',
  'libxkbfile-dev',
  'libsecret-1-dev',
  'pkg-config',
  'ripgrep',
  'chromium',
  // Native modules are built from source (usually present already).
  'build-essential',
  'python3',
];
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');
export const CACHE_DIR = path.join(REPO_ROOT, '.vscode-test');
export const INSTALL_DIR = path.join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}`);
const MARKER = path.join(INSTALL_DIR, '.install-complete');
const LOCK = path.join(CACHE_DIR, `code-server-${CODE_SERVER_VERSION}.lock`);

const CS = path.join(INSTALL_DIR, 'node_modules', 'code-server');
const VSCODE_DIR = path.join(CS, 'lib', 'vscode');

export interface VSCodeServerInstall {
  /** The code-server wrapper's executable (a node script). */
  codeServerBin: string;
  /** lib/vscode inside the package: the VS Code server itself. */
  vscodeDir: string;
  chromiumPath: string;
  codeServerVersion: string;
  vscodeVersion: string;
}

export function installPaths(): VSCodeServerInstall {
  return {
    codeServerBin: path.join(CS, 'out', 'node', 'entry.js'),
    vscodeDir: VSCODE_DIR,
    chromiumPath: CHROMIUM_PATH,
    codeServerVersion: CODE_SERVER_VERSION,
    vscodeVersion: VSCODE_VERSION,
  };
}

/** Files that exist only when every install step finished. */
function keyFiles(): string[] {
  const vsm = path.join(VSCODE_DIR, 'node_modules');
  return [
    path.join(CS, 'out', 'node', 'entry.js'),
    path.join(VSCODE_DIR, 'out', 'server-main.js'),
    path.join(VSCODE_DIR, 'package.json'),
    path.join(vsm, '@vscode', 'spdlog', 'build', 'Release', 'spdlog.node'),
    path.join(vsm, 'node-pty', 'build', 'Release', 'pty.node'),
    // @parcel/watcher ships its binary as a platform package (built from source only as a fallback)
    fs.existsSync(path.join(vsm, '@parcel', 'watcher', 'build', 'Release', 'watcher.node'))
      ? path.join(vsm, '@parcel', 'watcher', 'build', 'Release', 'watcher.node')
      : path.join(vsm, '@parcel', `watcher-${process.platform}-${process.arch}-glibc`, 'watcher.node'),
    path.join(vsm, 'native-watchdog', 'build', 'Release', 'watchdog.node'),
    path.join(vsm, 'kerberos', 'build', 'Release', 'kerberos.node'),
    path.join(vsm, '@vscode', 'ripgrep', 'bin', 'rg'),
    path.join(VSCODE_DIR, 'extensions', 'node_modules', 'typescript', 'package.json'),
  ];
}

function missingKeyFiles(): string[] {
  const missing = keyFiles().filter((f) => !fs.existsSync(f));
  const argon = path.join(INSTALL_DIR, 'node_modules', 'argon2');
  if (fs.existsSync(argon) && !findFile(argon, 'argon2.node')) missing.push(path.join(argon, '**/argon2.node'));
  return missing;
}

function findFile(dir: string, name: string, depth = 6): string | undefined {
  if (depth < 0) return undefined;
  let entries: fs.Dirent[];
  try {
    entries = fs.readdirSync(dir, { withFileTypes: true });
  } catch {
    return undefined;
  }
  for (const e of entries) {
    const p = path.join(dir, e.name);
    if (e.isFile() && e.name === name) return p;
    if (e.isDirectory() && e.name !== 'node_modules') {
      const found = findFile(p, name, depth - 1);
      if (found) return found;
    }
  }
  return undefined;
}

/** True when the marker holds the expected version and every key file exists. */
export function isInstallComplete(): boolean {
  try {
    if (fs.readFileSync(MARKER, 'utf8').trim() !== CODE_SERVER_VERSION) return false;
  } catch {
    return false;
  }
  return missingKeyFiles().length === 0;
}

export function log(msg: string): void {
  process.stderr.write(`[vscode-harness] ${msg}\n`);
}

/** Runs one step of the harness or the demo and logs when it starts and how long it took. */
export async function timed<T>(label: string, fn: () => T | Promise<T>): Promise<T> {
  const t0 = performance.now();
  log(`${label} ...`);
  const r = await fn();
  log(`${label}: done in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return r;
}

/** An environment for child npm runs without the variables an outer `npm test` sets for its own package. */
function childNpmEnv(): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {};
  for (const [k, v] of Object.entries(process.env)) {
    const lk = k.toLowerCase();
    if (lk.startsWith('npm_package_') || lk.startsWith('npm_lifecycle_')) continue;
    if (['npm_config_local_prefix', 'npm_config_global_prefix', 'npm_config_prefix', 'init_cwd', 'npm_command'].includes(lk)) continue;
    env[k] = v;
  }
  env.npm_config_yes = 'true';
  env.npm_config_fund = 'false';
  env.npm_config_audit = 'false';
  env.npm_config_update_notifier = 'false';
  return env;
}

function sh(cmd: string, args: string[], cwd: string, env: NodeJS.ProcessEnv = childNpmEnv()): void {
  const r = spawnSync(cmd, args, { cwd, env, stdio: ['ignore', 'pipe', 'pipe'], encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (r.status !== 0) {
    const out = `${r.stdout ?? ''}\n${r.stderr ?? ''}`.trim().split('\n').slice(-40).join('\n');
    throw new Error(`\`${cmd} ${args.join(' ')}\` in ${cwd} failed (${r.error?.message ?? `exit ${r.status ?? r.signal}`}):\n${out}`);
  }
}

function missingDebianPackages(): string[] {
  const r = spawnSync('dpkg-query', ['-W', '-f=${Package} ${Status}\\n', ...DEBIAN_PACKAGES], { encoding: 'utf8' });
  if (r.error) return []; // no dpkg: not Debian; checked by file below
  const installed = new Set(
    (r.stdout ?? '')
      .split('\n')
      .filter((l) => l.endsWith(' install ok installed'))
      .map((l) => l.split(' ')[0]),
  );
  return DEBIAN_PACKAGES.filter((p) => !installed.has(p));
}

/** Installs the Debian packages that are missing (as root), or explains what to install. */
export async function ensureSystemPackages(): Promise<void> {
  const hasDpkg = spawnSync('dpkg-query', ['--version']).status === 0;
  if (!hasDpkg) {
    if (!fs.existsSync(CHROMIUM_PATH)) {
      throw new Error(`Not a Debian system and ${CHROMIUM_PATH} is missing. Install Chromium there, plus ripgrep, pkg-config and the headers of krb5, libx11, libxkbfile and libsecret.`);
    }
    return;
  }
  const missing = missingDebianPackages();
  if (missing.length === 0) {
    log(`Debian packages: all present (${DEBIAN_PACKAGES.join(', ')})`);
    return;
  }
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `Missing Debian packages: ${missing.join(' ')}\n` +
        `Install them with:\n  sudo apt-get update && sudo apt-get install -y --no-install-recommends ${missing.join(' ')}\n` +
        `(or run this command as root and it installs them itself)`,
    );
  }
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  await timed('apt-get update', () => sh('apt-get', ['update'], '/', env));
  await timed(`apt-get install ${missing.join(' ')}`, () => sh('apt-get', ['install', '-y', '--no-install-recommends', ...missing], '/', env));
  const still = missingDebianPackages();
  if (still.length) throw new Error(`apt-get did not install: ${still.join(' ')}`);
}

async function withLock<T>(fn: () => Promise<T>): Promise<T> {
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const deadline = Date.now() + 20 * 60_000;
  for (;;) {
    try {
      fs.mkdirSync(LOCK);
      fs.writeFileSync(path.join(LOCK, 'pid'), String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      let holder = NaN;
      try {
        holder = Number(fs.readFileSync(path.join(LOCK, 'pid'), 'utf8'));
      } catch {
        /* being written */
      }
      let alive = false;
      if (Number.isFinite(holder)) {
        try {
          process.kill(holder, 0);
          alive = true;
        } catch {
          alive = false;
        }
      }
      if (Number.isFinite(holder) && !alive) {
        log(`removing a stale install lock of process ${holder}`);
        fs.rmSync(LOCK, { recursive: true, force: true });
        continue;
      }
      if (Date.now() > deadline) throw new Error(`timed out waiting for the install lock ${LOCK}`, { cause: e });
      await new Promise((r) => setTimeout(r, 1000));
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(LOCK, { recursive: true, force: true });
  }
}

/**
 * Makes sure the VS Code server and the system packages are installed; idempotent and cheap when
 * everything is already there (no apt, no npm).
 */
export async function ensureVSCodeServer(): Promise<VSCodeServerInstall> {
  const t0 = performance.now();
  await timed('system packages', ensureSystemPackages);
  if (isInstallComplete()) {
    log(`VS Code server ${VSCODE_VERSION} (code-server ${CODE_SERVER_VERSION}): already installed in ${path.relative(REPO_ROOT, INSTALL_DIR)}`);
    return installPaths();
  }
  await withLock(async () => {
    if (isInstallComplete()) return; // another process finished it while we waited
    if (fs.existsSync(INSTALL_DIR)) {
      log(`incomplete install in ${INSTALL_DIR} (missing: ${missingKeyFiles().slice(0, 3).join(', ') || 'marker'}): redoing it`);
      fs.rmSync(INSTALL_DIR, { recursive: true, force: true });
    }
    fs.mkdirSync(INSTALL_DIR, { recursive: true });
    fs.writeFileSync(path.join(INSTALL_DIR, 'package.json'), JSON.stringify({ name: 'vscode-test-server', private: true }, null, 2));
    await timed(`npm install code-server@${CODE_SERVER_VERSION}`, () =>
      sh('npm', ['install', `code-server@${CODE_SERVER_VERSION}`, '--ignore-scripts', '--no-save', '--no-package-lock'], INSTALL_DIR),
    );
    const argon = path.join(INSTALL_DIR, 'node_modules', 'argon2');
    if (fs.existsSync(argon)) {
      await timed('build argon2', () => sh('npx', ['node-pre-gyp', 'rebuild', '-C', '.'], argon));
    }
    await timed('npm install in lib/vscode', () => sh('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-package-lock'], VSCODE_DIR));
    await timed('rebuild native modules of lib/vscode', () => sh('npm', ['rebuild', '@parcel/watcher', '@vscode/spdlog', 'node-pty', 'native-watchdog', 'kerberos'], VSCODE_DIR));
    await timed('ripgrep', () => {
      const rg = spawnSync('sh', ['-c', 'command -v rg'], { encoding: 'utf8' }).stdout.trim() || '/usr/bin/rg';
      const dest = path.join(VSCODE_DIR, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
      fs.mkdirSync(path.dirname(dest), { recursive: true });
      fs.copyFileSync(rg, dest);
      fs.chmodSync(dest, 0o755);
    });
    await timed('npm install in lib/vscode/extensions', () => sh('npm', ['install', '--omit=dev', '--ignore-scripts', '--no-package-lock'], path.join(VSCODE_DIR, 'extensions')));
    const missing = missingKeyFiles();
    if (missing.length) throw new Error(`install finished but files are missing:\n  ${missing.join('\n  ')}`);
    fs.writeFileSync(MARKER, CODE_SERVER_VERSION + '\n');
  });
  log(`VS Code server ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return installPaths();
}
