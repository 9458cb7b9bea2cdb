/**
 * The five tools as VS Code language model tools (issue 14): package.json declares them (name,
 * descriptions, inputSchema, when); this registers their implementations. Every result is text;
 * only a cancellation throws (VS Code's CancellationError). The update tool's prepareInvocation
 * returns the confirmation VS Code shows (in the chat, or as a dialog outside one) before invoke.
 */
import * as vscode from 'vscode';
import { signalFrom } from '../util/signal';
import type { AiTools } from './tools/aiTools';
import { ToolCancelled } from './tools/toolErrors';
import { ToolNames } from './tools/toolNames';
import { DetailsInput, LocationInput, parseInput, SearchInput, TagInput, UpdateInput } from './tools/toolInputs';
import type * as z from '../util/z';
import { readSettings } from '../settings';
import { readAiToolsEnabled } from '../config';

/** The setting that offers the tools (package.json's `when` clauses read it too; a direct invokeTool does not). */
const enabled = () => readSettings(readAiToolsEnabled);
export const TOOLS_OFF = "The user turned off Sentry Explorer's tools for AI assistants (setting sentryExplorer.ai.tools). Do not call them; tell the user if they ask about Sentry.";

const textResult = (text: string) => new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(text)]);

/** Runs a core call with the token as an AbortSignal; a cancellation becomes VS Code's. */
async function withToken<R>(token: vscode.CancellationToken, work: (signal: AbortSignal) => Promise<R>): Promise<R> {
  const { signal, dispose } = signalFrom(token);
  try {
    return await work(signal);
  } catch (e) {
    if (e instanceof ToolCancelled || token.isCancellationRequested) throw new vscode.CancellationError();
    throw e;
  } finally {
    dispose();
  }
}

function tool<T>(schema: z.Schema<T>, progress: string, run: (input: T, signal: AbortSignal) => Promise<string>): vscode.LanguageModelTool<unknown> {
  return {
    prepareInvocation: () => ({ invocationMessage: progress }),
    invoke: async (options, token) => {
      if (!enabled()) return textResult(TOOLS_OFF);
      const input = parseInput(schema, options.input);
      if (!input.ok) return textResult(input.text);
      return textResult(await withToken(token, (signal) => run(input.value, signal)));
    },
  };
}

/** What the suites read: each tool's implementation, callable without VS Code's chat. */
export type ToolImplementations = Record<keyof typeof ToolNames, vscode.LanguageModelTool<unknown>>;

export function toolImplementations(tools: AiTools): ToolImplementations {
  return {
    searchIssues: tool(SearchInput, vscode.l10n.t('Searching Sentry issues…'), (i, s) => tools.search(i, s)),
    issueDetails: tool(DetailsInput, vscode.l10n.t('Reading the Sentry issue and its event…'), (i, s) => tools.details(i, s)),
    tagDistribution: tool(TagInput, vscode.l10n.t('Reading the tag values of the Sentry issue…'), (i, s) => tools.tags(i, s)),
    issuesAtLocation: tool(LocationInput, vscode.l10n.t('Finding the Sentry issues marked in the file…'), (i, s) => tools.atLocation(i, s)),
    updateIssue: {
      prepareInvocation: async (options, token) => {
        const input = parseInput(UpdateInput, options.input);
        if (!input.ok || !enabled()) return { invocationMessage: vscode.l10n.t('Checking the Sentry issue update…') };
        const prepared = await withToken(token, (signal) => tools.prepareUpdate(input.value, signal));
        if (!prepared.ok) return { invocationMessage: vscode.l10n.t('Checking the Sentry issue update…') };
        const message = new vscode.MarkdownString(prepared.preview.message);
        message.isTrusted = false;
        message.supportHtml = false;
        return { invocationMessage: vscode.l10n.t('Updating the Sentry issue…'), confirmationMessages: { title: prepared.preview.title, message } };
      },
      invoke: async (options, token) => {
        if (!enabled()) return textResult(TOOLS_OFF);
        const input = parseInput(UpdateInput, options.input);
        if (!input.ok) return textResult(input.text);
        return textResult(await withToken(token, (signal) => tools.update(input.value, signal)));
      },
    },
  };
}

export function registerTools(impls: ToolImplementations): vscode.Disposable[] {
  return (Object.keys(ToolNames) as (keyof typeof ToolNames)[]).map((k) => vscode.lm.registerTool(ToolNames[k], impls[k]));
}
