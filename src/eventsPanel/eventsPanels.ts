/**
 * The open events panels: one per issue (org and id), reused when the same issue is shown again,
 * and taken over from VS Code's serializer after a window reload. At most one of them is a preview
 * panel, which the next issue opened as a preview takes over (../model/panelChoice.ts says which
 * panel an opening goes to, and when a preview is kept). A new panel opens on the Event tab: the
 * latest event's stack trace is what a developer opening an issue looks for first.
 */
import * as vscode from 'vscode';
import { PROTOCOL_VERSION, VIEW_TYPE, parsePanelState, type IssueHeader, type PanelState } from './core/protocol/messages';
import { DEFAULT_FILTERS } from './core/protocol/filters';
import { refKey, type IssueRef } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import type { EventRef } from '../model/event/types';
import { choosePanel, type Opening } from './core/panelChoice';
import { EventsPanel } from './panel';
import { webviewOptions, type EventsPanelDeps } from './panelShell';
import { RawEventDocuments } from './rawEventDocuments';
import { SeerDiffDocuments } from './seerDiffDocuments';

export type PanelsDeps = Omit<EventsPanelDeps, 'extensionUri' | 'ui' | 'rawDocuments' | 'seerDocuments'>;

/**
 * How a panel is opened. `markSeen: false` (a `vscode://` link, which promises to only read): the
 * panel does not mark the issue seen, whatever the setting markSeenOnOpen says.
 */
export interface ShowOptions {
  readonly markSeen?: boolean;
  /**
   * Open as a preview (a click in the Issues view): into the preview panel, which the next preview
   * takes over; opened again at once (a double-click), the panel is kept. Else the issue's panel is
   * a kept one (a preview panel showing it is kept).
   */
  readonly preview?: boolean;
  /** The event the Event tab opens on (a link to one event); absent: the latest. A panel already open keeps the event it shows. */
  readonly event?: EventRef;
  /** The tab it opens on (a hover's link to the trace's logs, a trace link's Trace tab); absent: the Event tab. A panel already open shows it, on `event` if one is named. */
  readonly tab?: 'logs' | 'trace';
}

/** The issue a panel shows: an IssueRef, or its org and id alone (the panel needs no project). */
export type PanelTarget = Pick<IssueRef, 'org' | 'issueId'> & Partial<Pick<IssueRef, 'project'>>;

export class EventsPanels extends Disposable {
  private readonly panels = new Map<string, EventsPanel>();
  readonly deps: EventsPanelDeps;
  /** Every notification and link the command and its panels show (the suites replace its parts). */
  readonly ui = new UiHolder();
  /** The opening before, for telling a double-click from two clicks. */
  private lastOpening: Opening | undefined;
  private readonly previewChanged = this._register(new vscode.EventEmitter<void>());
  /** A panel became a preview, was kept, or came to the front or went back: the Keep Open button follows. */
  readonly onDidChangePreview = this.previewChanged.event;

  /** `now`: the clock double-clicks are told by (the suites pass their own). */
  constructor(
    context: Pick<vscode.ExtensionContext, 'extensionUri'>,
    deps: PanelsDeps,
    private readonly now: () => number = Date.now,
  ) {
    super();
    const rawDocuments = this._register(new RawEventDocuments());
    const seerDocuments = this._register(new SeerDiffDocuments());
    this.deps = { ...deps, extensionUri: context.extensionUri, ui: () => this.ui.ui, rawDocuments, seerDocuments };
  }

  get(org: string, issueId: string): EventsPanel | undefined {
    return this.panels.get(refKey({ org, issueId }));
  }

  all(): EventsPanel[] {
    return [...this.panels.values()];
  }

  /** Whether the panel in front is a preview (what the Keep Open button shows for). */
  get activeIsPreview(): boolean {
    return this.all().some((p) => p.isPreview && p.panel.active);
  }

  /**
   * Shows the panel of an issue, creating it or revealing the existing one. `seed`: header fields
   * known before the store has the issue (a legacy tree node's); the store's issue wins over them.
   * Showing an existing panel without `markSeen: false` lets it mark the issue seen (a panel a link
   * opened, which the user now opens themselves).
   */
  show(target: PanelTarget, seed?: IssueHeader, options: ShowOptions = {}): EventsPanel {
    const markSeen = options.markSeen !== false;
    const opening: Opening = { key: refKey(target), preview: options.preview === true, at: this.now() };
    const choice = choosePanel(
      opening,
      this.all().map((p) => ({ key: p.key, preview: p.isPreview })),
      this.lastOpening,
    );
    this.lastOpening = opening;
    if (choice.kind === 'reveal') {
      const existing = this.panels.get(choice.key)!;
      if (seed) existing.setIssue(seed);
      existing.openedAgain();
      if (choice.pin) existing.pin();
      existing.reveal();
      if (markSeen) existing.allowMarkSeen();
      if (options.tab) existing.showTab(options.tab, options.event);
      return existing;
    }
    const issue: IssueHeader = { ...seed, id: target.issueId };
    if (target.project && !issue.project) issue.project = target.project;
    const state: PanelState = {
      v: PROTOCOL_VERSION,
      org: target.org,
      issueId: target.issueId,
      issue,
      filters: DEFAULT_FILTERS,
      tab: options.tab ?? 'event',
      ...(options.event ? { event: options.event } : {}),
    };
    if (choice.kind === 'reuse') {
      const p = this.panels.get(choice.key)!;
      this.panels.delete(choice.key);
      // Shown first: a page hidden behind another editor is loaded again, and only a shown one gets the first header.
      p.reveal();
      p.showIssue(state, markSeen);
      this.panels.set(p.key, p);
      return p;
    }
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, vscode.l10n.t('Issue {0}', target.issueId), vscode.ViewColumn.Active, webviewOptions(this.deps.extensionUri));
    return this.adopt(panel, state, markSeen, choice.preview);
  }

  /**
   * Takes over a panel VS Code restored (serializer); its header is asked of the store again. A
   * restored panel never marks its issue seen: a window reload is not the user opening the issue
   * (and the panel may have been opened by a link, which promised to only read). Opening the issue
   * again (show) lets it. It belongs to the server, account and organization its state saved: saved
   * with another server or account than the session of now, it closes saying so; else it writes
   * nothing until that read of its header came back from there (panelGuard.ts).
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
    const p = this.adopt(panel, state, false, false, true);
    if (p.closeIfForeign()) return undefined;
    void p.refreshHeader();
    return p;
  }

  private adopt(panel: vscode.WebviewPanel, state: PanelState, markSeen = true, preview = false, restored = false): EventsPanel {
    const p = new EventsPanel(panel, state, this.deps, markSeen, preview, restored);
    this.panels.set(p.key, p);
    // A preview panel changes issue (and key): the key it has when it closes is the one it is under.
    const pinned = p.onDidPin(() => this.previewChanged.fire());
    const viewState = panel.onDidChangeViewState(() => this.previewChanged.fire());
    p.onDidDispose(() => {
      pinned.dispose();
      viewState.dispose();
      if (this.panels.get(p.key) === p) this.panels.delete(p.key);
      this.previewChanged.fire();
    });
    if (preview) this.previewChanged.fire();
    return p;
  }

  override dispose(): void {
    if (this.isDisposed) return;
    super.dispose();
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}
