/**
 * The editor integration: file index, locator, decorations, hovers, CodeLens, Problems, Go to
 * Location, "Why Are There No Marks?" (with its status-bar item). Which issues to mark comes from the Issues view's lists; every field shown on a line
 * comes from the one issue store.
 */
import * as vscode from 'vscode';
import { isWorkspaceFile } from './workspaceFile';
import type { SentryClient } from '../api/client';
import { CONFIG_SECTION, Commands, StorageKeys } from '../constants';
import { parseIssueRef, refOfIssue, type IssueRef } from '../contracts/issueRef';
import { CursorIssues } from '../store/cursorIssues';
import type { AiChat } from '../store/aiChat';
import type { EditorLocations } from '../store/editorLocations';
import type { FrameLocation, LocationOpener } from '../store/locationOpener';
import { frameDisplayPath, readFrameFields } from '../model/event/framePath';
import type { IssueStore } from '../store/issueStore';
import { Disposable, MutableDisposable, type IDisposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { RefreshTimer } from '../store/refreshTimer';
import { plainText } from '../util/untrusted';
import { DecorationController } from './decorations';
import { WorkspaceFileIndex, type Resolution } from './fileIndex';
import { IssueHoverProvider, type HoverProvenance } from './hovers';
import { showLineIssues } from './lineIssues';
import { IssueCodeLensProvider, IssueDiagnostics } from './lensesAndProblems';
import { normalisePath, parseServerLocation } from './core/location';
import { EditorLocationSource } from './locationSource';
import { IssueLocator, type MarkScope } from './locator';
import { MarksStatus } from './marksStatusBar';
import { searchOtherProjects, type OtherProjectsFound } from './core/otherProjects';
import type { SelectionService } from '../selection/selectionService';
import { readSettings } from '../settings';
import { readRefreshIntervalMs } from '../config';

export interface EditorDeps {
  getClient: () => Promise<SentryClient | undefined>;
  /** The one issue store: the fields of every marked issue. */
  store: IssueStore;
  /** The issues the Issues view currently lists: which ones to locate. */
  listed: () => readonly IssueRef[];
  /** Fires when those change. */
  onDidChangeListed: vscode.Event<unknown>;
  /** Where the triage commands learn the issues of the cursor's line (set here); a private one when left out. */
  cursorIssues?: CursorIssues;
  /** Where the AI tools learn a file's marks and a frame's workspace file (set here), when given. */
  locations?: EditorLocations;
  /** Where the events panel opens a frame's or a location's file (set here), when given. */
  locationOpener?: LocationOpener;
  /** Whether a chat can take an issue: the hovers offer Explain/Fix with AI only then. None: never. */
  aiChat?: Pick<AiChat, 'available'>;
  /** Releases, suspect commits and the line's git history in the hovers (store/provenance.ts); none: left out. */
  hoverProvenance?: HoverProvenance;
  /** The Issues view's organization, projects and filters: what each open file's search is made within. */
  scope: () => MarkScope | undefined;
  /** The chosen organization and projects, where "Why Are There No Marks?" adds a project that has the file's issues. */
  selection?: Pick<SelectionService, 'current' | 'save'>;
  log: vscode.LogOutputChannel;
}

const refreshIntervalMs = () => readSettings(readRefreshIntervalMs);

/** What Go to Location takes besides an issue: a server location, with an optional line and column. */
function locationArg(arg: unknown): { location?: string; line?: number; column?: number } | undefined {
  if (typeof arg !== 'object' || arg === null || !('location' in arg)) return undefined;
  const a = arg as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
  return { location: typeof a.location === 'string' ? a.location : undefined, line: num(a.line), column: num(a.column) };
}

/** What the integration builds once Sentry is in use: each holds listeners, a watcher or a timer. */
interface EditorParts {
  files: WorkspaceFileIndex;
  locator: IssueLocator;
  decorations: DecorationController;
  hovers: IssueHoverProvider;
  marksStatus: MarksStatus;
}

export class EditorIntegration extends Disposable {
  /** The issues marked on the active editor's cursor line, as the palette's triage commands read them. */
  readonly cursorIssues: CursorIssues;
  /** Prompts and messages, replaceable by the suites; every message is made safe on its way. */
  readonly ui = new UiHolder();
  private readonly refreshTimer = this._register(new MutableDisposable<IDisposable>());
  private parts: EditorParts | undefined;

  /**
   * Registers the commands only. The file index (a findFiles of the workspace and a watcher of all
   * its files), the locator, decorations and providers are built once a session and a project exist
   * (the Issues view's scope), or when a command needs them: a workspace that does not use Sentry
   * pays for none of them.
   */
  constructor(
    private readonly context: vscode.ExtensionContext,
    private readonly deps: EditorDeps,
  ) {
    super();
    this.cursorIssues = deps.cursorIssues ?? new CursorIssues();
    this._register(this.cursorIssues.set(() => this.issuesAtCursor()));
    if (deps.locationOpener) this._register(deps.locationOpener.set((location, frame) => this.openFrameOrLocation(location, frame)));
    this._register(vscode.commands.registerCommand(Commands.goToLocation, (arg) => this.goTo(arg)));
    this._register(vscode.commands.registerCommand(Commands.explainMarks, () => this.marksStatus.explain()));
    this._register(vscode.commands.registerCommand(Commands.showLineIssues, (arg) => showLineIssues(arg, this.decorations, this.ui)));
    const startWhenInUse = () => {
      if (!this.parts && deps.scope()) this.start();
    };
    this._register(deps.onDidChangeListed(startWhenInUse));
    startWhenInUse();
  }

  /** Whether the heavy parts are built (the activation suite checks they wait for a session and a project). */
  get started(): boolean {
    return this.parts !== undefined;
  }

  get files(): WorkspaceFileIndex {
    return this.start().files;
  }

  get locator(): IssueLocator {
    return this.start().locator;
  }

  get decorations(): DecorationController {
    return this.start().decorations;
  }

  /** The hovers of marked lines (the suites read how many closed because an issue in them changed). */
  get hovers(): IssueHoverProvider {
    return this.start().hovers;
  }

  /** "Why are there no marks?": the command's line and the status-bar item on a workspace file without marks. */
  get marksStatus(): MarksStatus {
    return this.start().marksStatus;
  }

  private start(): EditorParts {
    if (this.parts) return this.parts;
    const { context, deps } = this;
    const files = this._register(new WorkspaceFileIndex(context.workspaceState, deps.log, (message, ...buttons) => this.ui.ui.showWarningMessage(message, {}, ...buttons)));
    const locator = this._register(
      new IssueLocator({
        getClient: deps.getClient,
        listed: deps.listed,
        scope: deps.scope,
        intervalMs: refreshIntervalMs,
        store: deps.store,
        files,
        log: deps.log,
        storage: context.workspaceState,
        storageKey: StorageKeys.issueLocations,
      }),
    );
    // The Issues view's policy and interval: a visible file's search is asked again once it is older
    // than the interval; later after 429s (the client holds every request on that endpoint back until
    // the reset, whichever feature sends it).
    const timer = this._register(
      new RefreshTimer(
        () => locator.refresh(),
        () => deps.store.budget.nextDelay(refreshIntervalMs()),
        (err) => deps.log.warn(`[editor] background refresh of marks failed: ${(err as Error)?.message ?? err}`),
      ),
    );
    timer.schedule();
    const decorations = this._register(new DecorationController(locator, deps.store, vscode.Uri.joinPath(context.extensionUri, 'media')));
    // Problems entries link to an issue only on the server its marks came from (or sentry.io).
    this._register(new IssueDiagnostics(decorations, () => locator.baseUrl));
    this._register(new IssueCodeLensProvider(decorations));
    const hovers = this._register(new IssueHoverProvider(decorations, deps.store, () => this.deps.aiChat?.available() ?? false, deps.hoverProvenance));
    if (deps.locations) {
      const source = new EditorLocationSource(
        files,
        decorations,
        (issueId) => this.locator.codeMappingsFor(issueId, { cachedOnly: true }),
        (org) => this.locator.codeMappingsOfOrg(org),
      );
      this._register(deps.locations.set(source));
    }
    const marksStatus = this._register(
      new MarksStatus({
        locator,
        decorations,
        store: deps.store,
        scope: deps.scope,
        signedIn: async () => !!(await deps.getClient()),
        onDidChangeListed: deps.onDidChangeListed,
        ui: this.ui,
        otherProjects: (uri, scope) => this.otherProjects(uri, scope),
        addProject: (slug) => this.addProject(slug),
      }),
    );
    this.parts = { files, locator, decorations, hovers, marksStatus };
    this._register(deps.onDidChangeListed(() => this.scheduleRefresh()));
    this._register(files.onDidChange(() => this.scheduleRefresh()));
    // A newly opened file may need its lines from a full event (bare-file locations).
    this._register(vscode.workspace.onDidOpenTextDocument((doc) => isWorkspaceFile(doc.uri) && this.scheduleRefresh()));
    // A file shown again may have waited past the interval: its search is asked again.
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.scheduleRefresh()));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.refreshIntervalSeconds`)) timer.schedule();
      }),
    );
    this.scheduleRefresh();
    return this.parts;
  }

  /** The other projects with issues in a file: one request, on a server that has the organization issues endpoint. */
  private async otherProjects(uri: vscode.Uri, scope: MarkScope): Promise<OtherProjectsFound | undefined> {
    const client = await this.deps.getClient();
    if (!client || this.deps.store.source.endpointFor(client) !== 'organization') return undefined;
    const path = vscode.workspace.asRelativePath(uri, false);
    try {
      return await searchOtherProjects(client, scope, path);
    } catch (err) {
      this.deps.log.warn(`[editor] could not search the organization's other projects for ${path}: ${(err as Error)?.message ?? err}`);
      return undefined;
    }
  }

  /** Adds a project to the chosen ones, as Choose Project saves them; false without a selection of the marks' organization. */
  private async addProject(slug: string): Promise<boolean> {
    const selection = this.deps.selection;
    const { org, projects } = selection?.current ?? { projects: [] };
    if (!selection || !org || org !== this.deps.scope()?.org) return false;
    await selection.save({ org, projects: [...new Set([...projects, slug])] });
    return true;
  }

  /**
   * The issues marked on the line under the active editor's cursor, most events first: only what
   * is drawn there now (an issue resolved or archived, even optimistically, is not).
   */
  issuesAtCursor(): IssueRef[] {
    const editor = vscode.window.activeTextEditor;
    if (!editor || this.isDisposed || !this.parts) return [];
    return this.decorations.marksAt(editor.document.uri, editor.selection.active.line).flatMap((m) => refOfIssue(m.org, m.issue) ?? []);
  }

  /** A stack frame's file (its path fields and its project's code mappings) first, else the event's location. */
  async openFrameOrLocation(location: string | null | undefined, frame?: FrameLocation): Promise<boolean> {
    const fields = frame ? readFrameFields(frame, frame.eventPlatform, frame.sdkName) : {};
    if (fields.filename || fields.absPath) {
      const res = await this.files.resolveFrame(fields, await this.locator.codeMappingsFor(frame?.issueId));
      const name = frameDisplayPath(fields) ?? '';
      if (res.kind !== 'none' && (await this.openResolution(res, name, frame?.lineNo ?? undefined, frame?.colNo ?? undefined))) return true;
    }
    return this.openLocation(location);
  }

  /** Opens the workspace file a location (and optional line) maps to; false when it maps to none. */
  async openLocation(location: string | null | undefined, line?: number, column?: number): Promise<boolean> {
    const parsed = parseServerLocation(location);
    if (!parsed || !location) return false;
    // The raw path: user mappings match what the server sent, not the normalised form.
    const res = await this.files.resolve(parsed.raw);
    return this.openResolution(res, parsed.raw, line ?? parsed.line, column ?? parsed.column);
  }

  /** Opens a resolved file at a line (asking which one when several match, and remembering it); false when none matched. */
  private async openResolution(res: Resolution, name: string, line?: number, column?: number): Promise<boolean> {
    let uri: vscode.Uri | undefined;
    if (res.kind === 'file') uri = res.uri;
    else if (res.kind === 'ambiguous') {
      const pick = await this.ui.ui.showQuickPick(
        res.candidates.map((c) => ({ label: vscode.workspace.asRelativePath(c, true), uri: c })),
        { title: vscode.l10n.t('Which file is {0}?', plainText(normalisePath(name) ?? name, 200)), placeHolder: vscode.l10n.t('Several workspace files match; your choice is remembered') },
      );
      if (!pick) return true;
      uri = pick.uri;
      await this.files.remember(name, uri);
    }
    if (!uri) return false;
    const l = Math.max(0, (line ?? 1) - 1);
    const c = Math.max(0, (column ?? 1) - 1);
    await vscode.window.showTextDocument(uri, { selection: new vscode.Range(l, c, l, c), preview: true });
    return true;
  }

  /** Go to Location: an IssueRef (or a legacy tree node) opens its latest event's location; `{ location, line?, column? }` opens that. */
  private async goTo(arg: unknown): Promise<void> {
    const ref = parseIssueRef(arg);
    const at = ref ? undefined : locationArg(arg);
    let location: string | null | undefined = at?.location;
    if (ref) {
      location = await this.ui.ui.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Sentry: finding the location…') }, () => this.locator.locationOf(ref));
    }
    const opened = await this.openLocation(location, at?.line, at?.column);
    if (!opened) {
      void this.ui.ui.showInformationMessage(
        location
          ? vscode.l10n.t('{0} is not in this workspace. Add a path mapping (sentryExplorer.pathMappings) if it should be.', plainText(location, 300))
          : vscode.l10n.t('This issue has no source location.'),
        {},
      );
    }
  }

  private scheduleRefresh(): void {
    // Refused once disposed: a late event never starts a refresh of a disposed locator.
    this.refreshTimer.value = this._registerTimer(() => void this.locator.refresh(), 150);
  }
}
