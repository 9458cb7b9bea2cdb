/**
 * What the server's `_meta` says of an event's values, written into the values themselves, so that
 * every surface shows a value Sentry scrubbed as "[Filtered]" and a value it trimmed as trimmed,
 * never as empty or as if whole. Sentry's event serializer (src/sentry/api/serializers/models/
 * event.py) sends `_meta` beside the event, shaped as the event is (`entries` by index, `context`,
 * `contexts`, `user`, `sdk`, `tags`, `message`); each node's `""` holds Relay's annotations
 * (relay-event-schema's Meta: `rem` the rules that removed or changed the value, each
 * `[rule, type, …]` with type `x` removed, `s` substituted, `m` masked…; `len` the original length).
 * Only what the annotations concern is copied; the rest is the answer as it came. No `vscode` import.
 */
import { isRecord } from '../read';

/** Sentry's own word for a value its data scrubbing removed (the SDKs' and the web UI's). */
export const FILTERED = '[Filtered]';
/** Nodes of `_meta` read at most: a real event's meta has a handful. */
const MAX_META_NODES = 10_000;
const MAX_META_DEPTH = 32;

type Rec = Record<string, unknown>;

/** The value as the annotations describe it, or `value` when they change nothing shown. */
function annotated(value: unknown, note: Rec): unknown {
  const rem = Array.isArray(note.rem) ? note.rem.filter(Array.isArray) : [];
  if ((value === null || value === undefined || value === '') && rem.length) return FILTERED;
  const len = note.len;
  if (typeof value === 'string' && typeof len === 'number' && Number.isFinite(len) && len > value.length) return `${value} [trimmed from ${Math.floor(len)} characters]`;
  return value;
}

/** `event` with its `_meta` annotations shown in its values (a copy along the changed paths only). */
export function applyServerMeta<T>(event: T): T {
  if (!isRecord(event) || !isRecord(event._meta)) return event;
  let left = MAX_META_NODES;
  const walk = (value: unknown, meta: unknown, depth: number): unknown => {
    if (!isRecord(meta) || depth > MAX_META_DEPTH || left-- <= 0) return value;
    const out = isRecord(meta['']) ? annotated(value, meta['']) : value;
    if (!isRecord(out) && !Array.isArray(out)) return out;
    if (Array.isArray(out)) {
      let list: unknown[] | undefined;
      for (const k of Object.keys(meta)) {
        const i = Number(k);
        if (k === '' || !Number.isInteger(i) || i < 0 || i >= out.length) continue;
        const child = walk(out[i], meta[k], depth + 1);
        if (child !== out[i]) (list ??= [...out])[i] = child;
      }
      return list ?? out;
    }
    let rec: Rec | undefined;
    for (const k of Object.keys(meta)) {
      if (k === '' || k === '__proto__') continue;
      // A key the server removed whole is shown with the marker, as the web UI shows it.
      const was = Object.prototype.hasOwnProperty.call(out, k) ? out[k] : undefined;
      const child = walk(was, meta[k], depth + 1);
      if (child !== was) (rec ??= { ...out })[k] = child;
    }
    return rec ?? out;
  };
  const { _meta: meta, ...rest } = event;
  const out = walk(rest, meta, 0) as Rec;
  return (out === rest ? event : { ...out, _meta: meta }) as T;
}
