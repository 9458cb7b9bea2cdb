/**
 * The tolerant readers of untyped JSON from a server, one toolkit for every reader of src/model (a
 * lint rule keeps them, and valibot, inside src/model). Each name says what it accepts: the toolkits
 * this replaces each had an `int` and a `str`, and they meant different things (any finite number or
 * a whole one; a string or a number as text, trimmed and cut or not). No `vscode` import.
 */

export type Obj = Record<string, unknown>;

/** The default bound of a text read without one: a field, a title, a step of a Seer run. */
export const TEXT_MAX = 4000;
/** The default bound of a list read without one. */
export const ITEMS_MAX = 50;

export const isRecord = (v: unknown): v is Obj => typeof v === 'object' && v !== null && !Array.isArray(v);

/** An object (not an array, not null), or undefined. */
export function record(v: unknown): Obj | undefined {
  return isRecord(v) ? v : undefined;
}

/** The first `max` items of an array; [] for anything else. */
export function list(v: unknown, max: number = ITEMS_MAX): unknown[] {
  return Array.isArray(v) ? v.slice(0, max) : [];
}

/** `data.values` of an entry when it is a list (exception, breadcrumbs and threads entries). */
export const valuesOf = (data: unknown): unknown[] => (isRecord(data) && Array.isArray(data.values) ? (data.values as unknown[]) : []);

/** A string, or a finite number as text (ids and thread ids come as either), as sent; else undefined. */
export function idText(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}

/** A string trimmed and cut to `max` characters (an ellipsis marks the cut); undefined for anything else or blank. */
export function trimmedText(v: unknown, max: number = TEXT_MAX): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (!t) return undefined;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

/** The strings of a list, each trimmed and cut to `max`; blanks and non-strings left out. */
export function trimmedTexts(v: unknown, max: number): string[] {
  return list(v)
    .map((s) => trimmedText(s, max))
    .filter((s): s is string => s !== undefined);
}

/** Any finite number (a line, a column, a timestamp as sent). */
export const finite = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

/** A whole number from 0 (an index, a count, an id of a step). */
export function count(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

/** A line number: a whole number from 1. */
export const lineNumber = (v: unknown): number | undefined => (typeof v === 'number' && Number.isSafeInteger(v) && v > 0 ? v : undefined);

export const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);

/** Sets `o[k]` when `v` is a value (an optional field stays absent rather than undefined). */
export function put<T, K extends keyof T>(o: T, k: K, v: T[K] | undefined): void {
  if (v !== undefined) o[k] = v;
}
