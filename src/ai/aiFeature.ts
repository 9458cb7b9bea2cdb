/**
 * Sentry for the editor's AI: the language model tools, the hand-off commands and the
 * `@sentry` chat participant, over one ToolContext (what the tools of ./tools share), and whether a
 * chat can take an issue at all. Meets the other features only through the store, the shared slots
 * (cursor issues, editor locations, whether a chat is there) and the triage run it is handed.
 */
import type * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { IssueRef } from '../contracts/issueRef';
import type { EditorLocations } from '../store/editorLocations';
import type { AiChat } from '../store/aiChat';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import { ChatAvailability } from './chatAvailability';
import { ToolContext } from './tools/context';
import type { UpdateAction } from './tools/toolInputs';
import { HandOff } from './handOff';
import { registerTools, toolImplementations, type ToolImplementations } from './lmTools';
import { SentryParticipant } from './participant';
import type { ProvenanceStore } from '../store/provenance';

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
}

export class AiFeature extends Disposable {
  readonly tools: ToolContext;
  /** Each tool's implementation as registered, for the suites. */
  readonly implementations: ToolImplementations;
  readonly handOff: HandOff;
  readonly participant: SentryParticipant;
  /** Whether a chat can take an issue: the tree's menus, the hovers and the events panel follow it. */
  readonly chat: ChatAvailability;

  constructor(deps: AiDeps) {
    super();
    this.tools = new ToolContext({
      getClient: deps.getClient,
      store: deps.store,
      selection: deps.selection,
      locations: () => deps.locations.get(),
      update: deps.update,
      me: deps.me,
      now: () => Date.now(),
      provenance: deps.provenance,
    });
    this.implementations = toolImplementations(this.tools);
    for (const d of registerTools(this.implementations)) this._register(d);
    this.handOff = new HandOff({ tools: this.tools, store: deps.store, cursorIssues: deps.cursorIssues, isSignedIn: deps.isSignedIn });
    for (const d of this.handOff.register()) this._register(d);
    this.participant = new SentryParticipant({ tools: this.tools, store: deps.store, cursorIssues: deps.cursorIssues });
    this._register(this.participant.register());
    this.chat = this._register(new ChatAvailability(deps.log));
    if (deps.aiChat) this._register(deps.aiChat.set(this.chat));
  }
}
