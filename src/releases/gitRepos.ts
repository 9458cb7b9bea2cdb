/**
 * The workspace's repositories through VS Code's git extension (`vscode.git`, API version 1): never
 * a git process of our own. Everything here answers undefined when the git extension is missing or
 * disabled, or no repository is open (a virtual workspace, a folder without git): callers then leave
 * the git parts out. Glue: the git extension is reached through `vscode.extensions`.
 */
import * as vscode from 'vscode';

export interface GitCommit {
  hash: string;
  message: string;
  authorName?: string;
  authorEmail?: string;
  authorDate?: Date;
}

/** The parts of the git extension's Repository (API 1) used here. */
export interface GitRepository {
  readonly rootUri: vscode.Uri;
  getCommit(ref: string): Promise<GitCommit>;
  getMergeBase(ref1: string, ref2: string): Promise<string | undefined>;
  diffBetween(ref1: string, ref2: string, path: string): Promise<string>;
  log(options?: { maxEntries?: number; path?: string; range?: string; reverse?: boolean }): Promise<GitCommit[]>;
}

interface GitApi {
  readonly state: 'uninitialized' | 'initialized';
  onDidChangeState(listener: (state: 'uninitialized' | 'initialized') => void): vscode.Disposable;
  readonly repositories: GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

/** How long the git extension may take to find the workspace's repositories before we go on without. */
const INIT_WAIT_MS = 5000;

/** The git API once initialized; undefined without the extension (or when it is disabled). */
export async function gitApi(): Promise<GitApi | undefined> {
  const ext = vscode.extensions.getExtension<{ enabled?: boolean; getAPI(version: 1): GitApi }>('vscode.git');
  if (!ext) return undefined;
  try {
    const exports = ext.isActive ? ext.exports : await ext.activate();
    if (exports.enabled === false) return undefined;
    const api = exports.getAPI(1);
    if (api.state === 'initialized') return api;
    await new Promise<void>((resolve) => {
      const timer = setTimeout(() => {
        sub.dispose();
        resolve();
      }, INIT_WAIT_MS);
      const sub = api.onDidChangeState((s) => {
        if (s !== 'initialized') return;
        clearTimeout(timer);
        sub.dispose();
        resolve();
      });
    });
    return (api.state as string) === 'initialized' ? api : undefined;
  } catch {
    return undefined;
  }
}

/** The repository a file belongs to; undefined without git or outside every repository. */
export async function repositoryOf(uri: vscode.Uri): Promise<GitRepository | undefined> {
  const api = await gitApi();
  return api?.getRepository(uri) ?? undefined;
}

/** The commit in one of the workspace's repositories, with that repository; undefined when none has it. */
export async function findCommit(id: string): Promise<{ repo: GitRepository; commit: GitCommit } | undefined> {
  if (!/^[0-9a-f]{7,64}$/i.test(id)) return undefined;
  const api = await gitApi();
  for (const repo of api?.repositories ?? []) {
    try {
      const commit = await repo.getCommit(id);
      if (commit?.hash) return { repo, commit };
    } catch {
      // Not in this repository.
    }
  }
  return undefined;
}
