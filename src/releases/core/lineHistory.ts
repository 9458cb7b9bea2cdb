/**
 * Has the line an event named changed since the event's release? The release's commit must be in the
 * checkout's history (an ancestor of HEAD); then the commits since it that touched the file are walked
 * oldest first, following the line through each one's diff (./lineFate), until one changes it. Git is
 * reached through the small HistoryGit interface (VS Code's git extension in the glue, real git in the
 * tests). At most MAX_WALK commits are read; past that, nothing is said. No `vscode` import.
 */
import { oneLine, type LineHistory } from '../../contracts/provenance';
import { lineFate } from './lineFate';

export interface HistoryCommit {
  hash: string;
  authorName?: string;
  message?: string;
}

export interface HistoryGit {
  /** The commit of a ref, or undefined when the repository has no such commit. */
  commit(ref: string): Promise<HistoryCommit | undefined>;
  mergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  /** The commits after `since` up to HEAD that touched `path`, oldest first. */
  commitsSince(since: string, path: string): Promise<HistoryCommit[]>;
  /** The unified diff of `path` between two commits. */
  diff(from: string, to: string, path: string): Promise<string>;
}

/** The most commits walked for one line. */
export const MAX_WALK = 50;

/**
 * `line` is 1-based, in the file as of the release's commit; `release` names the release (shown as
 * given). Undefined when git cannot say (too many commits to walk).
 */
export async function lineSinceRelease(git: HistoryGit, path: string, releaseCommit: string, release: string, line: number): Promise<LineHistory | undefined> {
  const base = await git.commit(releaseCommit);
  if (!base) return { kind: 'notInHistory', release };
  const head = await git.commit('HEAD');
  if (!head) return undefined;
  if ((await git.mergeBase(base.hash, head.hash)) !== base.hash) return { kind: 'notInHistory', release };
  const commits = await git.commitsSince(base.hash, path);
  if (commits.length > MAX_WALK) return undefined;
  let prev = base.hash;
  let at = line;
  for (const c of commits) {
    const fate = lineFate(await git.diff(prev, c.hash, path), at);
    if (fate.changed) {
      return { kind: 'changed', release, commit: { id: c.hash, shortId: c.hash.slice(0, 7), author: oneLine(c.authorName), message: oneLine(c.message) } };
    }
    at = fate.line;
    prev = c.hash;
  }
  return { kind: 'unchanged', release, line: at };
}
