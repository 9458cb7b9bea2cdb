/**
 * What an events panel is built from and how its webview is set up: the services it is handed, its
 * tab's title, the webview's options and the page it loads. Glue (vscode); the panel itself is
 * ./panel.ts.
 */
import * as vscode from 'vscode';
import type { HostMessage, IssueHeader, PanelState } from './core/protocol/messages';
import type { AiChat } from '../store/aiChat';
import type { RepoCodeMapping } from '../store/editorLocations';
import type { IssueStore } from '../store/issueStore';
import { makeNonce, panelHtml } from './pageHtml';
import type { PageActionDeps } from './pageActions';
import type { ProvenanceDeps } from './provenancePush';
import type { SeerDiffDocuments } from './seerDiffDocuments';
import { SeerSession } from './seerSession';
import { isEventId } from '../model/event/types';

export interface EventsPanelDeps extends PageActionDeps, Omit<ProvenanceDeps, 'log'> {
  /** The one issue store: the header is `store.issue(id)`, refreshed with `lookupShortId`. */
  store: IssueStore;
  /** Fires when the session changes; open panels retry what failed. */
  onDidChangeSession?: vscode.Event<unknown>;
  /** Whether a chat can take an issue: the header offers Explain/Fix with AI only then. None: never. */
  aiChat?: Pick<AiChat, 'available' | 'onDidChange'>;
  extensionUri: vscode.Uri;
  /** The right sides of Seer's diffs (seerDiffDocuments.ts). */
  seerDocuments: Pick<SeerDiffDocuments, 'show'>;
  /** An organization's code mappings (the editor's, EditorLocations.codeMappings): where Seer's repositories are in the workspace. */
  codeMappings?: (org: string) => Promise<readonly RepoCodeMapping[]>;
}

/** The tab's title; a preview panel's says so (VS Code draws only text editors' previews in italics). */
export function panelTitle(issue: IssueHeader, preview = false): string {
  if (preview) return issue.shortId !== undefined ? vscode.l10n.t('{0} · Events (preview)', issue.shortId) : vscode.l10n.t('Issue {0} · Events (preview)', issue.id);
  return issue.shortId !== undefined ? vscode.l10n.t('{0} · Events', issue.shortId) : vscode.l10n.t('Issue {0} · Events', issue.id);
}

export function webviewOptions(extensionUri: vscode.Uri): vscode.WebviewPanelOptions & vscode.WebviewOptions {
  return {
    enableScripts: true,
    enableFindWidget: true,
    retainContextWhenHidden: false,
    localResourceRoots: [vscode.Uri.joinPath(extensionUri, 'dist'), vscode.Uri.joinPath(extensionUri, 'media')],
  };
}

/**
 * The page, and with it its state (the header from the store, the tab) to draw as soon as it runs,
 * before the ready/init handshake. A message, not a part of the HTML: no server string ever goes
 * into the HTML. VS Code holds it until the page has loaded.
 */
export function loadPage(w: vscode.Webview, extensionUri: vscode.Uri, state: PanelState, post: (m: HostMessage) => void): void {
  const u = (...p: string[]) => w.asWebviewUri(vscode.Uri.joinPath(extensionUri, ...p)).toString();
  w.html = panelHtml({ cspSource: w.cspSource, script: u('dist', 'webview.js'), css: u('media', 'webview.css'), codicons: u('dist', 'codicon.css') }, makeNonce(), {
    bundle: vscode.l10n.bundle,
    language: vscode.env.language,
  });
  post({ type: 'boot', state });
}

/** The panel's Seer session, on the issue (and event) the panel shows at the time of each call. */
export function seerSessionFor(
  deps: EventsPanelDeps,
  panel: {
    target(): { readonly issue: { readonly org: string; readonly issueId: string }; readonly state: PanelState };
    writeRefusal(): string | undefined;
    openIssuePage(): Promise<void>;
    post(m: HostMessage): void;
  },
): SeerSession {
  return new SeerSession({
    getClient: deps.getClient,
    log: deps.log,
    issue: () => {
      const { issue, state } = panel.target();
      const ev = state.event;
      return { org: issue.org, issueId: issue.issueId, eventId: ev && isEventId(ev) ? ev : undefined };
    },
    codeMappings: async () => (await deps.codeMappings?.(panel.target().issue.org)) ?? [],
    writeRefusal: () => panel.writeRefusal(),
    ui: () => deps.ui(),
    openIssuePage: () => panel.openIssuePage(),
    post: (view) => panel.post({ type: 'seer', view }),
    documents: deps.seerDocuments,
    openLink: (url) => deps.ui().openExternal(vscode.Uri.parse(url.href, true)),
    baseUrl: deps.baseUrl,
  });
}
