/**
 * The tools of ./tools as VS Code language model tools: package.json declares them (name,
 * descriptions, inputSchema, when); this registers each definition's handler under its name. Every
 * result is text; only a cancellation throws (VS Code's CancellationError). A tool that changes
 * something returns, from prepareInvocation, the confirmation VS Code shows (in the chat, or as a
 * dialog outside one) before invoke.
 */
import * as vscode from 'vscode';
import { signalFrom } from '../util/signal';
import type { ToolContext } from './core/tools/context';
import { ALL_TOOLS, type ToolKey } from './core/tools/index';
import type { ToolDefinition } from './core/tools/tool';
import { ToolCancelled } from './core/tools/toolErrors';
import { parseInput } from './core/tools/toolInputs';
import { readSettings } from '../settings';
import { readAiToolsEnabled } from '../config';
import type { ToolsApi } from './aiApis';

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

function implementation(tool: ToolDefinition, ctx: ToolContext): vscode.LanguageModelTool<unknown> {
  const progress = tool.progress();
  const confirm = tool.confirm;
  return {
    prepareInvocation: confirm
      ? async (options, token) => {
          const checking = { invocationMessage: confirm.checking() };
          const input = parseInput(tool.input, options.input);
          if (!input.ok || !enabled()) return checking;
          const prepared = await withToken(token, (signal) => confirm.prepare(input.value, ctx, signal));
          if (!prepared.ok) return checking;
          const message = new vscode.MarkdownString(prepared.preview.message);
          message.isTrusted = false;
          message.supportHtml = false;
          return { invocationMessage: progress, confirmationMessages: { title: prepared.preview.title, message } };
        }
      : () => ({ invocationMessage: progress }),
    invoke: async (options, token) => {
      if (!enabled()) return textResult(TOOLS_OFF);
      const input = parseInput(tool.input, options.input);
      if (!input.ok) return textResult(input.text);
      return textResult(await withToken(token, (signal) => tool.handler(input.value, ctx, signal)));
    },
  };
}

/** What the suites read: each tool's implementation, callable without VS Code's chat. */
export type ToolImplementations = Record<ToolKey, vscode.LanguageModelTool<unknown>>;

export function toolImplementations(ctx: ToolContext): ToolImplementations {
  return Object.fromEntries(ALL_TOOLS.map((t) => [t.key, implementation(t, ctx)])) as ToolImplementations;
}

export function registerTools(impls: ToolImplementations, tools: ToolsApi): vscode.Disposable[] {
  return ALL_TOOLS.map((t) => tools.registerTool(t.name, impls[t.key as ToolKey]));
}
