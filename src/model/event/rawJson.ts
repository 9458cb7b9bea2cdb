/**
 * The raw event, masked, as JSON text for "Copy event JSON" and "Open raw JSON". The same
 * rules as the parsed detail (src/model/event/parse.ts): values under secret names masked wherever
 * they are (request headers, query, body, env, breadcrumb data, frame variables, contexts, extra,
 * user data), an auth scheme kept (`Bearer [masked]`), every cookie value masked with its name kept,
 * and the secrets inside every string masked in place. Nothing of it can be revealed. No `vscode`
 * import.
 */
import { DEFAULT_MAX_DEPTH } from '../../util/boundedJson';
import { maskedJson } from './maskJson';

/** Bounds the text an editor tab or the clipboard receives; a real event is far smaller. */
export const MAX_RAW_JSON = 5_000_000;

/**
 * The masked event pretty-printed with 2 spaces, at most `maxChars` long. `cut`: something was left
 * out (then the text ends with `…` and is not whole JSON). Throws a TypeError when `raw` is not an
 * object.
 */
export function maskedEventJson(raw: unknown, maxChars = MAX_RAW_JSON): { json: string; count: number; cut: boolean } {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) throw new TypeError('event: not an object');
  // Frame variables sit about 20 levels deep in a raw event: the shared bound for server JSON.
  const m = maskedJson(raw, maxChars, DEFAULT_MAX_DEPTH, 2);
  return { json: m.text, count: m.count, cut: m.cut };
}
