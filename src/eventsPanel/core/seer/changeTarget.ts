/**
 * Which workspace file a Seer change writes: never Seer's choice. The repository Seer names
 * (`owner/name`) is found in the workspace by a folder named like it (a workspace folder, or a
 * top-level folder of one, as frameResolver's inRepository tells repositories apart) or, failing
 * that, by its code mappings (the folder that holds each of the repository's mapped source roots);
 * then a modified or deleted file is the file at exactly the change's repository-relative path
 * (every name compared as written, case included, no symbolic link on the way, which could lead out
 * of the folder), and a new file goes only into a folder that already exists there. Nothing is ever
 * found by its name alone: a change to config/settings.json is never .vscode/settings.json. The
 * directories are read through `list`, so this runs in plain Node against a fake tree. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { showInvisibles } from '../../../format/invisibles';
import { repoSegments } from './repoPath';

export interface DirEntry {
  name: string;
  kind: 'file' | 'dir' | 'link' | 'other';
}

export interface WorkspaceTree {
  /** The workspace folders, in VS Code's order. */
  folders: readonly { name: string }[];
  /** The entries of a folder's directory (`[]` segments: its root); undefined when there is none. */
  list(folder: number, dir: readonly string[]): Promise<readonly DirEntry[] | undefined>;
}

/** Where a repository is: a workspace folder, or one of its top-level folders (`dir`). */
export interface RepoRoot {
  folder: number;
  dir?: string;
}

export type NoTarget = 'bad-path' | 'no-repo' | 'several-repos' | 'no-file' | 'no-folder' | 'exists' | 'link';

export type ChangeTarget =
  /** `path`: the file's segments from its workspace folder's root. */
  { kind: 'file'; folder: number; path: string[] } | { kind: 'none'; reason: NoTarget };

/** A code mapping as far as finding a repository goes. */
export interface RepoMapping {
  sourceRoot: string;
  repoName?: string;
}

/** Top-level folders of a workspace folder looked at as a repository's place: bounds the reads. */
const MAX_TOP_DIRS = 200;

/** Candidate roots a workspace has: each folder, and each of its top-level folders (not dot folders). */
async function candidates(tree: WorkspaceTree): Promise<RepoRoot[]> {
  const out: RepoRoot[] = [];
  for (let folder = 0; folder < tree.folders.length; folder++) {
    out.push({ folder });
    const dirs = ((await tree.list(folder, [])) ?? []).filter((e) => e.kind === 'dir' && !e.name.startsWith('.'));
    for (const e of dirs.slice(0, MAX_TOP_DIRS)) out.push({ folder, dir: e.name });
  }
  return out;
}

const rootSegments = (r: RepoRoot) => (r.dir === undefined ? [] : [r.dir]);

/** The entry named exactly `name` in a directory of a folder. */
async function entry(tree: WorkspaceTree, folder: number, dir: readonly string[], name: string): Promise<DirEntry | undefined> {
  return (await tree.list(folder, dir))?.find((e) => e.name === name);
}

/** Whether `segments` under `from` are folders all the way, named exactly so, with no link among them. */
async function isDir(tree: WorkspaceTree, folder: number, from: readonly string[], segments: readonly string[]): Promise<boolean> {
  const at = [...from];
  for (const s of segments) {
    if ((await entry(tree, folder, at, s))?.kind !== 'dir') return false;
    at.push(s);
  }
  return true;
}

/**
 * The places of a repository in the workspace. Named ones first: a workspace folder or top-level
 * folder called like the repository (case aside); several of them are narrowed by the mappings. None
 * named: the roots that hold every non-empty source root of the repository's code mappings.
 */
export async function findRepoRoots(repo: string, tree: WorkspaceTree, mappings: readonly RepoMapping[]): Promise<RepoRoot[]> {
  const name = repo.split('/').pop()?.trim().toLowerCase();
  if (!name) return [];
  const all = await candidates(tree);
  const named = all.filter((r) => (r.dir ?? tree.folders[r.folder].name).toLowerCase() === name);
  const sources = mappings
    .filter((m) => m.repoName === repo)
    .map((m) => repoSegments(m.sourceRoot.replace(/^\/+|\/+$/g, '')))
    .filter((s): s is string[] => s !== undefined);
  const holdsSources = async (r: RepoRoot) => {
    for (const s of sources) if (!(await isDir(tree, r.folder, rootSegments(r), s))) return false;
    return true;
  };
  const pick = async (roots: RepoRoot[]) => {
    const out: RepoRoot[] = [];
    for (const r of roots) if (await holdsSources(r)) out.push(r);
    return out;
  };
  if (named.length === 1) return named;
  if (named.length > 1) {
    const narrowed = sources.length ? await pick(named) : [];
    return narrowed.length === 1 ? narrowed : named;
  }
  return sources.length ? pick(all) : [];
}

/**
 * The workspace file a change writes, from the repository's places (findRepoRoots): exactly its path
 * under the one place, an existing file for a change or deletion, a free name in an existing folder
 * for a new file.
 */
export async function resolveChangeTarget(change: { path: string; kind: 'add' | 'modify' | 'delete' }, roots: readonly RepoRoot[], tree: WorkspaceTree): Promise<ChangeTarget> {
  const segments = repoSegments(change.path);
  if (!segments) return { kind: 'none', reason: 'bad-path' };
  if (roots.length === 0) return { kind: 'none', reason: 'no-repo' };
  if (roots.length > 1) return { kind: 'none', reason: 'several-repos' };
  const root = roots[0];
  const dir = rootSegments(root);
  for (const s of segments.slice(0, -1)) {
    const e = await entry(tree, root.folder, dir, s);
    if (e?.kind === 'link') return { kind: 'none', reason: 'link' };
    if (e?.kind !== 'dir') return { kind: 'none', reason: change.kind === 'add' ? 'no-folder' : 'no-file' };
    dir.push(s);
  }
  const name = segments[segments.length - 1];
  const entries = (await tree.list(root.folder, dir)) ?? [];
  const e = entries.find((x) => x.name === name);
  if (change.kind === 'add') {
    // On a disk that ignores case, `App.ts` beside `app.ts` would overwrite it.
    if (e || entries.some((x) => x.name.toLowerCase() === name.toLowerCase())) return { kind: 'none', reason: 'exists' };
    return { kind: 'file', folder: root.folder, path: [...dir, name] };
  }
  if (e?.kind === 'link') return { kind: 'none', reason: 'link' };
  if (e?.kind !== 'file') return { kind: 'none', reason: 'no-file' };
  return { kind: 'file', folder: root.folder, path: [...dir, name] };
}

/** Why a change has no workspace file, in words (shown beside "not found in this workspace"). */
export function describeNoTarget(reason: NoTarget, repo: string): string {
  const r = showInvisibles(repo);
  switch (reason) {
    case 'bad-path':
      return l10n.t('its path is not a plain path inside the repository');
    case 'no-repo':
      return l10n.t('no folder of this workspace is {0}: none is named like it or holds its code mappings', r);
    case 'several-repos':
      return l10n.t('several folders of this workspace could be {0}', r);
    case 'no-file':
      return l10n.t('{0} has no file at exactly this path here', r);
    case 'no-folder':
      return l10n.t('{0} has no such folder here: a new file goes only into a folder the repository has', r);
    case 'exists':
      return l10n.t('a file of that name is already there');
    case 'link':
      return l10n.t('its path goes through a symbolic link');
  }
}
