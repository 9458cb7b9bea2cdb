// The sample workspace as a git repository whose history the sandbox's releases point at, built at
// test time (never a nested .git in this repository): createGitWorkspace copies test/sandbox/workspace
// to a folder and commits HISTORY into it, oldest first, so that HEAD is the workspace as shipped.
// Authors, dates and contents are fixed, so the SHAs are the same on every run and machine; the sandbox
// still reads them back from a real repository (readHistory) rather than trusting a table.
//
// Each step replaces whole lines in place (never adds or removes one), so a line number of the shipped
// workspace is the same line in every commit: the events' frames, read from the shipped files, then
// point at the line of the release they came from, as on a real server.
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { WORKSPACE_DIR } from './workspace';

export interface HistoryAuthor {
  name: string;
  email: string;
}

interface LineEdit {
  file: string;
  /** The line as the step leaves it (the whole line, trimmed). */
  after: string;
  /** The line before the step. */
  before: string;
}

interface HistoryStep {
  key: 'import' | 'currency' | 'discount' | 'divide';
  message: string;
  author: HistoryAuthor;
  date: string;
  edits: LineEdit[];
}

const ADA: HistoryAuthor = { name: 'Ada Lovelace', email: 'ada@acme.example' };
const GRACE: HistoryAuthor = { name: 'Grace Hopper', email: 'grace@acme.example' };
const MARGARET: HistoryAuthor = { name: 'Margaret Hamilton', email: 'margaret@acme.example' };

const DISCOUNT_LINE = 'const discount = item.discount.percent / 100;';

/**
 * Oldest first. `import` is the whole app (release web-frontend@2.0.0), `currency` release 2.10.0,
 * `discount` release 2.11.0 (the newest: it wrote the line the checkout-discount issue crashes on),
 * `divide` came after every release and changed that line again. One message is hostile on purpose:
 * markup, a command link and a long second paragraph, as any commit message may be.
 */
export const HISTORY: readonly HistoryStep[] = [
  {
    key: 'import',
    message: 'Import the sample app',
    author: ADA,
    date: '2026-01-05T09:00:00Z',
    edits: [],
  },
  {
    key: 'currency',
    message: "Show prices in the cart's currency <img src=x onerror=alert(1)> [run](command:workbench.action.terminal.new)\n\n" + 'The total used the default currency. '.repeat(20).trim(),
    author: GRACE,
    date: '2026-01-12T10:30:00Z',
    edits: [{ file: 'src/components/Cart.tsx', before: '{formatPrice(total)}', after: '{formatPrice(total, currency)}' }],
  },
  {
    key: 'discount',
    message: 'Read item discounts from the discount object',
    author: GRACE,
    date: '2026-01-19T14:00:00Z',
    edits: [{ file: 'src/app/checkout.ts', before: 'const discount = item.discountPercent / 100;', after: 'const discount = item.discount.percent * 0.01;' }],
  },
  {
    key: 'divide',
    message: 'Divide discount percentages instead of scaling them',
    author: MARGARET,
    date: '2026-01-26T16:45:00Z',
    edits: [{ file: 'src/app/checkout.ts', before: 'const discount = item.discount.percent * 0.01;', after: DISCOUNT_LINE }],
  },
];

/** Which step each web-frontend release (by its index among the project's twelve, oldest 0) ends with. */
export const RELEASE_STEPS: ReadonlyMap<number, HistoryStep['key']> = new Map([
  [0, 'import'],
  [10, 'currency'],
  [11, 'discount'],
]);

export interface HistoryCommit {
  key: HistoryStep['key'];
  sha: string;
  message: string;
  author: HistoryAuthor;
  date: string;
  /** Workspace-relative paths the commit changed (every file for the first). */
  files: string[];
}

function git(cwd: string, args: string[], env: Record<string, string> = {}): string {
  return execFileSync('git', ['-c', 'core.autocrlf=false', '-c', 'commit.gpgsign=false', '-c', 'init.defaultBranch=main', '-c', 'core.hooksPath=/dev/null', ...args], {
    cwd,
    encoding: 'utf8',
    env: { ...process.env, GIT_CONFIG_NOSYSTEM: '1', GIT_CONFIG_GLOBAL: os.devNull, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

function replaceLine(dir: string, file: string, from: string, to: string): void {
  const full = path.join(dir, file);
  const lines = fs.readFileSync(full, 'utf8').split('\n');
  const at = lines.findIndex((l) => l.trim() === from);
  if (at < 0) throw new Error(`git history: "${from}" is no line of ${file}`);
  lines[at] = lines[at].replace(from, to);
  fs.writeFileSync(full, lines.join('\n'));
}

/**
 * Copies `source` (the sample workspace) to `dest` (created; must not exist or be empty) and commits
 * HISTORY into it; the working tree ends equal to `source`. Returns `dest`.
 */
export function createGitWorkspace(dest: string, source: string = WORKSPACE_DIR): string {
  fs.mkdirSync(dest, { recursive: true });
  if (fs.readdirSync(dest).length) throw new Error(`git workspace: ${dest} is not empty`);
  // The sample app only: a test's workspace settings (.vscode/) left in the folder would change the SHAs.
  fs.cpSync(source, dest, {
    recursive: true,
    filter: (src) => {
      const rel = path.relative(source, src).split(path.sep)[0];
      return rel !== '.vscode' && rel !== '.git';
    },
  });
  // Back to the first step's contents: every later edit undone, newest first.
  for (const step of [...HISTORY].reverse()) for (const e of step.edits) replaceLine(dest, e.file, e.after, e.before);
  git(dest, ['init', '-q']);
  for (const step of HISTORY) {
    for (const e of step.edits) replaceLine(dest, e.file, e.before, e.after);
    git(dest, ['add', '-A']);
    const env = {
      GIT_AUTHOR_NAME: step.author.name,
      GIT_AUTHOR_EMAIL: step.author.email,
      GIT_AUTHOR_DATE: step.date,
      GIT_COMMITTER_NAME: step.author.name,
      GIT_COMMITTER_EMAIL: step.author.email,
      GIT_COMMITTER_DATE: step.date,
    };
    git(dest, ['commit', '-q', '--no-verify', '-m', step.message], env);
  }
  return dest;
}

/** The commits of a repository made by createGitWorkspace, oldest first, matched to HISTORY by position. */
export function readHistory(dir: string): HistoryCommit[] {
  const out = git(dir, ['log', '--reverse', '--format=%x1e%H', '--name-only']);
  const blocks = out
    .split('\x1e')
    .map((b) => b.trim())
    .filter(Boolean);
  if (blocks.length !== HISTORY.length) throw new Error(`git history: ${dir} has ${blocks.length} commits, not ${HISTORY.length}`);
  return blocks.map((block, k) => {
    const [sha, ...files] = block.split('\n').filter(Boolean);
    const step = HISTORY[k];
    return { key: step.key, sha, message: step.message, author: step.author, date: step.date, files };
  });
}

/**
 * The line (1-based) each step's edits changed, found by undoing the steps on the shipped files, newest
 * first: lines never move (see above), so this is the line in every commit. `files` reads a workspace file.
 */
export function editedLines(files: (relPath: string) => string): Map<HistoryStep['key'], Array<{ file: string; line: number }>> {
  const texts = new Map<string, string[]>();
  const lines = (f: string) => texts.get(f) ?? (texts.set(f, files(f).split('\n')), texts.get(f)!);
  const out = new Map<HistoryStep['key'], Array<{ file: string; line: number }>>();
  for (const step of [...HISTORY].reverse()) {
    const at = step.edits.map((e) => {
      const ls = lines(e.file);
      const k = ls.findIndex((l) => l.trim() === e.after);
      if (k < 0) throw new Error(`git history: "${e.after}" is no line of ${e.file}`);
      ls[k] = ls[k].replace(e.after, e.before);
      return { file: e.file, line: k + 1 };
    });
    out.set(step.key, at);
  }
  return out;
}

let cached: HistoryCommit[] | null | undefined;

/**
 * The history the sandbox serves: read from `dir` when given (the repository the test opened), else
 * from a copy built once per process in the temp folder (the same SHAs). Null when git cannot run:
 * the sandbox then serves releases without commits, as a server without the source code integration.
 */
export function sandboxHistory(dir?: string): HistoryCommit[] | null {
  if (dir) return readHistory(dir);
  if (cached === undefined) {
    try {
      const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sandbox-git-'));
      cached = readHistory(createGitWorkspace(path.join(tmp, 'workspace')));
    } catch {
      cached = null;
    }
  }
  return cached;
}
