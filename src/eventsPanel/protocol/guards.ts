/**
 * The checks every reader of the other side's data starts from: a plain object, a string, and how
 * much free text one field may carry. Shared by the protocol's readers (filters.ts, messages.ts,
 * parsePageMessage.ts), which treat what crosses the boundary as untrusted.
 */

export const isObj = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
export const isStr = (v: unknown): v is string => typeof v === 'string';
/** The longest free text (a query, a header field) a message or a saved state may carry. */
export const MAX_TEXT = 10_000;
