/**
 * What one language model tool is: its name, its input (checked with a valibot schema here) and its handler. What
 * VS Code and a model read of it, the description and the input's JSON schema, is written once, in
 * package.json's `contributes.languageModelTools` (a copy here was shipped twice, read by nothing at
 * run time). Each tool is one file of this folder built with defineTool; ./index lists them, and a
 * unit test proves every tool file is listed, named as in package.json, and that package.json's
 * input schema accepts and refuses what the valibot input does. No `vscode` import.
 */
import type * as z from '../../../model/z';
import type { ToolContext } from './context';

/** What VS Code's confirmation shows before a change: a title, and Markdown (server text escaped). */
export interface UpdatePreview {
  title: string;
  message: string;
}

export type Prepared = { ok: true; preview: UpdatePreview } | { ok: false; text: string };

// The handlers are methods, not function-typed properties: a list of tools with different inputs
// then types as ToolDefinition[] (each handler only ever gets what its own `input` parsed).
export interface ToolDefinition<I = unknown, K extends string = string> {
  /** How the code and the suites refer to the tool; also its file's name. */
  key: K;
  /** package.json `name`: how VS Code and a model call it. */
  name: string;
  /** package.json `toolReferenceName`: `#name` in a chat prompt. */
  referenceName: string;
  /** The input as the tool checks it: a model writes it, so it is checked whatever VS Code checked against package.json's `inputSchema`. */
  input: z.Schema<I>;
  /** The line VS Code shows while the tool runs (a function: the translations load at activation). */
  progress(): string;
  /** Text for the model; failures too come back as text, and only a cancellation throws (ToolCancelled). */
  handler(input: I, ctx: ToolContext, signal?: AbortSignal): Promise<string>;
  /** A tool that changes something: what the user confirms before `handler` runs. */
  confirm?: {
    prepare(input: I, ctx: ToolContext, signal?: AbortSignal): Promise<Prepared>;
    /** The progress line when there is nothing to confirm (bad input, or the preparation failed). */
    checking(): string;
  };
}

const defined = new WeakSet<object>();

export function defineTool<I, K extends string>(tool: ToolDefinition<I, K>): ToolDefinition<I, K> {
  defined.add(tool);
  return tool;
}

/** Whether a value is a tool built by defineTool (the manifest test finds the tool files by it). */
export function isToolDefinition(value: unknown): value is ToolDefinition {
  return typeof value === 'object' && value !== null && defined.has(value);
}
