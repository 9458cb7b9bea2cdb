/**
 * The workspace's files as a PathIndex: built once with findFiles (honouring files.exclude and
 * search.exclude), kept current by a FileSystemWatcher, never a findFiles per location. Resolves
 * server paths with user mappings first, then the longest suffix; a remembered choice settles ties;
 * nothing resolves outside the workspace folders (symlinks that lead out are refused).
 */
import * as vscode from 'vscode';
import { CONFIG_SECTION, StorageKeys } from '../constants';
import { Disposable, MutableDisposable, type IDisposable } from '../util/disposable';
import { normalisePath } from './core/location';
import type { PathMapping } from '../config';
import { applyMappings, PathIndex } from './core/pathIndex';
import { resolveInIndex, type CodeMapping } from './core/frameResolver';
import { frameDisplayPath, pathForms, type FrameFields, type PathForm } from '../model/event/framePath';
import { codeMappingSources, type MappingSources } from '../model/event/mungedPath';
import { readExcludeSettings, readSettings } from '../settings';
import { readPathMappingsSetting } from '../config';
import { host } from '../util/host';

const CHOICES_KEY = StorageKeys.locationChoices;
const MAX_FILES = 200_000;

/** How a file was found: a user path mapping, a code mapping of the project's, the only best path match, or the user's remembered choice. */
export type ResolvedVia = 'mapping' | 'codeMapping' | 'index' | 'choice';
export type Resolution = { kind: 'file'; uri: vscode.Uri; via: ResolvedVia } | { kind: 'ambiguous'; candidates: vscode.Uri[] } | { kind: 'none' };

export class WorkspaceFileIndex extends Disposable {
  private index = new PathIndex();
  private built: Promise<void> | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** Real paths of the folders, for the symlink check. */
  private realRoots = new Map<string, string>();
  /** Resolutions since the index, the mappings or the choices last changed. */
  private resolved = new Map<string, Promise<Resolution>>();
  /** The problems of the path mappings last told, so that each is said once. */
  private toldProblems = '';
  private readonly rebuildTimer = this._register(new MutableDisposable<IDisposable>());

  constructor(
    private readonly state: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    /** Shows a warning with buttons (through the integration's UiHolder); resolves with the one clicked. */
    private readonly warn: (message: string, ...buttons: string[]) => Thenable<string | undefined> = async () => undefined,
  ) {
    super();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/*', false, true, false));
    // New files may be excluded (build output, node_modules): a burst of them becomes one
    // re-index with the excludes applied. Deleted files can simply go.
    this._register(watcher.onDidCreate(() => this.scheduleRebuild()));
    this._register(watcher.onDidDelete((uri) => this.removeUri(uri)));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(() => this.rebuild()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('files.exclude') || e.affectsConfiguration('search.exclude')) this.rebuild();
        if (e.affectsConfiguration(`${CONFIG_SECTION}.pathMappings`)) this.invalidate();
      }),
    );
  }

  get size(): number {
    return this.index.size;
  }

  /** Builds the index on first use; later calls wait for the same build. */
  ready(): Promise<void> {
    this.built ??= this.build();
    return this.built;
  }

  /**
   * Maps a server path as the server sent it (a location's path without its line, or a frame's
   * filename/absPath; not normalised, so mappings such as `/usr/src/app/` can match) to a workspace file.
   */
  resolve(serverPath: string | null | undefined): Promise<Resolution> {
    return serverPath ? this.resolveFrame({ filename: serverPath }) : Promise.resolve({ kind: 'none' });
  }

  /**
   * Maps a frame (its filename, abs_path, module, package and platform: ../model/event/framePath.ts)
   * to a workspace file: user path mappings, then the project's code mappings, then path endings.
   */
  resolveFrame(frame: FrameFields, codeMappings: readonly CodeMapping[] = []): Promise<Resolution> {
    const forms = pathForms(frame);
    if (forms.length === 0) return Promise.resolve({ kind: 'none' });
    const sources = codeMappings.length ? codeMappingSources(frame) : {};
    const key = JSON.stringify([forms, sources, codeMappings]);
    let r = this.resolved.get(key);
    if (!r) {
      r = this.resolveNow(forms, frameDisplayPath(frame) ?? forms[0].path, codeMappings, sources);
      this.resolved.set(key, r);
    }
    return r;
  }

  private async resolveNow(forms: readonly PathForm[], name: string, codeMappings: readonly CodeMapping[], sources: MappingSources): Promise<Resolution> {
    await this.ready();
    const folders = vscode.workspace.workspaceFolders ?? [];
    const mappings = this.mappings();
    for (const form of forms) {
      const mapped = applyMappings(form.raw, mappings);
      if (mapped === undefined) continue;
      const target = this.mappedUri(mapped, folders);
      if (target && (await this.inside(target))) return { kind: 'file', uri: target, via: 'mapping' };
    }
    const found = resolveInIndex(this.index, forms, codeMappings, sources);
    if (found.kind === 'none') return { kind: 'none' };
    const files = found.kind === 'file' ? [found.file] : found.candidates;
    const uris: vscode.Uri[] = [];
    for (const f of files) {
      const folder = folders[f.folder];
      if (!folder) continue;
      const uri = vscode.Uri.joinPath(folder.uri, f.path);
      if (await this.inside(uri)) uris.push(uri);
    }
    if (uris.length === 0) return { kind: 'none' };
    if (uris.length === 1) return { kind: 'file', uri: uris[0], via: found.kind === 'file' && found.via === 'codeMapping' ? 'codeMapping' : 'index' };
    const key = normalisePath(name);
    const chosen = key ? this.state.get<Record<string, string>>(CHOICES_KEY, {})[key] : undefined;
    const remembered = chosen && uris.find((u) => u.toString() === chosen);
    return remembered ? { kind: 'file', uri: remembered, via: 'choice' } : { kind: 'ambiguous', candidates: uris };
  }

  /** Remembers which of several equally good files a server path means. */
  async remember(serverPath: string, uri: vscode.Uri): Promise<void> {
    const key = normalisePath(serverPath);
    if (!key) return;
    const choices = { ...this.state.get<Record<string, string>>(CHOICES_KEY, {}), [key]: uri.toString() };
    await this.state.update(CHOICES_KEY, choices);
    this.invalidate();
  }

  private mappings(): PathMapping[] {
    const { mappings, problems } = readSettings(readPathMappingsSetting);
    this.tellProblems(problems);
    return mappings;
  }

  /** Says once (per distinct set of problems) what is wrong with the setting, with a way to it. */
  private tellProblems(problems: readonly string[]): void {
    const key = problems.join('\n');
    if (key === this.toldProblems) return;
    this.toldProblems = key;
    if (!problems.length) return;
    this.log.warn(`[editor] sentryExplorer.pathMappings: ${problems.join(' ')}`);
    const open = vscode.l10n.t('Open Settings');
    void this.warn(problems.join(' '), open).then((picked) => {
      if (picked === open) void vscode.commands.executeCommand('workbench.action.openSettingsJson', { revealSetting: { key: `${CONFIG_SECTION}.pathMappings` } });
    });
  }

  /** `to` is relative to the first folder, or starts with a folder's name in a multi-root workspace. */
  private mappedUri(rel: string, folders: readonly vscode.WorkspaceFolder[]): vscode.Uri | undefined {
    if (folders.length === 0) return undefined;
    const [head, ...rest] = rel.split('/');
    const named = folders.length > 1 ? folders.find((f) => f.name === head) : undefined;
    if (named && rest.length) return vscode.Uri.joinPath(named.uri, ...rest);
    return vscode.Uri.joinPath(folders[0].uri, rel);
  }

  /** True when the file exists and its real path stays inside its workspace folder. */
  private async inside(uri: vscode.Uri): Promise<boolean> {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder) return false;
    const { realpath, isInside } = host();
    // A virtual workspace (and every folder in the web worker host, which has no disk) has no real
    // paths to compare: the file provider decides what is inside.
    if (uri.scheme !== 'file' || !realpath || !isInside) {
      try {
        await vscode.workspace.fs.stat(uri);
        return true;
      } catch {
        return false;
      }
    }
    try {
      const root = await this.realRoot(folder, realpath);
      return isInside(root, await realpath(uri.fsPath));
    } catch {
      return false;
    }
  }

  private async realRoot(folder: vscode.WorkspaceFolder, realpath: (fsPath: string) => Promise<string>): Promise<string> {
    const key = folder.uri.toString();
    let root = this.realRoots.get(key);
    if (!root) {
      root = await realpath(folder.uri.fsPath).catch(() => folder.uri.fsPath);
      this.realRoots.set(key, root);
    }
    return root;
  }

  private rebuild(): void {
    // Never built yet: the first use builds it with the new folders and excludes.
    if (!this.built) return;
    this.built = this.build().then(() => {
      this.invalidate();
      this.changed.fire();
    });
  }

  private scheduleRebuild(): void {
    if (!this.built) return;
    this.rebuildTimer.value = this._registerTimer(() => this.rebuild(), 1000);
  }

  private invalidate(): void {
    this.resolved.clear();
  }

  private async build(): Promise<void> {
    const started = Date.now();
    const next = new PathIndex();
    const exclude = excludeGlob();
    const uris = await vscode.workspace.findFiles('**/*', exclude, MAX_FILES);
    for (const uri of uris) {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      if (folder) next.add(folder.index, vscode.workspace.asRelativePath(uri, false));
    }
    this.index = next;
    this.realRoots.clear();
    this.log.info(`[editor] indexed ${next.size} workspace files in ${Date.now() - started} ms`);
  }

  private removeUri(uri: vscode.Uri): void {
    const folder = vscode.workspace.getWorkspaceFolder(uri);
    if (!folder || !this.built) return;
    this.index.remove(folder.index, vscode.workspace.asRelativePath(uri, false));
    this.invalidate();
    this.changed.fire();
  }
}

/** files.exclude and search.exclude as one glob (findFiles takes one exclude pattern). */
function excludeGlob(): string | undefined {
  const patterns = new Set<string>();
  for (const map of readExcludeSettings()) {
    for (const [glob, on] of Object.entries(map)) if (on === true) patterns.add(glob);
  }
  return patterns.size ? `{${[...patterns].join(',')}}` : undefined;
}
