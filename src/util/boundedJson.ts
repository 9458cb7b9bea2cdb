/**
 * Server JSON is hostile in shape as well as in text: V8's JSON.parse accepts 20,000 levels of
 * nesting, but everything recursive downstream (JSON.stringify, the schemas, a tree's tooltip, a webview
 * message) overflows the stack on it, and a long string or array makes rendering cost what the
 * server chose. These helpers bound depth and length. No `vscode` import.
 */

/** Deeper than any real Sentry payload (an event's frame vars sit at about 20 levels). */
export const DEFAULT_MAX_DEPTH = 32;
/** What replaces a container nested deeper than the bound. */
export const TOO_DEEP = '[nested too deeply]';
const CIRCULAR = '[circular]';
const UNSERIALISABLE = '[unserialisable]';
/** A caller's depth is capped here so recursion itself stays far from the stack limit. */
const DEPTH_LIMIT = 512;

function depthBound(maxDepth: number): number {
  return Number.isFinite(maxDepth) ? Math.min(Math.max(0, Math.floor(maxDepth)), DEPTH_LIMIT) : DEFAULT_MAX_DEPTH;
}

/**
 * `value` with every object or array nested deeper than `maxDepth` (the root container is level 1)
 * replaced by `placeholder`. Returns `value` itself when nothing is that deep, so well-formed
 * payloads are not copied. Recursion never goes deeper than `maxDepth`.
 */
export function pruneDepth<T>(value: T, maxDepth = DEFAULT_MAX_DEPTH, placeholder: string = TOO_DEEP): T {
  return prune(value, 1, depthBound(maxDepth), placeholder) as T;
}

function prune(value: unknown, level: number, max: number, placeholder: string): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (level > max) return placeholder;
  if (Array.isArray(value)) {
    let out: unknown[] | undefined;
    for (let i = 0; i < value.length; i++) {
      const v = prune(value[i], level + 1, max, placeholder);
      if (v !== value[i]) out ??= value.slice();
      if (out) out[i] = v;
    }
    return out ?? value;
  }
  const source = value as Record<string, unknown>;
  let out: Record<string, unknown> | undefined;
  for (const key of Object.keys(source)) {
    const v = prune(source[key], level + 1, max, placeholder);
    if (v !== source[key] && !out) {
      out = {};
      // defineProperty keeps a "__proto__" key as data instead of setting the prototype.
      for (const k of Object.keys(source)) Object.defineProperty(out, k, { value: source[k], enumerable: true, writable: true, configurable: true });
    }
    if (out) Object.defineProperty(out, key, { value: v, enumerable: true, writable: true, configurable: true });
  }
  return out ?? value;
}

/**
 * JSON text of `value`, at most `maxChars` long (cut with `…`), containers deeper than `maxDepth`
 * shown as a placeholder, cycles as `"[circular]"`. Never throws (BigInt, throwing getters or
 * toJSON, proxies), and its work is bounded by `maxChars`, not by the size of `value`.
 * Like JSON.stringify otherwise, including `indent`.
 */
export function boundedStringify(value: unknown, maxChars: number, maxDepth = DEFAULT_MAX_DEPTH, indent = 0): string {
  const limit = Number.isFinite(maxChars) ? Math.max(0, Math.floor(maxChars)) : 0;
  const w = new Writer(limit, Math.min(Math.max(0, Math.floor(indent) || 0), 10), depthBound(maxDepth));
  try {
    w.value(value, 1, new Set());
  } catch {
    if (!w.full) return cut(UNSERIALISABLE, limit);
  }
  return w.result();
}

function cut(s: string, limit: number): string {
  if (s.length <= limit) return s;
  return limit > 0 ? `${s.slice(0, limit - 1)}…` : '';
}

/** Stops the walk once the output is over the limit. */
class Full extends Error {}

class Writer {
  private readonly parts: string[] = [];
  private length = 0;
  full = false;

  constructor(
    private readonly limit: number,
    private readonly indent: number,
    private readonly maxDepth: number,
  ) {}

  result(): string {
    return cut(this.parts.join(''), this.limit);
  }

  private put(s: string): void {
    this.parts.push(s);
    this.length += s.length;
    if (this.length > this.limit) {
      this.full = true;
      throw new Full();
    }
  }

  private string(s: string): void {
    // Only what can still be shown is escaped: a 16 MB string costs what the limit allows.
    this.put(JSON.stringify(s.length > this.limit ? s.slice(0, this.limit + 1) : s));
  }

  private newline(level: number): string {
    return this.indent ? `\n${' '.repeat(this.indent * level)}` : '';
  }

  /** Returns false when `value` has no JSON form (undefined, a function, a symbol). */
  value(value: unknown, level: number, ancestors: Set<object>): boolean {
    let v = value;
    if (v !== null && (typeof v === 'object' || typeof v === 'bigint') && typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      try {
        v = (v as { toJSON: () => unknown }).toJSON();
      } catch {
        v = UNSERIALISABLE;
      }
    }
    switch (typeof v) {
      case 'string':
        this.string(v);
        return true;
      case 'number':
        this.put(Number.isFinite(v) ? String(v) : 'null');
        return true;
      case 'boolean':
        this.put(String(v));
        return true;
      case 'bigint':
        this.string(String(v));
        return true;
      case 'undefined':
      case 'function':
      case 'symbol':
        return false;
    }
    if (v === null) {
      this.put('null');
      return true;
    }
    const obj = v as object;
    if (ancestors.has(obj)) {
      this.string(CIRCULAR);
      return true;
    }
    if (level > this.maxDepth) {
      this.string(TOO_DEEP);
      return true;
    }
    ancestors.add(obj);
    try {
      if (Array.isArray(obj)) this.array(obj, level, ancestors);
      else this.object(obj as Record<string, unknown>, level, ancestors);
    } finally {
      ancestors.delete(obj);
    }
    return true;
  }

  private array(items: unknown[], level: number, ancestors: Set<object>): void {
    const n = items.length;
    if (n === 0) return this.put('[]');
    this.put('[');
    for (let i = 0; i < n; i++) {
      this.put((i ? ',' : '') + this.newline(level));
      let item: unknown;
      try {
        item = items[i];
      } catch {
        item = UNSERIALISABLE;
      }
      if (!this.value(item, level + 1, ancestors)) this.put('null');
    }
    this.put(`${this.newline(level - 1)}]`);
  }

  private object(obj: Record<string, unknown>, level: number, ancestors: Set<object>): void {
    let first = true;
    for (const key of Object.keys(obj)) {
      let item: unknown;
      try {
        item = obj[key];
      } catch {
        item = UNSERIALISABLE;
      }
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue;
      this.put((first ? '{' : ',') + this.newline(level));
      first = false;
      this.string(key);
      this.put(this.indent ? ': ' : ':');
      this.value(item, level + 1, ancestors);
    }
    this.put(first ? '{}' : `${this.newline(level - 1)}}`);
  }
}
