/** The editor integration: file index, locator, decorations, hovers, CodeLens, Problems, Go to Location. */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { Commands } from '../constants';
import type { IssueNode } from '../issues/tree';
import { DecorationController } from './decorations';
import { WorkspaceFileIndex } from './fileIndex';
import { IssueHoverProvider } from './hovers';
import { IssueCodeLensProvider, IssueDiagnostics } from './lensesAndProblems';
import { parseServerLocation } from './location';
import { IssueLocator, type ListedIssue } from './locator';
import { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';

export interface EditorDeps {
  getClient: () => Promise<SentryClient | undefined>;
  /** The issues the Issues view currently lists. */
  listed: () => ListedIssue[];
  /** Fires when those change. */
  onDidChangeListed: vscode.Event<unknown>;
  log: vscode.LogOutputChannel;
}

export class EditorIntegration implements vscode.Disposable {
  readonly files: WorkspaceFileIndex;
  readonly locator: IssueLocator;
  readonly decorations: DecorationController;
  /** Prompts and messages, replaceable by the suites; every message is made safe on its way. */
  readonly ui = new UiHolder();
  private readonly disposables: vscode.Disposable[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(context: vscode.ExtensionContext, private readonly deps: EditorDeps) {
    this.files = new WorkspaceFileIndex(context.workspaceState, deps.log);
    this.locator = new IssueLocator(deps.getClient, deps.listed, this.files, deps.log);
    this.decorations = new DecorationController(this.locator, vscode.Uri.joinPath(context.extensionUri, 'media'));
    // Problems entries link to an issue only on the server its marks came from (or sentry.io).
    const diagnostics = new IssueDiagnostics(this.decorations, () => this.locator.baseUrl);
    const lenses = new IssueCodeLensProvider(this.decorations);
    this.disposables.push(
      lenses,
      this.files,
      this.locator,
      this.decorations,
      diagnostics,
      vscode.languages.registerHoverProvider({ pattern: '**' }, new IssueHoverProvider(this.decorations)),
      vscode.languages.registerCodeLensProvider({ pattern: '**' }, lenses),
      vscode.commands.registerCommand(Commands.goToLocation, (arg) => this.goTo(arg)),
      deps.onDidChangeListed(() => this.scheduleRefresh()),
      this.files.onDidChange(() => this.scheduleRefresh()),
      // A newly opened file may need its lines from a full event (bare-file locations).
      vscode.workspace.onDidOpenTextDocument((doc) => doc.uri.scheme === 'file' && this.scheduleRefresh()),
      { dispose: () => clearTimeout(this.timer) },
    );
    this.scheduleRefresh();
  }

  dispose(): void {
    for (const d of this.disposables) d.dispose();
  }

  /** A stack frame's file (filename, then absPath) first, else the event's location. */
  async openFrameOrLocation(location: string | null | undefined, frame?: { filename?: string | null; absPath?: string | null; lineNo?: number | null; colNo?: number | null }): Promise<boolean> {
    for (const path of [frame?.filename, frame?.absPath]) {
      if (path && (await this.openLocation(path, frame?.lineNo ?? undefined, frame?.colNo ?? undefined))) return true;
    }
    return this.openLocation(location);
  }

  /** Opens the workspace file a location (and optional line) maps to; false when it maps to none. */
  async openLocation(location: string | null | undefined, line?: number, column?: number): Promise<boolean> {
    const parsed = parseServerLocation(location);
    if (!parsed || !location) return false;
    // The raw path: user mappings match what the server sent, not the normalised form.
    const res = await this.files.resolve(parsed.raw);
    let uri: vscode.Uri | undefined;
    if (res.kind === 'file') uri = res.uri;
    else if (res.kind === 'ambiguous') {
      const pick = await this.ui.ui.showQuickPick(
        res.candidates.map((c) => ({ label: vscode.workspace.asRelativePath(c, true), uri: c })),
        { title: `Which file is ${plainText(parsed.path, 200)}?`, placeHolder: 'Several workspace files match; your choice is remembered' },
      );
      if (!pick) return true;
      uri = pick.uri;
      await this.files.remember(parsed.raw, uri);
    }
    if (!uri) return false;
    const l = Math.max(0, (line ?? parsed.line ?? 1) - 1);
    const c = Math.max(0, (column ?? parsed.column ?? 1) - 1);
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(l, c, l, c), preview: true });
    return true;
  }

  private async goTo(arg: unknown): Promise<void> {
    const node = arg as IssueNode | { location?: string; line?: number; column?: number } | undefined;
    let location: string | null | undefined;
    if (node && 'type' in node && node.type === 'issue') {
      location = await this.ui.ui.withProgress({ location: vscode.ProgressLocation.Window, title: 'Sentry: finding the location…' }, () => this.locator.locationOf(node));
    } else if (node && 'location' in node) {
      location = node.location;
    }
    const opened = await this.openLocation(location, node && 'line' in node ? node.line : undefined, node && 'column' in node ? node.column : undefined);
    if (!opened) {
      void this.ui.ui.showInformationMessage(
        location ? `${plainText(location, 300)} is not in this workspace. Add a path mapping (sentryExplorer.pathMappings) if it should be.` : 'This issue has no source location.',
        {},
      );
    }
  }

  private scheduleRefresh(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.locator.refresh(), 150);
  }
}
