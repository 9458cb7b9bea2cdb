import * as l10n from '@vscode/l10n';
import * as vscode from 'vscode';
import { AiFeature } from './ai/aiFeature';
import { registerAuthCommands } from './auth/authCommands';
import { SentryAuth } from './auth/sentryAuth';
import { Commands, StorageKeys } from './constants';
import { registerEventsPanel } from './eventsPanel/showEventsCommand';
import { IssuesView } from './issues/view';
import { registerIssueLinks } from './links/issueLinkRoute';
import { OpenLinkFeature } from './openLink/openLinkFeature';
import { EditorIntegration } from './editor/editorIntegration';
import { SelectionService } from './selection/selectionService';
import { AiChat } from './store/aiChat';
import { CursorIssues } from './store/cursorIssues';
import { EditorLocations } from './store/editorLocations';
import { ListedIssues } from './store/listedIssues';
import { LocationOpener } from './store/locationOpener';
import { TriageRunner } from './store/triageRunner';
import { TraceReader } from './store/traceReader';
import { IssueSource, MapEndpointMemory } from './store/issueSource';
import { IssueStore } from './store/issueStore';
import { publishTestHooks } from './testHooks';
import { IssueWriter } from './triage/core/issueWriter';
import { TriageCommands } from './triage/triageCommands';
import { CommitOpener } from './store/commitOpener';
import { LineHistorySource } from './store/lineHistorySource';
import { ProvenanceStore } from './store/provenance';
import { TraceCounts } from './store/traceCounts';
import { ReleasesFeature } from './releases/releasesFeature';
import { host } from './util/host';
import { loadEnd, loadStart } from './loadStart';
import { LoadedEvents } from './store/loadedEvents';
import { DebugEventFeature } from './debugEvent/debugEventFeature';

/**
 * Activates Sentry Explorer: builds the shared services (sign-in's session and client, the store,
 * the selection, the log, the slots in src/store) and hands the same ones to every feature. Returns
 * nothing: exports are readable by every other extension, and the internals hold the session's
 * tokens (the suites read them through src/testHooks.ts, in a test build only).
 */
export function activate(context: vscode.ExtensionContext): void {
  // Timed from the bundle's first line (src/loadStart.ts): `load` is every module's top level, `host`
  // what the extension host did between require() and this call.
  const started = performance.now();
  // The web worker host has no process: its activation logs no CPU time.
  const cpuAtStart = host().cpuAtLoad;
  const loadedAt = loadEnd ?? started;
  const activationPhases: Record<string, number> = { load: loadedAt - loadStart, host: started - loadedAt };
  let mark = started;
  const phase = (name: string) => {
    const now = performance.now();
    activationPhases[name] = now - mark;
    mark = now;
  };
  // Pure modules translate through @vscode/l10n (they cannot import vscode): give it VS Code's bundle.
  if (vscode.l10n.bundle) l10n.config({ contents: vscode.l10n.bundle });
  const log = vscode.window.createOutputChannel('Sentry Explorer', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand(Commands.showLog, () => log.show()),
  );
  // Which bundle runs says what works (README, "Where it runs"): the browser's has no Node.
  log.info(host().kind === 'webWorker' ? "running in the browser's web worker extension host (dist/web/extension.js)" : 'running in the Node extension host (dist/extension.js)');
  phase('log');
  const auth = new SentryAuth(context, log);
  context.subscriptions.push(auth, ...registerAuthCommands(auth));
  phase('auth');
  // One store and one selection for every view; what a previous session loaded never shows in the next.
  const endpoints = new MapEndpointMemory(context.globalState.get(StorageKeys.issueEndpoints, {}), (all) => void context.globalState.update(StorageKeys.issueEndpoints, all));
  const store = new IssueStore(() => auth.getClient(), Date.now, { source: new IssueSource(endpoints, (m) => log.info(m)) });
  // Sign-in is a service every feature is handed (the session, its client, Sign In), not a feature
  // they call into. Beyond the shared services, the slots (src/store/slot.ts) are the only way features
  // reach one another: the feature that sets one and those that read it get the same one.
  const cursorIssues = new CursorIssues(); // the cursor line's issues: editor -> triage, links, AI
  const locations = new EditorLocations(); // a file's marks, a frame's workspace file: editor -> AI
  const locationOpener = new LocationOpener(); // open a server location: editor -> events panel
  const listedIssues = new ListedIssues(); // what the Issues view lists and has selected: -> editor, links
  const triageRunner = new TriageRunner(); // one triage write on one issue: triage -> AI (never a command)
  const aiChat = new AiChat(); // whether a chat can take an issue: AI -> editor, events panel
  const traceReader = new TraceReader(); // read a pasted stack trace: open link -> AI
  const provenance = new ProvenanceStore(() => auth.getClient()); // releases, suspect commits, owners: events panel, editor, AI
  const commitOpener = new CommitOpener(); // open a commit Sentry named: releases -> events panel, editor
  const lineHistory = new LineHistorySource(); // a marked line against a release's commit in git: releases -> editor
  let counts: TraceCounts | undefined; // a latest event's trace, as read: events panel, AI -> the editor's hover; made on first use
  const traceCounts = () => (counts ??= new TraceCounts());
  const loadedEvents = new LoadedEvents(); // the whole events a panel holds: events panel -> debugger
  phase('store');
  const selection = new SelectionService(auth);
  context.subscriptions.push(
    store,
    selection,
    auth.onDidChangeSession(() => store.clear()),
    auth.onDidChangeSession(() => (provenance.clear(), counts?.clear())),
  );
  phase('selection');
  const issues = new IssuesView(context, { auth, store, selection, log, listedIssues });
  context.subscriptions.push(issues);
  phase('issues');
  const editor = new EditorIntegration(context, {
    getClient: () => auth.getClient(),
    store,
    listed: listedIssues.listed,
    onDidChangeListed: listedIssues.onDidChange,
    scope: listedIssues.scope,
    selection,
    cursorIssues,
    locations,
    locationOpener,
    aiChat,
    hoverProvenance: { provenance, lineHistory: lineHistory.lookup, traceCounts },
    log,
  });
  context.subscriptions.push(editor);
  phase('editor');
  const events = registerEventsPanel(context, {
    getClient: () => auth.getClient(),
    store,
    selection,
    log,
    signIn: () => auth.signIn(),
    onDidChangeSession: auth.onDidChangeSession,
    identity: () => auth.identity,
    openLocation: locationOpener.open,
    codeMappings: (org) => locations.get().codeMappings(org),
    mapFrame: (frame) => locations.get().mapFrame(frame),
    aiChat,
    provenance,
    openCommit: commitOpener.open,
    traceCounts,
    loadedEvents,
  });
  phase('events');
  const releases = new ReleasesFeature({ commitOpener, lineHistory, log });
  context.subscriptions.push(releases);
  const triage = new TriageCommands({
    store,
    writer: new IssueWriter(store, () => auth.getClient()),
    getClient: () => auth.getClient(),
    log,
    me: () => {
      // A session's account id is `user:<id>` when the server named the user (an integration or
      // org token acts for nobody: nobody to assign to).
      const account = auth.session?.account;
      const user = account && /^user:(.+)$/.exec(account.id);
      return user ? { id: user[1], name: account.label } : undefined;
    },
    signedIn: () => auth.session !== undefined,
    signIn: (scopes) => auth.signIn({ scopes }),
    cursorIssues: cursorIssues.current,
    triageRunner,
    lookupScope: () => {
      const { org, projects } = selection.current;
      return org && projects[0] ? { org, project: projects[0] } : undefined;
    },
  });
  context.subscriptions.push(triage);
  context.subscriptions.push(...registerIssueLinks({ auth, store, selectedIssue: listedIssues.selected, selection, cursorIssues, log })); // vscode://…/issue links, Copy VS Code Link
  phase('triage');
  // Open Link, ID or Stack Trace…: frames resolve and open through the editor's slots.
  const openLink = new OpenLinkFeature({
    auth,
    selection,
    knownRef: (issueId) => store.ref(issueId),
    locations: () => locations.get(),
    openLocation: locationOpener.open,
    traceReader,
    log,
  });
  context.subscriptions.push(openLink);
  phase('openLink');
  const ai = new AiFeature({
    getClient: () => auth.getClient(),
    isSignedIn: () => auth.isSignedIn(),
    store,
    selection: () => selection.current,
    locations,
    cursorIssues: cursorIssues.current,
    update: triageRunner.run,
    me: () => auth.session?.account.label,
    log,
    aiChat,
    provenance,
    traceCounts,
    readTrace: traceReader.read,
  });
  context.subscriptions.push(ai);
  phase('ai');
  const debugEvent = new DebugEventFeature({
    getClient: () => auth.getClient(),
    identity: () => auth.identity,
    onDidChangeSession: auth.onDidChangeSession,
    store,
    scope: () => ({ org: selection.current.org, project: selection.current.projects[0] }),
    locations,
    loadedEvents,
    log,
  });
  context.subscriptions.push(debugEvent);
  phase('debug');
  const activationMs = performance.now() - loadStart;
  const cpu = host().cpuUsage?.();
  const activationCpuMs = cpu && cpuAtStart ? (cpu.user - cpuAtStart.user + cpu.system - cpuAtStart.system) / 1000 : NaN;
  const parts = Object.entries(activationPhases).map(([name, ms]) => `${name} ${ms.toFixed(1)}`);
  const cpuText = Number.isNaN(activationCpuMs) ? 'no CPU time in this host' : `${activationCpuMs.toFixed(1)} ms of CPU`;
  log.info(`activated in ${activationMs.toFixed(1)} ms from the bundle's first line, ${cpuText} (${parts.join(', ')})`);
  if (__SENTRY_EXPLORER_TEST_HOOKS__)
    publishTestHooks({ activationMs, activationPhases, activationCpuMs, auth, issues, events, editor, store, selection, triage, ai, provenance, releases, traceCounts, debugEvent, openLink });
}

export function deactivate() {}
