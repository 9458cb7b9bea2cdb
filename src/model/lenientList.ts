/**
 * Lists whose items are read one by one: an item that does not match its schema is left out and
 * counted, so one odd issue (a field of an unexpected type from a proxy, a server version, a bug)
 * costs that issue, not the page. A list of which no item can be read is still a bad response, as
 * is a body that is not a list: then the whole answer is not what the client understands.
 * parseCollecting() runs a schema and gathers what its lenient lists left out. No `vscode` import.
 */
import * as z from './z';

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

function problem(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') return `expected ${String(issue.expected)}`;
  if (issue.code === 'invalid_union') return 'matches none of the accepted shapes';
  return issue.code;
}

/**
 * An array whose items are parsed by `item` one at a time: the ones that fail are dropped and
 * reported to parseCollecting(); when every item of a non-empty array fails, the array fails with
 * the first item's problem. `label` names the list inside its answer (`topValues`), for the reports.
 */
export function lenientList<S extends z.Schema>(item: S, label = '') {
  return z.pipe(
    z.array(z.unknown()),
    z.transform((items: unknown[], ctx): Array<z.output<S>> => {
      const kept: Array<z.output<S>> = [];
      let first: { index: number; issue: z.core.$ZodIssue } | undefined;
      const examples: string[] = [];
      items.forEach((raw, index) => {
        const parsed = item.safeParse(raw);
        if (parsed.success) {
          kept.push(parsed.data as z.output<S>);
          return;
        }
        const issue = parsed.error.issues[0];
        first ??= { index, issue };
        if (examples.length < MAX_EXAMPLES) examples.push(`${where(label, [index, ...issue.path])}: ${problem(issue)}`);
      });
      if (first && kept.length === 0) {
        ctx.issues.push({ ...first.issue, path: [first.index, ...first.issue.path], input: items[first.index] } as z.core.$ZodRawIssue);
        return [];
      }
      const dropped = items.length - kept.length;
      if (dropped > 0 && active) {
        active.count += dropped;
        active.examples.push(...examples.slice(0, MAX_EXAMPLES - active.examples.length));
      }
      return kept;
    }),
  );
}

/** `schema.safeParse(json)`, and what the lenient lists inside it left out (undefined: nothing). */
export function parseCollecting<T>(schema: z.Schema<T>, json: unknown): { parsed: ReturnType<z.Schema<T>['safeParse']>; dropped?: DroppedItems } {
  const outer = active;
  const mine: Collector = { count: 0, examples: [] };
  active = mine;
  try {
    const parsed = schema.safeParse(json);
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
