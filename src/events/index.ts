/**
 * The events webview: the `sentryExplorer.showIssueEvents` command (one panel per issue, reused)
 * and the serializer that restores panels after a window reload.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { Issue } from '../api/schemas';
import { Commands } from '../constants';
import { looksLikeShortId } from '../issues/filter';
import { detectFromWorkspace, readSelection } from '../issues/selection';
import { UiHolder, type AuthUi } from '../util/ui';
import { plainText } from '../util/untrusted';
import { issueHeader } from './eventData';
import { EventsPanel, panelKey, webviewOptions, type EventsPanelDeps } from './panel';
import { DEFAULT_FILTERS, PROTOCOL_VERSION, VIEW_TYPE, parsePanelState, type IssueHeader, type PanelState } from './protocol';

export { EventsPanel } from './panel';
export type { EventsPanelDeps } from './panel';
export { VIEW_TYPE } from './protocol';

export type RegisterDeps = Omit<EventsPanelDeps, 'extensionUri' | 'ui'>;

/** What the command accepts: a tree IssueNode, `{ org, issueId }` (optionally with the issue), or nothing. */
export type ShowTarget = { org: string; issueId: string; issue?: Issue | IssueHeader; filters?: PanelState['filters'] };

export class EventsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, EventsPanel>();
  private readonly deps: EventsPanelDeps;
  /** Every notification and link the command and its panels show (the suites replace its parts). */
  readonly ui = new UiHolder();

  constructor(context: Pick<vscode.ExtensionContext, 'extensionUri'>, deps: RegisterDeps) {
    this.deps = { ...deps, extensionUri: context.extensionUri, ui: () => this.ui.ui };
  }

  get(org: string, issueId: string): EventsPanel | undefined {
    return this.panels.get(panelKey(org, issueId));
  }

  all(): EventsPanel[] {
    return [...this.panels.values()];
  }

  /** Shows the panel of an issue, creating it or revealing (and updating) the existing one. */
  show(target: ShowTarget): EventsPanel {
    const existing = this.get(target.org, target.issueId);
    const header = target.issue ? toHeader(target.issue) : undefined;
    if (existing) {
      if (header) existing.setIssue(header);
      existing.reveal();
      return existing;
    }
    const state: PanelState = {
      v: PROTOCOL_VERSION,
      org: target.org,
      issueId: target.issueId,
      issue: header ?? { id: target.issueId },
      filters: target.filters ?? DEFAULT_FILTERS,
      tab: 'events',
    };
    const panel = vscode.window.createWebviewPanel(VIEW_TYPE, `Issue ${target.issueId}`, vscode.ViewColumn.Active, webviewOptions(this.deps.extensionUri));
    return this.adopt(panel, state);
  }

  /** Takes over a panel VS Code restored (serializer). */
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
    const p = this.adopt(panel, state);
    void p.refreshHeader();
    return p;
  }

  private adopt(panel: vscode.WebviewPanel, state: PanelState): EventsPanel {
    const p = new EventsPanel(panel, state, this.deps);
    const key = p.key;
    this.panels.set(key, p);
    p.onDidDispose(() => {
      if (this.panels.get(key) === p) this.panels.delete(key);
    });
    return p;
  }

  dispose(): void {
    for (const p of [...this.panels.values()]) p.dispose();
    this.panels.clear();
  }
}

function toHeader(issue: Issue | IssueHeader): IssueHeader {
  return 'project' in issue && typeof issue.project === 'object' && issue.project !== null ? issueHeader(issue as Issue) : (issue as IssueHeader);
}

/** Reads the command argument: an IssueNode of the tree, `{ org, issueId }`, or anything else (-> undefined). */
export function targetOf(arg: unknown): ShowTarget | undefined {
  if (typeof arg !== 'object' || arg === null) return undefined;
  const a = arg as Record<string, unknown>;
  if (a.type === 'issue' && typeof a.org === 'string' && typeof a.issue === 'object' && a.issue !== null) {
    const issue = a.issue as Issue;
    if (typeof issue.id === 'string') return { org: a.org, issueId: issue.id, issue };
  }
  if (typeof a.org === 'string' && (typeof a.issueId === 'string' || typeof a.issueId === 'number')) {
    const issue = typeof a.issue === 'object' && a.issue !== null ? (a.issue as Issue | IssueHeader) : undefined;
    return { org: a.org, issueId: String(a.issueId), issue };
  }
  return undefined;
}

/** Asks for an issue (short ID or numeric ID) when the command ran without one. */
async function askForIssue(deps: RegisterDeps, ui: AuthUi): Promise<ShowTarget | undefined> {
  const text = (
    await ui.showInputBox({
      title: 'Show Issue Events',
      prompt: 'The short ID (like PROJ-123) or the numeric ID of a Sentry issue',
      validateInput: (v) => (/^\d+$/.test(v.trim()) || looksLikeShortId(v) ? undefined : 'Enter a short ID such as PROJ-123 or a numeric issue ID'),
    })
  )?.trim();
  if (!text) return undefined;
  const client = await deps.getClient();
  if (!client) {
    const pick = await ui.showWarningMessage('Sign in to Sentry to see the events of an issue.', {}, 'Sign In');
    if (pick) await deps.signIn();
    return undefined;
  }
  const selection = readSelection();
  const detected = selection.org ? [] : await detectFromWorkspace();
  const org = selection.org || detected.find((d) => d.org)?.org || (await soleOrganization(client, ui));
  if (!org) {
    void ui.showWarningMessage('Choose a Sentry project first (Sentry Explorer: Choose Project), then try again.', {});
    return undefined;
  }
  if (/^\d+$/.test(text)) return { org, issueId: text };
  const projects = selection.projects.length ? selection.projects : detected.map((d) => d.project).filter((p): p is string => !!p);
  const project = projects[0] ?? (await client.listProjects(org, { perPage: 1 })).items[0]?.slug;
  if (!project) {
    void ui.showWarningMessage(`No project found in organization "${plainText(org)}" to look up ${plainText(text)} in.`, {});
    return undefined;
  }
  const page = await client.listProjectIssues(org, project, { query: text, shortIdLookup: true, statsPeriod: '' });
  const issue = page.items.find((i) => i.shortId.toLowerCase() === text.toLowerCase());
  if (!issue) {
    void ui.showWarningMessage(`No issue ${plainText(text)} found in organization "${plainText(org)}".`, {});
    return undefined;
  }
  return { org, issueId: issue.id, issue };
}

async function soleOrganization(client: SentryClient, ui: AuthUi): Promise<string | undefined> {
  const orgs = (await client.listOrganizations()).items;
  if (orgs.length === 1) return orgs[0].slug;
  const pick = await ui.showQuickPick(
    orgs.map((o) => ({ label: o.name, description: o.slug, slug: o.slug })),
    { title: 'Sentry organization of the issue' },
  );
  return pick?.slug;
}

/**
 * Registers `sentryExplorer.showIssueEvents` and the panel serializer. Returns the panel registry;
 * push it (it is a Disposable) to context.subscriptions.
 */
export function registerEventsPanel(context: vscode.ExtensionContext, deps: RegisterDeps): EventsPanels {
  const panels = new EventsPanels(context, deps);
  context.subscriptions.push(
    panels,
    vscode.commands.registerCommand(Commands.showIssueEvents, async (arg?: unknown) => {
      try {
        const target = targetOf(arg) ?? (arg === undefined ? await askForIssue(deps, panels.ui.ui) : undefined);
        if (!target) {
          if (arg !== undefined) deps.log.warn('[events] showIssueEvents was given something that is not an issue');
          return undefined;
        }
        panels.show(target);
        return undefined;
      } catch (e) {
        deps.log.error(`[events] could not show the events: ${(e as Error).message}`);
        const pick = await panels.ui.ui.showErrorMessage(`Could not show the events: ${plainText((e as Error).message)}`, {}, 'Show Log');
        if (pick) deps.log.show();
        return undefined;
      }
    }),
    vscode.window.registerWebviewPanelSerializer(VIEW_TYPE, {
      async deserializeWebviewPanel(panel, state) {
        panels.restore(panel, state);
      },
    }),
  );
  return panels;
}
