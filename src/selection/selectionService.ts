/**
 * The one selection service: reads the settings and the workspace's sentry-cli files, resolves them
 * (resolve.ts) and fires a change event when the answer changes. Glue; the rules are pure. It also
 * says when Restricted Mode is what keeps the files from choosing, so the Issues view can say why.
 */
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../constants';
import { sleep } from '../util/delay';
import { Disposable, MutableDisposable, type IDisposable } from '../util/disposable';
import { parseSentryCliRc, parseSentryProperties, type DetectedProject } from './detect';
import { ignoredInRestrictedMode, resolveSelection, sameSelection, type Selection, type SelectionSources } from './resolve';
import { readSettings, writeSetting } from '../settings';
import { readSelectionSettings } from '../config';

export type { Selection } from './resolve';

const CLI_FILES = [
  ['.sentryclirc', parseSentryCliRc],
  ['sentry.properties', parseSentryProperties],
] as const;

export interface SelectionAuth {
  /** The organization remembered at sign-in. */
  readonly organization?: { slug: string };
  readonly onDidChangeSession: vscode.Event<unknown>;
}

export class SelectionService extends Disposable {
  private readonly changed = this._register(new vscode.EventEmitter<Selection>());
  /** Fires when the resolved organization or projects change. */
  readonly onDidChange = this.changed.event;
  private detectedValue: DetectedProject[] = [];
  /** The settings' organization and projects as last read, until the section changes (each view asks often). */
  private settings: { org?: string; projects: string[] } | undefined;
  private last: Selection;
  private lastIgnored = false;
  private readonly ignoredChanged = this._register(new vscode.EventEmitter<boolean>());
  /** Fires when {@link ignoredInRestrictedMode} changes. */
  readonly onDidChangeIgnored = this.ignoredChanged.event;
  /** Resolves once the workspace's sentry-cli files have been read. */
  readonly ready: Promise<void>;

  constructor(private readonly auth: SelectionAuth) {
    super();
    this.last = this.current;
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(CONFIG_SECTION)) this.settings = undefined;
        if (e.affectsConfiguration(`${CONFIG_SECTION}.organization`) || e.affectsConfiguration(`${CONFIG_SECTION}.projects`)) this.check();
      }),
    );
    this._register(auth.onDidChangeSession(() => this.check()));
    // Trust is only ever granted while the window is open (taking it back reloads the window).
    this._register(vscode.workspace.onDidGrantWorkspaceTrust(() => this.check()));
    // detect() reads the files at each folder's root only, so only those are watched: one
    // non-recursive watcher per folder (a `**` watcher would walk every workspace's whole tree).
    const watchers = this._register(new MutableDisposable<IDisposable>());
    const watch = () => {
      const reread = () => void this.detect().then(() => this.check());
      const all = (vscode.workspace.workspaceFolders ?? []).map((folder) => {
        const watcher = vscode.workspace.createFileSystemWatcher(new vscode.RelativePattern(folder, `{${CLI_FILES.map(([name]) => name).join(',')}}`));
        return vscode.Disposable.from(watcher, watcher.onDidCreate(reread), watcher.onDidChange(reread), watcher.onDidDelete(reread));
      });
      watchers.value = vscode.Disposable.from(...all);
    };
    this._register(
      vscode.workspace.onDidChangeWorkspaceFolders(() => {
        watch();
        void this.detect().then(() => this.check());
      }),
    );
    // Reading the files is asynchronous anyway: starting it (and the watchers) after activate() has
    // returned changes no result and keeps the first file-system calls out of VS Code's startup.
    this.ready = sleep(0).then(() => {
      if (this.isDisposed) return;
      watch();
      return this.detect().then(() => this.check());
    });
  }

  /** Settings first; else the workspace's sentry-cli files; the org also from sign-in. */
  get current(): Selection {
    return resolveSelection(this.sources());
  }

  /** True when the workspace is untrusted and its sentry-cli files would otherwise choose the organization or projects. */
  get ignoredInRestrictedMode(): boolean {
    return ignoredInRestrictedMode(this.sources());
  }

  /** What the sentry-cli files name as far as choosing goes: nothing in an untrusted workspace. */
  get usableDetected(): readonly DetectedProject[] {
    return vscode.workspace.isTrusted ? this.detectedValue : [];
  }

  private sources(): SelectionSources {
    return {
      settings: (this.settings ??= readSettings(readSelectionSettings)),
      detected: this.detectedValue,
      remembered: this.auth.organization?.slug,
      trusted: vscode.workspace.isTrusted,
    };
  }

  /** What the sentry-cli files name (as last read). */
  get detected(): readonly DetectedProject[] {
    return this.detectedValue;
  }

  /** Saves the choice per workspace (globally when no folder is open). */
  async save(selection: Selection): Promise<void> {
    const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
    await writeSetting('organization', selection.org, target);
    await writeSetting('projects', selection.projects, target);
    this.check();
  }

  /** Reads the sentry-cli files of every workspace folder again. */
  async detect(): Promise<readonly DetectedProject[]> {
    const found: DetectedProject[] = [];
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      for (const [name, parse] of CLI_FILES) {
        try {
          const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, name));
          const d = parse(new TextDecoder().decode(bytes));
          if (d.org || d.project) found.push(d);
        } catch {
          // absent: nothing to detect
        }
      }
    }
    this.detectedValue = found;
    return found;
  }

  private check(): void {
    if (this.isDisposed) return;
    const ignored = this.ignoredInRestrictedMode;
    if (ignored !== this.lastIgnored) {
      this.lastIgnored = ignored;
      this.ignoredChanged.fire(ignored);
    }
    const next = this.current;
    if (sameSelection(next, this.last)) return;
    this.last = next;
    this.changed.fire(next);
  }
}
