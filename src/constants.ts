/** Every command id the extension registers; package.json contributes the same set (a test checks). */
export const Commands = {
  showLog: 'sentryExplorer.showLog',
  signIn: 'sentryExplorer.signIn',
  signOut: 'sentryExplorer.signOut',
  setClientSecret: 'sentryExplorer.setClientSecret',
  // Issues view
  refresh: 'sentryExplorer.refresh',
  filterIssues: 'sentryExplorer.filterIssues',
  /** Filter Issues under the filled filter icon, while a filter hides issues (the view title shows one of the two). */
  filterIssuesActive: 'sentryExplorer.filterIssuesActive',
  chooseSavedSearch: 'sentryExplorer.chooseSavedSearch',
  searchIssues: 'sentryExplorer.searchIssues',
  chooseEnvironments: 'sentryExplorer.chooseEnvironments',
  choosePeriod: 'sentryExplorer.choosePeriod',
  chooseSort: 'sentryExplorer.chooseSort',
  clearFilter: 'sentryExplorer.clearFilter',
  chooseProject: 'sentryExplorer.chooseProject',
  findByHashes: 'sentryExplorer.findIssuesByHashes',
  loadMore: 'sentryExplorer.loadMore',
  showIssueEvents: 'sentryExplorer.showIssueEvents',
  /** Keeps the events panel in front when it is a preview (the next issue clicked no longer takes it over). */
  keepEventsPanelOpen: 'sentryExplorer.keepEventsPanelOpen',
  openInBrowser: 'sentryExplorer.openInBrowser',
  copyShortId: 'sentryExplorer.copyShortId',
  copyLink: 'sentryExplorer.copyLink',
  /** A vscode:// link that opens the issue's events panel in VS Code (links/). */
  copyVSCodeLink: 'sentryExplorer.copyVSCodeLink',
  showIssues: 'sentryExplorer.showIssues',
  // Editor
  goToLocation: 'sentryExplorer.goToLocation',
  /** Says in one line why the open file has no marks, with the action that fixes it. */
  explainMarks: 'sentryExplorer.explainMarks',
  /** Lists the issues marked on a line (a hover's "+N more": the line of the IssueRef's mark; the palette: the cursor's line). */
  showLineIssues: 'sentryExplorer.showLineIssues',
  // Triage: each takes an IssueRef, a list of them (multi-select), or nothing (palette: the issue of
  // the line under the cursor, else a short ID typed in)
  resolve: 'sentryExplorer.resolve',
  resolveIn: 'sentryExplorer.resolveIn',
  archive: 'sentryExplorer.archive',
  unresolve: 'sentryExplorer.unresolve',
  assign: 'sentryExplorer.assign',
  assignToMe: 'sentryExplorer.assignToMe',
  bookmark: 'sentryExplorer.bookmark',
  unbookmark: 'sentryExplorer.unbookmark',
  subscribe: 'sentryExplorer.subscribe',
  unsubscribe: 'sentryExplorer.unsubscribe',
  markReviewed: 'sentryExplorer.markReviewed',
  setPriority: 'sentryExplorer.setPriority',
  /** Sent by the events panel when it opens an issue (setting markSeenOnOpen); not in the palette. */
  markSeen: 'sentryExplorer.markSeen',
  // AI: each takes an IssueRef (tree row, hover link, panel header) or nothing (palette:
  // the issue of the line under the cursor, else a short ID typed in)
  explainWithAI: 'sentryExplorer.explainWithAI',
  fixWithAI: 'sentryExplorer.fixWithAI',
  // Debug a recorded event (debugEvent/): takes an IssueRef with an optional `eventId` (the panel's
  // event on screen), else the issue's latest event; Previous/Next act on the active session.
  debugEvent: 'sentryExplorer.debugEvent',
  debugPreviousEvent: 'sentryExplorer.debugPreviousEvent',
  debugNextEvent: 'sentryExplorer.debugNextEvent',
  // Open anything (openLink/): a Sentry link, a short ID, an event ID or a pasted stack trace
  openLinkIdOrStackTrace: 'sentryExplorer.openLinkIdOrStackTrace',
  /** A frame's link in a Stack Trace document opens its file; not in the palette. */
  openStackFrame: 'sentryExplorer.openStackFrame',
  /** A frame's context menu in the events panel: its workspace-relative path (else Sentry's), with or without the line. */
  copyFramePath: 'sentryExplorer.copyFramePath',
  copyFramePathLine: 'sentryExplorer.copyFramePathLine',
} as const;

export const EXTENSION_ID = 'sentry-explorer.sentry-explorer';
export const AUTH_PROVIDER_ID = 'sentry-explorer';
export const CONFIG_SECTION = 'sentryExplorer';

/** View, panel and status-bar ids (package.json `contributes.views` names the same). */
export const Views = {
  container: 'sentryExplorer',
  issues: 'sentryExplorer.issues',
  eventsPanel: 'sentryExplorer.events',
  unresolvedStatus: 'sentryExplorer.unresolved',
} as const;

/** Context keys the `when` clauses of package.json read. */
export const ContextKeys = {
  signedIn: 'sentryExplorer.signedIn',
  hasProject: 'sentryExplorer.hasProject',
  emptyResult: 'sentryExplorer.emptyResult',
  /** The Issues view's filter hides issues the default list shows (its title shows the filled filter icon and Clear Filter). */
  filterActive: 'sentryExplorer.filterActive',
  /** Restricted Mode keeps the workspace's .sentryclirc / sentry.properties from choosing the selection. */
  cliFilesIgnored: 'sentryExplorer.cliFilesIgnored',
  /** The active editor shows at least one mark (the walkthrough's "open a file with marks" step). */
  editorHasMarks: 'sentryExplorer.editorHasMarks',
  /** A chat can take an issue (Explain/Fix with AI): the tree's menus offer those only then (src/ai/chatAvailability.ts). */
  aiChatAvailable: 'sentryExplorer.aiChatAvailable',
  /** The events panel in front is a preview (its Keep Open button shows). */
  eventsPreviewActive: 'sentryExplorer.eventsPreviewActive',
} as const;

/** Keys in globalState / workspaceState / SecretStorage; changing one forgets what users stored under it. */
export const StorageKeys = {
  /** SecretStorage: `<prefix>:<base URL>` holds a server's sessions (see auth/sessionCodec.ts). */
  secretPrefix: 'sentryExplorer.auth',
  /** globalState: the organization remembered at sign-in, per server (`<prefix><base URL>`). */
  organizationPrefix: 'sentryExplorer.auth.organization:',
  /** globalState: plain-http servers the user agreed to send credentials to. */
  insecureConfirmed: 'sentryExplorer.auth.insecureConfirmed',
  /** workspaceState: the Issues view's filter. */
  issueFilter: 'sentryExplorer.issueFilter',
  /** workspaceState: recent searches of Filter Issues. */
  searchHistory: 'sentryExplorer.searchHistory',
  /** workspaceState: which file an ambiguous server path was mapped to. */
  locationChoices: 'sentryExplorer.locationChoices',
  /** globalState: per server base URL, which issue list endpoint answers (organization or project). */
  issueEndpoints: 'sentryExplorer.issueEndpoints',
  /** workspaceState: what is known of issues' latest-event locations, keyed by issue id and lastSeen (the marks' cache). */
  issueLocations: 'sentryExplorer.issueLocations',
} as const;
