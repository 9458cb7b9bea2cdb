/**
 * A token estimate for texts handed to the editor's language model by our tools: one token per
 * four characters, rounded up. Real tokenizers vary by model (about 3–4 characters a token for
 * English and code, fewer for escaped Markdown), so the budget is a soft size, not an exact count;
 * the rule is cheap, deterministic and the same everywhere. No `vscode` import.
 */

/** The default size of one tool result, in estimated tokens. */
export const DEFAULT_BUDGET_TOKENS = 4000;
/** Characters per estimated token. */
export const CHARS_PER_TOKEN = 4;

/** ceil(characters / 4). */
export function estimateTokens(text: string): number {
  return Math.ceil(text.length / CHARS_PER_TOKEN);
}
