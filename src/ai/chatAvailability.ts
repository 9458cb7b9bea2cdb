/**
 * Whether a chat can take an issue (Explain with AI, Fix with AI), decided from what VS Code 1.99
 * tells an extension, the same two facts the hand-off checks when it runs (handOff.ts):
 *
 * - the command `workbench.action.chat.open` exists (vscode.commands.getCommands). VS Code 1.99's
 *   workbench registers it whatever is installed (with no chat extension it opens the chat's
 *   set-up), so it alone proves nothing; where it is missing, no chat can be opened at all;
 * - `vscode.lm.selectChatModels()` returns a model. Its documentation says the list "can be
 *   empty": it has models only while a chat extension (GitHub Copilot Chat) is installed, enabled
 *   and signed in, and `vscode.lm.onDidChangeChatModels` fires when the set changes.
 *
 * Decided after activation returns, and again when the models or the installed extensions change.
 * The answer goes to the context key the tree's menus read, and to the AiChat slot the hovers and
 * the events panel read. Where no chat is, the palette's commands stay and offer Copy as Markdown.
 */
import * as vscode from 'vscode';
import type { ModelsApi } from './aiApis';
import { ContextKeys } from '../constants';
import type { AiChatSource } from '../store/aiChat';
import { Disposable } from '../util/disposable';

export const CHAT_OPEN = 'workbench.action.chat.open';

/** The two facts, asked now; never where the editor has no chat models API (aiApis.ts). */
export async function chatCanAnswer(models: ModelsApi | undefined): Promise<boolean> {
  if (!models) return false;
  return (await vscode.commands.getCommands(true)).includes(CHAT_OPEN) && (await models.selectChatModels()).length > 0;
}

export class ChatAvailability extends Disposable implements AiChatSource {
  private value = false;
  private decided = false;
  /** Each decision's number: an older one that answers late is not taken. */
  private runs = 0;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  /** The facts; replaceable by the suites (their VS Code has no chat). */
  probe: () => Promise<boolean>;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    models: ModelsApi | undefined,
  ) {
    super();
    this.probe = () => chatCanAnswer(models);
    if (models) this._register(models.onDidChangeChatModels(() => void this.refresh()));
    this._register(vscode.extensions.onDidChange(() => void this.refresh()));
    this._registerTimer(() => void this.refresh(), 0);
  }

  available(): boolean {
    return this.value;
  }

  /** Decides again; resolves with the answer taken. */
  async refresh(): Promise<boolean> {
    const run = ++this.runs;
    const next = await this.probe().then(
      (v) => v === true,
      () => false,
    );
    if (run !== this.runs || this.isDisposed) return this.value;
    const first = !this.decided;
    this.decided = true;
    // The context key starts unset, which `when` clauses read as false: nothing to set while no chat is there.
    if (next === this.value) {
      if (first) this.log.info('[ai] no chat can take issues here: Explain/Fix with AI stay in the palette only, offering Copy as Markdown');
      return next;
    }
    this.value = next;
    void vscode.commands.executeCommand('setContext', ContextKeys.aiChatAvailable, next);
    this.log.info(`[ai] a chat can ${next ? '' : 'no longer '}take issues: Explain/Fix with AI ${next ? 'shown' : 'hidden'} in the tree, hovers and events panels`);
    this.changed.fire();
    return next;
  }
}
