/**
 * The workspace side of finding the file a Seer change writes (the rules are
 * ./core/seer/changeTarget.ts): the workspace folders, their directories read through
 * workspace.fs (so a virtual or web workspace too), the project's code mappings. Each change gets its
 * file's full URI, folder included, which the diff editor and Apply then use as it is, never
 * recomputed from a path; and what makes writing it need a confirmation of its own.
 */
import * as vscode from 'vscode';
import { applyChange } from './core/seer/applyChange';
import { findRepoRoots, resolveChangeTarget, type DirEntry, type NoTarget, type RepoMapping, type RepoRoot, type WorkspaceTree } from './core/seer/changeTarget';
import { invisiblesOfChange, pathReasons, repoSegments, scriptsChange, type SensitiveReason } from './core/seer/repoPath';
import { changeText, digest } from './core/seer/review';
import type { SeerFileChange } from '../model/seer/runView';

export interface ResolvedChange {
  /** Digest of the change's content (review.ts changeText). */
  change: string;
  /** The file it writes; undefined: none (then `missing` says why). */
  uri?: vscode.Uri;
  /** The file, relative to its folder. */
  file?: string;
  /** The folder's name, in a multi-root workspace. */
  folder?: string;
  missing?: NoTarget;
  /** Why writing it needs a confirmation, as far as its path and the file's text now tell. */
  sensitive: SensitiveReason[];
}

function kindOf(type: vscode.FileType): DirEntry['kind'] {
  if (type & vscode.FileType.SymbolicLink) return 'link';
  if (type & vscode.FileType.Directory) return 'dir';
  return type & vscode.FileType.File ? 'file' : 'other';
}

/** The workspace folders' directories, each read once per resolution. */
function workspaceTree(folders: readonly vscode.WorkspaceFolder[]): WorkspaceTree {
  const read = new Map<string, Promise<readonly DirEntry[] | undefined>>();
  return {
    folders,
    list(folder, dir) {
      const key = `${folder}/${dir.join('/')}`;
      let entries = read.get(key);
      if (!entries) {
        entries = Promise.resolve(vscode.workspace.fs.readDirectory(vscode.Uri.joinPath(folders[folder].uri, ...dir))).then(
          (all) => all.map(([name, type]) => ({ name, kind: kindOf(type) })),
          () => undefined,
        );
        read.set(key, entries);
      }
      return entries;
    },
  };
}

/** The text of a workspace file as the editor has it (unsaved edits included); undefined when there is none. */
export async function textOf(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return (await vscode.workspace.openTextDocument(uri)).getText();
  } catch {
    return undefined;
  }
}

/** Why writing `change` to the file of `segments` needs a confirmation, given the file's text now and after. */
export function sensitiveReasons(change: SeerFileChange, segments: readonly string[], before: string | undefined, after: string | undefined): SensitiveReason[] {
  const out = new Set(pathReasons(segments));
  if (scriptsChange(segments, before, after)) out.add('scripts');
  if (invisiblesOfChange(change).length > 0) out.add('invisible');
  return [...out];
}

/** The file each change of a run writes, in the order of the changes. */
export async function resolveChanges(changes: readonly SeerFileChange[], mappings: readonly RepoMapping[]): Promise<ResolvedChange[]> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const tree = workspaceTree(folders);
  const roots = new Map<string, Promise<RepoRoot[]>>();
  const out: ResolvedChange[] = [];
  for (const change of changes) {
    const text = await digest(changeText(change));
    let repoRoots = roots.get(change.repo);
    if (!repoRoots) roots.set(change.repo, (repoRoots = findRepoRoots(change.repo, tree, mappings)));
    const target = await resolveChangeTarget(change, await repoRoots, tree);
    const segments = repoSegments(change.path) ?? [];
    if (target.kind === 'none') {
      out.push({ change: text, missing: target.reason, sensitive: sensitiveReasons(change, segments, undefined, undefined) });
      continue;
    }
    const uri = vscode.Uri.joinPath(folders[target.folder].uri, ...target.path);
    // A package.json's scripts are told from its text now and after the change.
    const before = change.kind === 'add' || segments[segments.length - 1]?.toLowerCase() !== 'package.json' ? undefined : await textOf(uri);
    const result = applyChange(change, before);
    out.push({
      change: text,
      uri,
      file: target.path.join('/'),
      folder: folders.length > 1 ? folders[target.folder].name : undefined,
      sensitive: sensitiveReasons(change, target.path, before, result.ok ? result.text : before),
    });
  }
  return out;
}
