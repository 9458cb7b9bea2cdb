/**
 * The open events panels: one per issue (org and id), reused when the same issue is shown again,
 * and taken over from VS Code's serializer after a window reload.
 */
import * as vscode from 'vscode';
import { PROTOCOL_VERSION, VIEW_TYPE, parsePanelState, type IssueHeader, type PanelState } from '../protocol/messages';
import { DEFAULT_FILTERS } from '../protocol/filters';
import { refKey, type IssueRef } from '../../contracts/issueRef';
import { Disposable } from '../../util/disposable';
import { UiHolder } from '../../util/ui';
import { EventsPanel, webviewOptions, type EventsPanelDeps } from './panel';
import { RawEventDocuments } from './rawEventDocuments';

export type PanelsDeps = Omit<EventsPanelDeps, 'extensionUri' | 'ui' | 'rawDocuments'>;

/**
 * How a panel is opened. `markSeen: false` (a `vscode://` link, which promises to only read): the
 * panel does not mark the issue seen, whatever the setting markSeenOnOpen says.
 */
export interface ShowOptions {
  readonly markSeen?: boolean;
}

/** The issue a panel shows: an IssueRef, or its org and id alone (the panel needs no project). */
export type PanelTarget = Pick<IssueRef, 'org' | 'issueId'> & Partial<Pick<IssueRef, 'project'>>;

export class EventsPanels extends Disposable {
  private readonly panels = new Map<string, EventsPanel>();
  readonly deps: EventsPanelDeps;
  /** Every notification and link the command and its panels show (the suites replace its parts). */
  readonly ui = new UiHolder();

  constructor(context: Pick<vscode.ExtensionContext, 'extensionUri'>, deps: PanelsDeps) {
    super();
    const rawDocuments = this._register(new RawEventDocuments());
    this.deps = { ...deps, extensionUri: context.extensionUri, ui: () => this.ui.ui, rawDocuments };
  }

  get(org: string, issueId: string): EventsPanel | undefined {
    return this.panels.get(refKey({ org, issueId }));
  }

  all(): EventsPanel[] {
    return [...this.panels.values()];
  }

  /**
   * Shows the panel of an issue, creating it or revealing the existing one. `seed`: header fields
   * known before the store has the issue (a legacy tree node's); the store's issue wins over them.
   * Showing an existing panel without `markSeen: false` lets it mark the issue seen (a panel a link
   * opened, which the user now opens themselves).
   */
  show(target: PanelTarget, seed?: IssueHeader, options: ShowOptions = {}): EventsPanel {
    const markSeen = options.markSeen !== false;
    const existing = this.get(target.org, target.issueId);
    if (existing) {
      if (seed) existing.setIssue(seed);
      existing.reveal();
      if (markSeen) existing.allowMarkSeen();
      return existing;
    }
    const issue: IssueHeader = { ...seed, id: target.issueId };
    if (target.project && !issue.project) issue.project = target.project;
    const state: PanelState = { v: PROTOCOL_VERSION, org: target.org, issueId: target.issueId, issue, filters: DEFAULT_FILTERS, tab: 'events' };
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('Issue {0}', target.issueId), vscode.ViewColumn.Active, webviewOptions(this.deps.extensionUri));
    return this.adopt(panel, state, markSeen);
  }

  /**
   * Takes over a panel VS Code restored (serializer); its header is asked of the store again. A
   * restored panel never marks its issue seen: a window reload is not the user opening the issue
   * (and the panel may have been opened by a link, which promised to only read). Opening the issue
   * again (show) lets it.
   */
  restore(panel: vscode.WebviewPanel, raw: unknown): EventsPanel | undefined {
    const state = parsePanelState(raw);
    if (!state) {
      this.deps.log.warn('[events] could not restore an events panel: its saved state is missing or invalid');
      panel.dispose();
      return undefined;
    }
    const existing = this.get(state.org, state.issueId);
    if (existing) {
      panel.dispose();
      return existing;
    }
    const p = this.adopt(panel, state, false);
    void p.refreshHeader();
    return p;
  }

  private adopt(panel: vscode.WebviewPanel, state: PanelState, markSeen = true): EventsPanel {
    const p = new EventsPanel(panel, state, this.deps, markSeen);
    const key = p.key;
    this.panels.set(key, p);
    p.onDidDispose(() => {
      if (this.panels.get(key) === p) this.panels.delete(key);
    });
    return p;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    super.dispose();
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}
