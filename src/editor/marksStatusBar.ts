/**
 * "Why are there no marks?" (./marksStatus.ts) in VS Code: the command's message with its fixing
 * action as a button, and a status-bar item on a workspace file without marks. The item exists only
 * once it is first needed, and shows only signed in with a project chosen: a workspace that does not
 * use Sentry never sees it.
 */
import * as vscode from 'vscode';
import { isWorkspaceFile } from './workspaceFile';
import { Commands, ContextKeys } from '../constants';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import type { UiHolder } from '../util/ui';
import type { DecorationController } from './decorations';
import type { IssueLocator, MarkScope } from './locator';
import { explainMarks, listErrorOf, showsStatus, type MarksExplanation, type MarksState } from './core/marksStatus';
import { otherProjectsExplanation, type OtherProjectsFound } from './core/otherProjects';

/** The status-bar item's id (its entry in the status bar's context menu). */
export const MARKS_STATUS_ID = 'sentryExplorer.marksStatus';

export interface MarksStatusDeps {
  locator: IssueLocator;
  decorations: DecorationController;
  store: Pick<IssueStore, 'allLists'>;
  scope: () => MarkScope | undefined;
  /** Whether a session is signed in (asked only by the command: it may ask the user about plain http). */
  signedIn: () => Promise<boolean>;
  /** Fires when the Issues view's lists change (sign-in, sign-out, another project). */
  onDidChangeListed: vscode.Event<unknown>;
  ui: UiHolder;
  /** The projects other than the chosen ones with issues in a file (one request; undefined when it cannot be asked or failed). */
  otherProjects?: (uri: vscode.Uri, scope: MarkScope) => Promise<OtherProjectsFound | undefined>;
  /** Adds a project to the chosen ones; false when it cannot (the command of the action runs instead). */
  addProject?: (slug: string) => Promise<boolean>;
}

export class MarksStatus extends Disposable {
  private item: vscode.StatusBarItem | undefined;
  private visible = false;
  /** The context key editorHasMarks as last set (the walkthrough's "open a file with marks" step completes on it). */
  private hasMarks = false;

  constructor(private readonly deps: MarksStatusDeps) {
    super();
    const update = () => this.update();
    this._register(vscode.window.onDidChangeActiveTextEditor(update));
    this._register(deps.locator.onDidFinish(update));
    this._register(deps.decorations.onDidChange(update));
    this._register(deps.onDidChangeListed(update));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(update));
    this.update();
  }

  /** What the item shows now, for the suites: undefined while hidden (or never created). */
  get shown(): { text: string; tooltip: string; command: string } | undefined {
    if (!this.item || !this.visible) return undefined;
    return { text: this.item.text, tooltip: String(this.item.tooltip ?? ''), command: String(this.item.command ?? '') };
  }

  /**
   * The one line for the active editor, as the command says it. When the file's search found no
   * issue in the chosen projects, the organization's other projects are searched for it first (one
   * request): their issues explain the empty file better than the filter's time window.
   */
  async explanation(): Promise<MarksExplanation> {
    const state = this.state(await this.deps.signedIn());
    const e = explainMarks(state);
    const scope = this.deps.scope();
    const uri = vscode.window.activeTextEditor?.document.uri;
    if (e.cause !== 'noIssues' || state.report?.mode !== 'perFile' || state.report.found !== 0 || !scope || !uri || !this.deps.otherProjects) return e;
    const found = await this.deps.otherProjects(uri, scope);
    return found ? otherProjectsExplanation(e, scope.projects, found) : e;
  }

  /** The command: the line as a message (a warning for a failure), its actions as buttons that run them. */
  async explain(): Promise<MarksExplanation> {
    const e = await this.explanation();
    const show = e.severity === 'warning' ? this.deps.ui.ui.showWarningMessage : this.deps.ui.ui.showInformationMessage;
    const picked = await show(e.message, {}, ...e.actions.map((a) => a.label));
    const action = e.actions.find((a) => a.label === picked);
    if (!action) return e;
    if (action.addProject !== undefined && (await this.deps.addProject?.(action.addProject))) return e;
    await vscode.commands.executeCommand(action.command, ...(action.args ?? []));
    return e;
  }

  update(): void {
    if (this.isDisposed) return;
    // Without a scope (signed out, or no project chosen) nothing of ours is in the status bar.
    const e = this.deps.scope() ? explainMarks(this.state(true)) : undefined;
    const hasMarks = e?.cause === 'marked';
    if (hasMarks !== this.hasMarks) {
      this.hasMarks = hasMarks;
      void vscode.commands.executeCommand('setContext', ContextKeys.editorHasMarks, hasMarks);
    }
    if (!e || !showsStatus(e.cause)) {
      this.item?.hide();
      this.visible = false;
      return;
    }
    this.item ??= this.createItem();
    this.item.tooltip = e.message;
    this.item.show();
    this.visible = true;
  }

  private createItem(): vscode.StatusBarItem {
    const item = this._register(vscode.window.createStatusBarItem(MARKS_STATUS_ID, vscode.StatusBarAlignment.Left, -100)); // low: right of the other Left items
    item.name = vscode.l10n.t('Sentry Marks');
    item.text = vscode.l10n.t('$(circle-slash) No Sentry marks');
    item.command = Commands.explainMarks;
    return item;
  }

  private state(signedIn: boolean): MarksState {
    const scope = this.deps.scope();
    const uri = vscode.window.activeTextEditor?.document.uri;
    const base = { signedIn, hasProject: !!scope, projects: scope?.projects, period: scope?.window && 'period' in scope.window ? scope.window.period : undefined };
    if (!uri) return { ...base, file: 'none' };
    if (!isWorkspaceFile(uri)) return { ...base, file: 'other' };
    const marks = this.deps.decorations.marksFor(uri);
    return {
      ...base,
      file: 'workspace',
      marks: { issues: new Set(marks.map((m) => m.issue.id)).size, lines: new Set(marks.map((m) => m.line)).size },
      report: this.deps.locator.reportFor(uri),
      listError: scope ? listErrorOf(this.deps.store.allLists(), scope.org, scope.projects) : undefined,
    };
  }
}
