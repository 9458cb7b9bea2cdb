/** Every command id the extension registers; package.json contributes the same set (a test checks). */
export const Commands = {
  showLog: 'sentryExplorer.showLog',
  signIn: 'sentryExplorer.signIn',
  signOut: 'sentryExplorer.signOut',
  setClientSecret: 'sentryExplorer.setClientSecret',
  // Issues view
  refresh: 'sentryExplorer.refresh',
  filterIssues: 'sentryExplorer.filterIssues',
  chooseProject: 'sentryExplorer.chooseProject',
  findByHashes: 'sentryExplorer.findIssuesByHashes',
  loadMore: 'sentryExplorer.loadMore',
  showIssueEvents: 'sentryExplorer.showIssueEvents',
  openInBrowser: 'sentryExplorer.openInBrowser',
  copyShortId: 'sentryExplorer.copyShortId',
  copyLink: 'sentryExplorer.copyLink',
  showIssues: 'sentryExplorer.showIssues',
  // Editor
  goToLocation: 'sentryExplorer.goToLocation',
} as const;

export const EXTENSION_ID = 'sentry-explorer.sentry-explorer';
export const AUTH_PROVIDER_ID = 'sentry-explorer';
export const CONFIG_SECTION = 'sentryExplorer';
