/**
 * Hovers on decorated lines, with command links allowed one by one (never isTrusted: true).
 *
 * VS Code keeps a shown hover's content until the hover is asked for again: after Resolve from a
 * hover, the hover would stay open offering Resolve for an issue that is resolved. So the status of
 * each issue of the latest hover is kept, and when the store changes one of them (the triage
 * command's optimistic change, a rollback, a reload) the hover is closed; shown again, it is made
 * from the issue as it is now.
 */
import * as vscode from 'vscode';
import type { Issue } from '../model/issue/schema';
import { refOfIssue } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import type { DecorationController } from './decorations';
import { HOVER_COMMANDS, HOVER_MAX_ISSUES, hoverCommands, hoverMarkdown, lineHoverMarkdown } from './core/hoverMarkdown';
import { provenanceLines } from './core/provenanceMarkdown';
import { releaseCommitId, type LineHistory, type ProvenanceView } from '../contracts/provenance';
import type { LineHistoryLookup } from '../store/lineHistorySource';
import type { ProvenanceStore } from '../store/provenance';

/** The longest a hover waits for an issue's releases (one request) and for git's line history, each. */
const PROVENANCE_WAIT_MS = 2000;

/** What the hover adds of the releases feature's: releases and suspects (cached, else one coalesced request), the line's git history. */
export interface HoverProvenance {
  provenance?: Pick<ProvenanceStore, 'cached' | 'forIssue'>;
  lineHistory?: LineHistoryLookup;
}

function within<T>(p: Promise<T>, ms: number, token?: vscode.CancellationToken): Promise<T | undefined> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(undefined), ms);
    const sub = token?.onCancellationRequested(() => resolve(undefined));
    p.then(
      (v) => resolve(v),
      () => resolve(undefined),
    ).finally(() => {
      clearTimeout(timer);
      sub?.dispose();
    });
  });
}

export { HOVER_COMMANDS, HOVER_MAX_ISSUES, hoverMarkdown };

/** The built-in command that closes the editor's content hover (VS Code's own "Hide Hover"). */
const HIDE_HOVER = 'editor.action.hideHover';

/** Registers itself for every document; the marks (and their issues' fields) are read at hover time. */
export class IssueHoverProvider extends Disposable implements vscode.HoverProvider {
  /** The status of each issue the latest hover showed, while that hover may be open. */
  private shown: Map<string, string> | undefined;
  /** Hovers closed because an issue in them changed, for the suites. */
  closed = 0;

  constructor(
    private readonly decorations: DecorationController,
    private readonly store: Pick<IssueStore, 'issue' | 'onDidChange'>,
    /** Whether a chat can take an issue now (Explain/Fix with AI are offered only then). */
    private readonly aiLinks: () => boolean = () => false,
    private readonly extra: HoverProvenance = {},
  ) {
    super();
    this._register(vscode.languages.registerHoverProvider({ pattern: '**' }, this));
    this._register(store.onDidChange((change) => this.closeIfChanged(change.issues)));
  }

  async provideHover(document: vscode.TextDocument, position: vscode.Position, token?: vscode.CancellationToken): Promise<vscode.Hover | undefined> {
    // Every hover of every document is asked here: one on a line without marks means ours is not shown.
    this.shown = undefined;
    // Most events first; the issue's own project is the ref the commands expect (an issue without a valid one is left out).
    const marks = this.decorations.marksAt(document.uri, position.line);
    const ai = this.aiLinks();
    // The other files a mark's frame names, as the user sees them in the Explorer.
    const shown = marks.map((m) => (m.alsoIn ? { ...m, alsoIn: m.alsoIn.map((key) => vscode.workspace.asRelativePath(vscode.Uri.parse(key), false)) } : m));
    const markdown = lineHoverMarkdown(shown, (m) => refOfIssue(m.org, m.issue), Date.now(), { ai });
    if (markdown === undefined) return undefined;
    this.shown = new Map(marks.slice(0, HOVER_MAX_ISSUES).map((m) => [m.issue.id, m.issue.status]));
    const shownNow = this.shown;
    // The top issue's releases, suspect commit and line history: at most one request, bounded waits.
    const extra = await this.provenanceOf(marks[0], document.uri, position.line, token);
    // Another hover was asked for meanwhile: this one is not shown.
    if (this.shown !== shownNow || token?.isCancellationRequested) return undefined;
    const text = new vscode.MarkdownString(markdown);
    text.isTrusted = { enabledCommands: hoverCommands(ai) };
    text.supportThemeIcons = true;
    text.supportHtml = false;
    if (extra.length === 0) return new vscode.Hover(text, document.lineAt(position.line).range);
    // A part of its own under the issues' lines (VS Code draws a rule between): text only, no command.
    const about = new vscode.MarkdownString(extra.join('  \n'));
    about.supportThemeIcons = true;
    about.supportHtml = false;
    return new vscode.Hover([text, about], document.lineAt(position.line).range);
  }

  /** Lines on who and what broke the top issue: from the store's cache, else one coalesced request; then git. */
  private async provenanceOf(
    mark: { org: string; issue: Issue; line?: number; movedFrom?: number } | undefined,
    uri: vscode.Uri,
    hovered: number,
    token?: vscode.CancellationToken,
  ): Promise<string[]> {
    const store = this.extra.provenance;
    if (!mark || !store) return [];
    let view: ProvenanceView | undefined = store.cached(mark.org, mark.issue.id);
    view ??= await within(store.forIssue(mark.org, mark.issue.id), PROVENANCE_WAIT_MS, token);
    const release = view?.eventRelease ?? view?.lastRelease;
    const commit = releaseCommitId(release);
    let history: LineHistory | undefined;
    if (release && commit && this.extra.lineHistory && !token?.isCancellationRequested) {
      const line = (mark.movedFrom ?? mark.line ?? hovered) + 1;
      history = await within(this.extra.lineHistory(uri.toString(), line, commit, release.version), PROVENANCE_WAIT_MS, token);
    }
    return provenanceLines(view, history);
  }

  /** Closes the latest hover when the store changed the status of an issue it shows (what it offers depends on it). */
  private closeIfChanged(changed: readonly string[]): void {
    const shown = this.shown;
    if (!shown || !changed.some((id) => shown.has(id) && statusOf(this.store.issue(id)) !== shown.get(id))) return;
    this.shown = undefined;
    this.closed++;
    void vscode.commands.executeCommand(HIDE_HOVER);
  }
}

function statusOf(issue: Issue | undefined): string | undefined {
  return issue?.status;
}
