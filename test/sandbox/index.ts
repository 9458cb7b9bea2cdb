// Entry point of the local Sentry sandbox service. See README.md in this folder.
export { startSandbox, DEFAULT_AUTH_TOKEN, DEFAULT_API_KEY, DEFAULT_CLIENT_ID, DEFAULT_DSN_KEY } from './server';
export type {
  Sandbox,
  SandboxControl,
  SandboxDefaults,
  SandboxOptions,
  DeviceDecision,
  DeviceInfo,
  EndpointMode,
  EndpointSwitch,
  FaultInfo,
  FaultSpec,
  RateLimitConfig,
  RateLimitedFault,
  RequestLogEntry,
  WriteLogEntry,
  UnauthorizedCode,
  TokenInfo,
  SeedFile,
} from './server';
export { seed, getSeed, createSeed, XSS_TITLE, TOTAL_EVENTS, SANDBOX_USER } from './seed';
export type { Seed, SeedIssue, SeedEvent, SeedProject, SeedOrg, SeedSummary, WorkspaceLocation, Member } from './seed';
export { WORKSPACE_DIR, crashSites, workspaceFilePaths } from './workspace';
export {
  SANDBOX_SECRET,
  MAX_BREADCRUMBS,
  MAX_BREADCRUMBS_SHORT_ID,
  eventDetailSamples,
  hasChainedException,
  isMessageOnly,
  hasThreads,
  breadcrumbCount,
  breadcrumbsEntryOmitted,
  contextsKind,
  unknownEntryType,
} from './eventDetails';
export type { EventDetailSamples } from './eventDetails';
