/** Small defensive readers for unknown JSON, bounded. No `vscode` import. */
import { LIMITS } from './runView';

export type Obj = Record<string, unknown>;

export function obj(v: unknown): Obj | undefined {
  return v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : undefined;
}

export function arr(v: unknown, max: number = LIMITS.items): unknown[] {
  return Array.isArray(v) ? v.slice(0, max) : [];
}

/** A string cut to `max` characters (an ellipsis marks the cut); undefined for anything else or blank. */
export function str(v: unknown, max: number = LIMITS.text): string | undefined {
  if (typeof v !== 'string') return undefined;
  const t = v.trim();
  if (!t) return undefined;
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : undefined;
}

export function strs(v: unknown, max: number = LIMITS.short): string[] {
  return arr(v)
    .map((s) => str(s, max))
    .filter((s): s is string => s !== undefined);
}
