/**
 * "Resolve in a commit": the workspace's recent commits through VS Code's git extension API, and
 * the repository's name as Sentry knows it (`owner/name`, from the remote's URL). Glue: the git
 * extension is reached through `vscode.extensions`.
 */
import * as vscode from 'vscode';
import { repositoryName } from './core/repositoryName';

export interface WorkspaceCommit {
  readonly hash: string;
  readonly message: string;
  readonly authorName?: string;
  readonly when?: Date;
}

export interface CommitSource {
  /** Sentry's name of the repository (`owner/name`), when a remote gives one. */
  readonly repository?: string;
  readonly commits: readonly WorkspaceCommit[];
}

/** The parts of the git extension's API (vscode.git, API version 1) used here. */
interface GitApi {
  repositories: {
    rootUri: vscode.Uri;
    state: { remotes: { name: string; fetchUrl?: string; pushUrl?: string }[] };
    log(options?: { maxEntries?: number }): Promise<{ hash: string; message: string; authorName?: string; authorDate?: Date; commitDate?: Date }[]>;
  }[];
}

/** Recent commits of the workspace's first repository; undefined when git or a repository is missing. */
export async function recentCommits(maxEntries = 30): Promise<CommitSource | undefined> {
  const ext = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  if (!ext) return undefined;
  const git = (ext.isActive ? ext.exports : await ext.activate()).getAPI(1);
  const repo = git.repositories[0];
  if (!repo) return undefined;
  const remote = repo.state.remotes.find((r) => r.name === 'origin') ?? repo.state.remotes[0];
  const log = await repo.log({ maxEntries });
  return {
    repository: repositoryName(remote?.fetchUrl ?? remote?.pushUrl),
    commits: log.map((c) => ({ hash: c.hash, message: c.message, authorName: c.authorName, when: c.commitDate ?? c.authorDate })),
  };
}
