/**
 * The language model tools' names (package.json `contributes.languageModelTools[].name`, a test
 * checks) and the names a chat prompt references them by (`#name`, `toolReferenceName`). No `vscode`.
 */
export const ToolNames = {
  searchIssues: 'sentryExplorer_searchIssues',
  issueDetails: 'sentryExplorer_getIssueDetails',
  tagDistribution: 'sentryExplorer_getTagDistribution',
  issuesAtLocation: 'sentryExplorer_issuesAtLocation',
  updateIssue: 'sentryExplorer_updateIssue',
} as const;

export type ToolName = (typeof ToolNames)[keyof typeof ToolNames];

export const ToolReferences = {
  searchIssues: 'sentryIssues',
  issueDetails: 'sentryIssue',
  tagDistribution: 'sentryTags',
  issuesAtLocation: 'sentryIssuesAt',
  updateIssue: 'sentryUpdateIssue',
} as const satisfies Record<keyof typeof ToolNames, string>;
