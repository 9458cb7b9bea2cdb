/**
 * What a schema refused, in words: the path of a valibot issue and what was expected there, for the
 * error a bad answer raises, the items a lenient list left out and a tool's refused input. The
 * words are our own, the same as under zod before (valibot's messages are sentences of its own).
 * No `vscode` import.
 */
import * as z from './z';

type PathKey = PropertyKey | { readonly key: unknown };
type Issue = z.BaseIssue<unknown>;

/** Formats an issue path like `[3].stats.24h[0][1]` or `[0]["event.type"]`. */
export function formatPath(path: readonly PathKey[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    const key = keyOf(item);
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z0-9_$-]+$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out;
}

/** The key of one path item (valibot's are objects, `{ key }`). */
export const keyOf = (item: PathKey): unknown => (typeof item === 'object' && item !== null ? item.key : item);

const TYPES: Record<string, string> = { loose_object: 'object', strict_object: 'object', object_with_rest: 'object' };
const OBJECTS = new Set(['object', 'loose_object', 'strict_object', 'object_with_rest']);

/**
 * One issue in words, from its type; a check's own message is kept. `root`, the schema that was
 * parsed, names what a missing field should have been (valibot reports only the missing key).
 */
export function describeIssue(issue: Issue, root?: unknown): string {
  const { type } = issue;
  if (issue.kind === 'schema' && OBJECTS.has(type) && issue.input === undefined && issue.path?.at(-1)?.origin === 'key') {
    const field = schemaAt(root, issue.path);
    const inner = field ? z.safeParse(field, undefined).issues?.[0] : undefined;
    return inner ? describeIssue(inner) : `expected ${String(issue.expected)}`;
  }
  switch (type) {
    case 'union':
    case 'variant':
      return 'matches none of the accepted shapes';
    case 'literal':
      return `expected ${String(issue.expected)}`;
    case 'picklist':
      // valibot writes the choices as `("a" | "b")`.
      return `expected ${String(issue.expected)
        .replace(/^\((.*)\)$/, '$1')
        .replace(/ \| /g, ' or ')}`;
    case 'integer':
    case 'safe_integer':
      return 'expected int';
    case 'min_length':
      return `expected at least ${String(issue.requirement)}${unitOf(issue.input)}`;
    case 'max_length':
      return `expected at most ${String(issue.requirement)}${unitOf(issue.input)}`;
    case 'min_value':
    case 'gt_value':
      return `expected at least ${String(issue.requirement)}`;
    case 'max_value':
    case 'lt_value':
      return `expected at most ${String(issue.requirement)}`;
    default:
      return issue.kind === 'schema' ? `expected ${TYPES[type] ?? type}` : issue.message;
  }
}

const unitOf = (input: unknown): string => (typeof input === 'string' ? ' character(s)' : Array.isArray(input) ? ' item(s)' : '');

/** The schema at `path` inside `schema`, through lazy, optional, nullable and piped schemas; undefined past a union. */
function schemaAt(schema: unknown, path: readonly PathKey[]): z.GenericSchema | undefined {
  let s = unwrap(schema);
  for (const item of path) {
    const key = keyOf(item);
    if (!s) return undefined;
    if (OBJECTS.has(s.type)) s = unwrap(s.entries?.[String(key)]);
    else if (s.type === 'array') s = unwrap(s.item);
    else if (s.type === 'tuple') s = unwrap(s.items?.[Number(key)]);
    else if (s.type === 'record') s = unwrap(s.value);
    else return undefined;
  }
  return s as z.GenericSchema | undefined;
}

type Walked = { type: string; entries?: Record<string, unknown>; item?: unknown; items?: unknown[]; value?: unknown; wrapped?: unknown; getter?: (x: unknown) => unknown };

/** A piped schema carries its first schema's fields, so only lazy and wrapping schemas are opened. */
function unwrap(schema: unknown): Walked | undefined {
  let s = schema as Walked | undefined;
  for (let i = 0; s && i < 100; i++) {
    if (s.type === 'lazy' && s.getter) s = s.getter(undefined) as Walked;
    else if (s.wrapped) s = s.wrapped as Walked;
    else break;
  }
  return s;
}
