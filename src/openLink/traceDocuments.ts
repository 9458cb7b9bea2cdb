/**
 * Read-only "Stack Trace" documents (scheme `sentry-explorer-trace`): the pasted trace under a
 * three-line header, each frame a link to its workspace file and line, found by the one frame
 * resolver the marks use (the editor's, through src/store/editorLocations.ts) and opened through the
 * location opener (src/store/locationOpener.ts), which asks which file when several match. A frame
 * that names no workspace file gets no link. The header offers the organization's issues whose latest
 * stack matches the trace, found by one events-table query (./core/issueMatch.ts).
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { Commands } from '../constants';
import { isSignedOut } from '../contracts/errors';
import { commandArgs, refOfIssue } from '../contracts/issueRef';
import type { FrameFiles, LocationSource } from '../store/editorLocations';
import type { FrameLocation } from '../store/locationOpener';
import { Disposable } from '../util/disposable';
import type { UiHolder } from '../util/ui';
import { matchIssues, matchRequest } from './core/issueMatch';
import type { ParsedTrace } from './core/stackTrace/detect';
import { frameLocation } from './core/pastedTrace';
import { HEADER_LINES, traceHeader, type IssueSpan, type MatchState } from './core/traceDocument';

export const TRACE_SCHEME = 'sentry-explorer-trace';
/** Documents kept: older ones are dropped (their text is the user's paste, held in memory only). */
const MAX_DOCUMENTS = 20;

interface TraceDoc {
  readonly text: string;
  readonly trace: ParsedTrace;
  state: MatchState;
  spans: IssueSpan[];
}

export interface TraceDocumentDeps {
  readonly getClient: () => Promise<SentryClient | undefined>;
  readonly selection: () => { readonly org?: string; readonly projects: readonly string[] };
  readonly locations: () => LocationSource;
  readonly openLocation: (location: string, frame?: FrameLocation) => Promise<boolean>;
  /** Every message (pasted text in it is made safe on its way). */
  readonly ui: UiHolder;
  readonly log: vscode.LogOutputChannel;
}

function commandTarget(command: string, args: unknown): vscode.Uri {
  return vscode.Uri.parse(`command:${command}?${encodeURIComponent(JSON.stringify(args))}`, true);
}

export class TraceDocuments extends Disposable implements vscode.TextDocumentContentProvider, vscode.DocumentLinkProvider {
  private readonly docs = new Map<string, TraceDoc>();
  private next = 1;
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;
  /** Events-table requests made to find issues (for the figures). */
  matchRequests = 0;

  constructor(private readonly deps: TraceDocumentDeps) {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(TRACE_SCHEME, this));
    this._register(vscode.languages.registerDocumentLinkProvider({ scheme: TRACE_SCHEME }, this));
    this._register(vscode.commands.registerCommand(Commands.openStackFrame, (arg?: unknown) => this.openFrame(arg)));
  }

  /** Opens a trace in a new read-only document, and starts looking for its issues. */
  async show(text: string, trace: ParsedTrace): Promise<vscode.TextEditor> {
    const id = String(this.next++);
    const org = this.deps.selection().org;
    const doc: TraceDoc = {
      text,
      trace,
      state: org ? { kind: 'searching', org } : { kind: 'unavailable', reason: vscode.l10n.t('Choose a Sentry project to look for the issues whose latest stack matches.') },
      spans: [],
    };
    this.docs.set(id, doc);
    while (this.docs.size > MAX_DOCUMENTS) this.docs.delete(this.docs.keys().next().value!);
    const uri = vscode.Uri.from({ scheme: TRACE_SCHEME, path: `/${vscode.l10n.t('Stack Trace')} ${id}.txt`, query: id });
    const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(uri), { preview: false });
    if (org) void this.findIssues(uri, doc, org);
    return editor;
  }

  /** The document of a URI this provider made (for the suites). */
  traceOf(uri: vscode.Uri): ParsedTrace | undefined {
    return this.docs.get(uri.query)?.trace;
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const doc = this.docs.get(uri.query);
    if (!doc) return vscode.l10n.t('This stack trace is no longer kept. Run "Open Link, ID or Stack Trace…" again.');
    const { lines, spans } = traceHeader(doc.trace, doc.state);
    doc.spans = spans;
    return `${lines.join('\n')}\n${doc.text}`;
  }

  async provideDocumentLinks(document: vscode.TextDocument, token: vscode.CancellationToken): Promise<vscode.DocumentLink[]> {
    const doc = this.docs.get(document.uri.query);
    if (!doc) return [];
    const links: vscode.DocumentLink[] = doc.spans.map((s) => {
      const ref = refOfIssue(doc.state.kind === 'found' ? doc.state.org : '', { id: s.match.issueId, project: { slug: s.match.project } });
      const link = new vscode.DocumentLink(new vscode.Range(1, s.start, 1, s.end), ref ? commandTarget(Commands.showIssueEvents, [...commandArgs(ref), { markSeen: false }]) : undefined);
      link.tooltip = vscode.l10n.t('Show the events of {0}', s.match.shortId);
      return link;
    });
    const source = this.deps.locations();
    const frames = doc.trace.frames;
    // Each distinct frame is resolved once (a recursion repeats the same frame many times).
    const resolved = new Map<string, Promise<FrameFiles>>();
    for (let k = 0; k < frames.length && !token.isCancellationRequested; k++) {
      const f = frames[k];
      if (!f.filename) continue;
      const key = JSON.stringify(frameLocation(f));
      let res = resolved.get(key);
      if (!res) resolved.set(key, (res = source.frameFiles(frameLocation(f))));
      const found = await res;
      if (found.kind === 'none') continue;
      const link = new vscode.DocumentLink(
        new vscode.Range(f.textLine + HEADER_LINES, f.start, f.textLine + HEADER_LINES, f.end),
        commandTarget(Commands.openStackFrame, [{ doc: document.uri.query, frame: k }]),
      );
      link.tooltip = found.kind === 'file' ? vscode.l10n.t('Open {0}{1}', found.file, f.lineNo ? `:${f.lineNo}` : '') : vscode.l10n.t('{0} workspace files match: choose one', found.candidates.length);
      links.push(link);
    }
    return links;
  }

  /** `sentryExplorer.openStackFrame`: `{ doc, frame }` of a document of ours (a link's argument). */
  private async openFrame(arg: unknown): Promise<boolean> {
    const a = (typeof arg === 'object' && arg !== null ? arg : {}) as { doc?: unknown; frame?: unknown };
    const doc = typeof a.doc === 'string' ? this.docs.get(a.doc) : undefined;
    const frame = doc && typeof a.frame === 'number' && Number.isInteger(a.frame) ? doc.trace.frames[a.frame] : undefined;
    if (!frame) return false;
    const opened = await this.deps.openLocation('', frameLocation(frame));
    if (!opened) void this.deps.ui.ui.showInformationMessage(vscode.l10n.t('No workspace file matches {0}.', frame.filename ?? ''), {});
    return opened;
  }

  /** One events-table query; the header says what it found. */
  private async findIssues(uri: vscode.Uri, doc: TraceDoc, org: string): Promise<void> {
    const request = matchRequest(doc.trace.innermostFirst, this.deps.selection().projects);
    const settle = (state: MatchState) => {
      doc.state = state;
      this.changed.fire(uri);
    };
    if (!request) return settle({ kind: 'unavailable', reason: vscode.l10n.t('The trace names no file the issue search can look for.') });
    try {
      const client = await this.deps.getClient();
      if (!client) return settle({ kind: 'unavailable', reason: vscode.l10n.t('Sign in to Sentry to look for the issues whose latest stack matches.') });
      this.matchRequests++;
      const page = await client.listEventsTable(org, request);
      const matches = matchIssues(doc.trace.innermostFirst, page.items);
      settle(matches.length ? { kind: 'found', org, matches } : { kind: 'none', org });
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      this.deps.log.warn(`[openLink] could not look for the issues of a pasted trace: ${message}`);
      settle({
        kind: 'unavailable',
        reason: isSignedOut(err)
          ? vscode.l10n.t('Sign in to Sentry to look for the issues whose latest stack matches.')
          : vscode.l10n.t('Could not look for matching issues: {0}', message.slice(0, 200)),
      });
    }
  }
}
