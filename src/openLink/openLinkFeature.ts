/**
 * "Open Link, ID or Stack Trace…" (`sentryExplorer.openLinkIdOrStackTrace`): the clipboard's text or
 * what the user types, read by ./core/input.ts, opens a Sentry link, a short ID, an event ID or an
 * issue ID in the events panel (./openTargets.ts), or a pasted stack trace as a read-only Stack
 * Trace document with each frame linked to its workspace file (./traceDocuments.ts). Also the
 * terminal's Sentry links and short IDs (./terminalLinks.ts). The command's argument, when given, is
 * the text (the URI handler's `url=` link, a suite's paste): it only reads, as a link must.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { Commands } from '../constants';
import type { IssueRef } from '../contracts/issueRef';
import type { Selection } from '../selection/resolve';
import type { LocationSource } from '../store/editorLocations';
import type { FrameLocation } from '../store/locationOpener';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';
import { classifyInput, type OpenInput } from './core/input';
import { readTrace } from './core/pastedTrace';
import type { TraceReader } from '../store/traceReader';
import { OpenTargets } from './openTargets';
import { SentryTerminalLinks } from './terminalLinks';
import { TraceDocuments } from './traceDocuments';

export interface OpenLinkDeps {
  readonly auth: { readonly ready: Promise<void>; isSignedIn(): boolean; getClient(): Promise<SentryClient | undefined>; signIn(): Promise<unknown> };
  readonly selection: { readonly current: Selection; readonly ready: Promise<void>; save(selection: Selection): Promise<void> };
  readonly knownRef: (issueId: string) => IssueRef | undefined;
  readonly locations: () => LocationSource;
  readonly openLocation: (location: string, frame?: FrameLocation) => Promise<boolean>;
  /** Where the AI tools read pasted traces (set here). */
  readonly traceReader?: TraceReader;
  readonly log: vscode.LogOutputChannel;
}

/** What the quick pick offers for the clipboard's text. */
function describe(input: OpenInput): string {
  switch (input.kind) {
    case 'link':
      return vscode.l10n.t('the Sentry link on the clipboard (organization "{0}")', plainText(input.link.org, 60));
    case 'shortId':
      return vscode.l10n.t('issue {0} (the clipboard)', input.shortId);
    case 'eventId':
      return vscode.l10n.t('event {0} (the clipboard)', input.eventId);
    case 'issueId':
      return vscode.l10n.t('issue #{0} (the clipboard)', input.issueId);
    case 'trace':
      return vscode.l10n.t('the {0} stack trace on the clipboard ({1} frames)', input.trace.runtime, input.trace.frames.length);
    default:
      return '';
  }
}

export class OpenLinkFeature extends Disposable {
  /** Every prompt and message (the suites replace its parts). */
  readonly ui = new UiHolder();
  readonly targets: OpenTargets;
  readonly documents: TraceDocuments;
  readonly terminalLinks: SentryTerminalLinks;

  constructor(private readonly deps: OpenLinkDeps) {
    super();
    this.targets = new OpenTargets({ auth: deps.auth, selection: deps.selection, knownRef: deps.knownRef, ui: this.ui, log: deps.log });
    this.documents = this._register(
      new TraceDocuments({ getClient: () => deps.auth.getClient(), selection: () => deps.selection.current, locations: deps.locations, openLocation: deps.openLocation, ui: this.ui, log: deps.log }),
    );
    this.terminalLinks = this._register(
      new SentryTerminalLinks({ getClient: () => deps.auth.getClient(), org: () => deps.selection.current.org, open: (req) => this.targets.open(req), log: deps.log }),
    );
    this._register(vscode.commands.registerCommand(Commands.openLinkIdOrStackTrace, (arg?: unknown) => this.run(arg)));
    if (deps.traceReader) this._register(deps.traceReader.set(readTrace));
  }

  /** The command: the text given, else the clipboard's (when it holds something to open) or what the user types. */
  async run(arg?: unknown): Promise<boolean> {
    const servers = await this.knownServers();
    const text = typeof arg === 'string' ? arg : await this.ask(servers);
    if (text === undefined) return false;
    return this.openInput(text, classifyInput(text, servers));
  }

  private async knownServers(): Promise<string[]> {
    const client = this.deps.auth.isSignedIn() ? await this.deps.auth.getClient() : undefined;
    return client ? [client.baseUrl] : [];
  }

  private async ask(servers: readonly string[]): Promise<string | undefined> {
    const ui = this.ui.ui;
    const title = vscode.l10n.t('Open Link, ID or Stack Trace');
    let clip = '';
    try {
      clip = await vscode.env.clipboard.readText();
    } catch {
      // no clipboard in this host: typed only
    }
    const fromClip = clip.trim() ? classifyInput(clip, servers) : undefined;
    if (fromClip && fromClip.kind !== 'none') {
      const items = [
        { label: `$(clippy) ${vscode.l10n.t('Open {0}', describe(fromClip))}`, use: 'clip' as const },
        { label: `$(edit) ${vscode.l10n.t('Type a link or an ID…')}`, use: 'type' as const },
      ];
      const pick = await ui.showQuickPick(items, { title, placeHolder: vscode.l10n.t('Open what the clipboard holds, or type a Sentry link, a short ID or an event ID') });
      if (!pick) return undefined;
      if (pick.use === 'clip') return clip;
    }
    const typed = await ui.showInputBox({
      title,
      prompt: vscode.l10n.t('A Sentry link, a short ID (like PROJ-123), an event ID (32 hex characters) or an issue ID. To open a stack trace, copy it and run this command again.'),
      validateInput: (v) => {
        if (!v.trim()) return undefined;
        const r = classifyInput(v, servers);
        return r.kind === 'none' ? r.message : undefined;
      },
    });
    return typed?.trim() ? typed : undefined;
  }

  private async openInput(text: string, input: OpenInput): Promise<boolean> {
    switch (input.kind) {
      case 'none':
        void this.ui.ui.showInformationMessage(input.message, {});
        return false;
      case 'trace':
        await this.documents.show(text, input.trace);
        return true;
      case 'link':
        return this.targets.open({ kind: 'link', link: input.link });
      default:
        return this.targets.open(input);
    }
  }
}
