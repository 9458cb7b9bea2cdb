/**
 * The line history the hover shows, through VS Code's git extension (never a git process of our own):
 * the file's repository, the release's commit in its history, the commits since that touched the file
 * and their diffs (./core/lineHistory walks them). Undefined without git, outside every repository, in
 * a virtual workspace (no `file:` URI) or when git fails: the hover then leaves it out. Each answer is
 * kept per file, line, commit and HEAD, so hovering again asks git nothing.
 */
import * as vscode from 'vscode';
import type { LineHistory } from '../contracts/provenance';
import { lineSinceRelease, type HistoryGit } from './core/lineHistory';
import { repositoryOf, type GitRepository } from './gitRepos';

const MAX_KEPT = 200;
const kept = new Map<string, Promise<LineHistory | undefined>>();

function historyGit(repo: GitRepository): HistoryGit {
  return {
    commit: async (ref) => {
      try {
        const c = await repo.getCommit(ref);
        return c?.hash ? { hash: c.hash, authorName: c.authorName, message: c.message } : undefined;
      } catch {
        return undefined;
      }
    },
    mergeBase: async (a, b) => {
      try {
        return await repo.getMergeBase(a, b);
      } catch {
        return undefined;
      }
    },
    commitsSince: async (since, path) => (await repo.log({ range: `${since}..HEAD`, path, reverse: true })).map((c) => ({ hash: c.hash, authorName: c.authorName, message: c.message })),
    diff: (from, to, path) => repo.diffBetween(from, to, path),
  };
}

export async function lineHistoryOf(fileUri: string, line: number, releaseCommit: string, release: string, log?: vscode.LogOutputChannel): Promise<LineHistory | undefined> {
  let uri: vscode.Uri;
  try {
    uri = vscode.Uri.parse(fileUri, true);
  } catch {
    return undefined;
  }
  if (uri.scheme !== 'file') return undefined;
  const repo = await repositoryOf(uri);
  if (!repo) return undefined;
  const head = await repo.getCommit('HEAD').then(
    (c) => c.hash,
    () => undefined,
  );
  if (!head) return undefined;
  const key = [uri.fsPath, line, releaseCommit, head].join('\n');
  let p = kept.get(key);
  if (!p) {
    p = lineSinceRelease(historyGit(repo), uri.fsPath, releaseCommit, release, line).catch((e: unknown) => {
      log?.info(`[releases] line history of ${vscode.workspace.asRelativePath(uri)}: ${(e as Error)?.message ?? String(e)}`);
      return undefined;
    });
    if (kept.size >= MAX_KEPT) kept.delete(kept.keys().next().value as string);
    kept.set(key, p);
  }
  return p;
}
