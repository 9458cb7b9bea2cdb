/**
 * The extension's internals, for its own extension-host suites only. activate() returns nothing:
 * an extension's exports are readable by every other extension, and these internals hold the
 * session's access and refresh tokens, the store and the triage writes. A test build (esbuild.mjs
 * --test-hooks, passed only by test/harness/build.ts) puts them on a global the suites read; in
 * every other build __SENTRY_EXPLORER_TEST_HOOKS__ is false and esbuild drops this code, key
 * included (test/unit/testHooks.test.ts checks the production bundle).
 */
import type { AiFeature } from './ai/aiFeature';
import type { SentryAuth } from './auth/sentryAuth';
import type { EditorIntegration } from './editor/editorIntegration';
import type { EventsPanels } from './eventsPanel/eventsPanels';
import type { IssuesView } from './issues/view';
import type { SelectionService } from './selection/selectionService';
import type { IssueStore } from './store/issueStore';
import type { TriageCommands } from './triage/triageCommands';
import type { ReleasesFeature } from './releases/releasesFeature';
import type { ProvenanceStore } from './store/provenance';
import type { TraceCounts } from './store/traceCounts';
import type { DebugEventFeature } from './debugEvent/debugEventFeature';
import type { OpenLinkFeature } from './openLink/openLinkFeature';

/** What a test build publishes for the suites (test/integration/helpers.ts activateExtension()). */
export interface TestHooks {
  /** Time from the bundle's first line (src/loadStart.ts) to the end of activate(), in milliseconds. */
  activationMs: number;
  /** The same time by part (load: the modules' top level; host: the extension host's own work before activate(); then activate()'s log, auth, store, issues, editor, events, triage, ai), for the suites' figures. */
  activationPhases: Record<string, number>;
  /** CPU time of the extension host's process over the same span (user + system), in milliseconds: unlike the wall time, not lengthened by other processes starting at the same moment. */
  activationCpuMs: number;
  /** Sign-in: the session, a client bound to it, and the replaceable UI entry points. */
  auth: SentryAuth;
  /** The Issues view: its model and tree. */
  issues: IssuesView;
  /** The open events panels (sentryExplorer.showIssueEvents). */
  events: EventsPanels;
  /** The editor integration: what is decorated where. */
  editor: EditorIntegration;
  /** The one issue store every view reads. */
  store: IssueStore;
  /** Which organization and projects are shown. */
  selection: SelectionService;
  /** Resolve, archive, assign…: the triage commands and their replaceable UI. */
  triage: TriageCommands;
  /** The language model tools, Explain/Fix with AI and @sentry. */
  ai: AiFeature;
  /** Releases, suspect commits and owners, as every view shares them. */
  provenance: ProvenanceStore;
  /** The counts of latest events' traces the hover reads (store/traceCounts.ts). */
  traceCounts: () => TraceCounts;
  /** Opening commits and the line history: its replaceable UI. */
  releases: ReleasesFeature;
  /** Debug This Event: its sessions (the last one's figures) and replaceable UI. */
  debugEvent: DebugEventFeature;
  /** Open Link, ID or Stack Trace…: its UI, its lookups and its Stack Trace documents. */
  openLink: OpenLinkFeature;
}

/** The global's name: `globalThis[Symbol.for(TEST_HOOKS_KEY)]`. */
export const TEST_HOOKS_KEY = 'sentry-explorer.test-hooks';

/** Call only under `if (__SENTRY_EXPLORER_TEST_HOOKS__)`, so that other builds drop it. */
export function publishTestHooks(hooks: TestHooks): void {
  (globalThis as Record<symbol, unknown>)[Symbol.for(TEST_HOOKS_KEY)] = hooks;
}
