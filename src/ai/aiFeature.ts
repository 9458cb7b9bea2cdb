/**
 * Sentry for the editor's AI: the language model tools, the hand-off commands and the
 * `@sentry` chat participant, over one ToolContext (what the tools of ./tools share), and whether a
 * chat can take an issue at all. Meets the other features only through the store, the shared slots
 * (cursor issues, editor locations, whether a chat is there) and the triage run it is handed.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { IssueRef } from '../contracts/issueRef';
import type { EditorLocations } from '../store/editorLocations';
import type { AiChat } from '../store/aiChat';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import { ChatAvailability } from './chatAvailability';
import { ToolContext } from './core/tools/context';
import { ALL_TOOLS } from './core/tools/index';
import type { UpdateAction } from './core/tools/toolInputs';
import { HandOff } from './handOff';
import { registerTools, toolImplementations, type ToolImplementations } from './lmTools';
import { SentryParticipant } from './participant';
import type { ProvenanceStore } from '../store/provenance';
import type { TraceCounts } from '../store/traceCounts';
import type { ReadTrace } from '../store/traceReader';
import { aiApis, missingAiApis, type AiApis } from './aiApis';

export interface AiDeps {
  getClient: () => Promise<SentryClient | undefined>;
  isSignedIn: () => boolean;
  store: IssueStore;
  selection: () => { org?: string; projects: readonly string[] };
  locations: EditorLocations;
  cursorIssues: () => readonly IssueRef[];
  /** One triage action on one issue through the triage code. */
  update: (ref: IssueRef, action: UpdateAction) => Promise<{ ok: true } | { ok: false; error: unknown }>;
  me: () => string | undefined;
  log: vscode.LogOutputChannel;
  /** Where the hovers and the events panel learn whether a chat can take an issue (set here), when given. */
  aiChat?: AiChat;
  /** Releases, suspect commits and owners, as the panel and hover share them. */
  provenance?: ProvenanceStore;
  /** Where the trace reads of an issue's latest event leave their counts for the hover (made on first use). */
  traceCounts?: () => TraceCounts;
  /** The editor's AI APIs; by default what the `vscode` module has (aiApis.ts). */
  apis?: AiApis;
  /** Pasted stack traces, read by Open Link's parsers (store/traceReader.ts): the location tool takes one. */
  readTrace?: ReadTrace;
}

export class AiFeature extends Disposable {
  readonly tools: ToolContext;
  /** Each tool's implementation as registered, for the suites. */
  readonly implementations: ToolImplementations;
  readonly handOff: HandOff;
  readonly participant: SentryParticipant;
  /** Whether a chat can take an issue: the tree's menus, the hovers and the events panel follow it. */
  readonly chat: ChatAvailability;
  /** What this editor offers of the AI APIs: each part below is registered only where its API is there. */
  readonly apis: AiApis;
  /** What was registered with the editor's AI: the tools' names, and whether @sentry was. */
  readonly registered: { tools: readonly string[]; participant: boolean };

  constructor(deps: AiDeps) {
    super();
    const apis = (this.apis = deps.apis ?? aiApis(vscode));
    const missing = missingAiApis(apis);
    if (missing) deps.log.info(missing);
    this.tools = new ToolContext({
      getClient: deps.getClient,
      store: deps.store,
      selection: deps.selection,
      locations: () => deps.locations.get(),
      update: deps.update,
      me: deps.me,
      now: () => Date.now(),
      provenance: deps.provenance,
      traceCounts: deps.traceCounts,
      readTrace: deps.readTrace,
    });
    this.implementations = toolImplementations(this.tools);
    const tools = apis.tools ? registerTools(this.implementations, apis.tools) : [];
    for (const d of tools) this._register(d);
    // Explain/Fix with AI stay everywhere: without a chat they offer Copy as Markdown.
    this.handOff = new HandOff({ tools: this.tools, store: deps.store, cursorIssues: deps.cursorIssues, isSignedIn: deps.isSignedIn, models: apis.models });
    for (const d of this.handOff.register()) this._register(d);
    this.participant = new SentryParticipant({ tools: this.tools, store: deps.store, cursorIssues: deps.cursorIssues });
    if (apis.participants) this._register(this.participant.register(apis.participants));
    this.registered = { tools: apis.tools ? ALL_TOOLS.map((t) => t.name) : [], participant: apis.participants !== undefined };
    this.chat = this._register(new ChatAvailability(deps.log, apis.models));
    if (deps.aiChat) this._register(deps.aiChat.set(this.chat));
  }
}
