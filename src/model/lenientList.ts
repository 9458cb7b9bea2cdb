/**
 * Lists whose items are read one by one: an item that does not match its schema is left out and
 * counted, so one odd issue (a field of an unexpected type from a proxy, a server version, a bug)
 * costs that issue, not the page. A list of which no item can be read is still a bad response, as
 * is a body that is not a list: then the whole answer is not what the client understands.
 * parseCollecting() runs a schema and gathers what its lenient lists left out. No `vscode` import.
 */
import * as z from './z';
import { describeIssue, keyOf } from './schemaIssue';

/** The items of one answer that were left out: how many, and a few of them as `path: problem`. */
export interface DroppedItems {
  readonly count: number;
  readonly examples: readonly string[];
}

/** Examples kept per answer: enough to find the field in a log without flooding it. */
const MAX_EXAMPLES = 3;

interface Collector {
  count: number;
  examples: string[];
}

// Parsing is synchronous: the one collector of the parse under way.
let active: Collector | undefined;

/** The issue's path as `[3].title`, `topValues[2].count` (keys of hostile servers quoted and cut). */
function where(label: string, path: readonly PropertyKey[]): string {
  return label + path.map((k) => (typeof k === 'number' ? `[${k}]` : /^[A-Za-z0-9_$-]{1,64}$/.test(String(k)) ? `.${String(k)}` : `[${JSON.stringify(String(k).slice(0, 64))}]`)).join('');
}

/**
 * An array whose items are parsed by `item` one at a time: the ones that fail are dropped and
 * reported to parseCollecting(); when every item of a non-empty array fails, the array fails with
 * the first item's problem. `label` names the list inside its answer (`topValues`), for the reports.
 * The list carries `item` as an array schema does, so describeIssue() finds a missing field's schema.
 */
export function lenientList<S extends z.Schema>(item: S, label = '') {
  const list = z.pipe(
    z.array(z.unknown()),
    z.rawTransform(({ dataset, addIssue, NEVER }): Array<z.InferOutput<S>> => {
      const items = dataset.value;
      const kept: Array<z.InferOutput<S>> = [];
      let first: { index: number; issue: z.BaseIssue<unknown> } | undefined;
      const examples: string[] = [];
      items.forEach((raw, index) => {
        const parsed = z.safeParse(item, raw);
        if (parsed.success) {
          kept.push(parsed.output as z.InferOutput<S>);
          return;
        }
        const issue = parsed.issues[0];
        first ??= { index, issue };
        if (examples.length < MAX_EXAMPLES) examples.push(`${where(label, [index, ...(issue.path ?? []).map((p) => keyOf(p) as PropertyKey)])}: ${describeIssue(issue, item)}`);
      });
      if (first && kept.length === 0) {
        // The first item's own issue, moved under its index (addIssue would make it the list's).
        addIssue();
        const { index, issue } = first;
        const at: z.ArrayPathItem = { type: 'array', origin: 'value', input: items, key: index, value: items[index] };
        (dataset as unknown as { issues: z.BaseIssue<unknown>[] }).issues.splice(-1, 1, { ...issue, path: [at, ...(issue.path ?? [])] } as z.BaseIssue<unknown>);
        return NEVER;
      }
      const dropped = items.length - kept.length;
      if (dropped > 0 && active) {
        active.count += dropped;
        active.examples.push(...examples.slice(0, MAX_EXAMPLES - active.examples.length));
      }
      return kept;
    }),
  );
  return Object.assign(list, { item });
}

/** `z.safeParse(schema, json)`, and what the lenient lists inside it left out (undefined: nothing). */
export function parseCollecting<T>(schema: z.Schema<T>, json: unknown): { parsed: z.SafeParseResult<z.Schema<T>>; dropped?: DroppedItems } {
  const outer = active;
  const mine: Collector = { count: 0, examples: [] };
  active = mine;
  try {
    const parsed = z.safeParse(schema, json);
    return parsed.success && mine.count > 0 ? { parsed, dropped: { count: mine.count, examples: mine.examples } } : { parsed };
  } finally {
    active = outer;
  }
}

/**
 * Keeps the first `n` items of the list under `field` of an object answer, before it is parsed: a
 * server may send more than the page asked for, or far more than is shown.
 */
export function firstItemsOf(field: string, n: number): (json: unknown) => unknown {
  return (json) => {
    if (typeof json !== 'object' || json === null || Array.isArray(json)) return json;
    const items = (json as Record<string, unknown>)[field];
    return Array.isArray(items) && items.length > n ? { ...json, [field]: items.slice(0, n) } : json;
  };
}
