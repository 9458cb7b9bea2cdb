/**
 * The editor's AI APIs, looked up at run time. VS Code finalized `vscode.lm` (selectChatModels,
 * onDidChangeChatModels) and `vscode.chat` (createChatParticipant) in 1.90 and `vscode.lm.registerTool`
 * in 1.95, but editors built on VS Code (Cursor, Windsurf, VSCodium builds) may leave them out or
 * replace them with their own AI: everything built on them asks here first and is left out where
 * a piece is missing, so that the rest of the extension works in any editor the engine admits.
 *
 * Only types are imported: the caller hands in the `vscode` module it has (the test build that runs
 * without these APIs hands in one without them), and the unit tests hand in plain objects.
 */
import type * as vscode from 'vscode';

/** The language model tools API (VS Code 1.95). */
export type ToolsApi = Pick<typeof vscode.lm, 'registerTool'>;
/** The chat models API (VS Code 1.90): which models a chat offers, and when that changes. */
export type ModelsApi = Pick<typeof vscode.lm, 'selectChatModels' | 'onDidChangeChatModels'>;
/** The chat participants API (VS Code 1.90). */
export type ParticipantsApi = Pick<typeof vscode.chat, 'createChatParticipant'>;

export interface AiApis {
  readonly tools?: ToolsApi;
  readonly models?: ModelsApi;
  readonly participants?: ParticipantsApi;
}

/** What of `vscode` is read here: both namespaces may be missing, or lack members, in another editor. */
export interface AiHost {
  readonly lm?: Partial<typeof vscode.lm>;
  readonly chat?: Partial<typeof vscode.chat>;
}

const isFunction = (v: unknown): v is (...args: never[]) => unknown => typeof v === 'function';

/** Each API that is fully there, bound to its namespace (a fork may stub a namespace with a member or two). */
export function aiApis(host: AiHost): AiApis {
  const lm = host.lm;
  const chat = host.chat;
  const tools: ToolsApi | undefined = lm && isFunction(lm.registerTool) ? { registerTool: lm.registerTool.bind(lm) } : undefined;
  const models: ModelsApi | undefined =
    lm && isFunction(lm.selectChatModels) && isFunction(lm.onDidChangeChatModels)
      ? { selectChatModels: lm.selectChatModels.bind(lm), onDidChangeChatModels: lm.onDidChangeChatModels.bind(lm) }
      : undefined;
  const participants: ParticipantsApi | undefined = chat && isFunction(chat.createChatParticipant) ? { createChatParticipant: chat.createChatParticipant.bind(chat) } : undefined;
  return { tools, models, participants };
}

/** The log line that says what this editor lacks, or undefined when it has everything. */
export function missingAiApis(apis: AiApis): string | undefined {
  const missing = [
    apis.tools ? undefined : 'language model tools (vscode.lm.registerTool, VS Code 1.95): the Sentry tools are not offered to AI assistants',
    apis.models ? undefined : 'chat models (vscode.lm.selectChatModels, VS Code 1.90): Explain/Fix with AI offer Copy as Markdown',
    apis.participants ? undefined : 'chat participants (vscode.chat.createChatParticipant, VS Code 1.90): no @sentry in the chat',
  ].filter((m): m is string => m !== undefined);
  return missing.length ? `[ai] this editor has no API for ${missing.join('; ')}. Everything else works as usual.` : undefined;
}
