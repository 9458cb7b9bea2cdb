/**
 * Secrets in JSON values (maskDeep): a copy with every value under a secret-named key masked and every
 * string passed through maskText, its work bounded by a character budget; maskedJson is its JSON text.
 * Used for raw event JSON, variables, contexts and extra data, where a secret may sit at any depth.
 * No `vscode` import.
 */
import { MASK } from './types';
import { TOO_DEEP } from '../../util/boundedJson';
import { isSecretName, maskScheme } from './secretNames';
import { TRIGGER, maskBounded } from './maskText';

/** Nesting kept by default: deeper than the contexts, extra data and variables of real events. */
export const MASK_DEPTH = 16;
/** What stands where the work bound of maskDeep was reached. */
export const CUT_MARK = '[cut]';

/**
 * A copy of a JSON value with every value under a secret-named key (or the second item of a
 * `[secretName, value]` pair, as headers and query strings come, or the `value` of a `{key|name,
 * value}` object whose name is a secret's) replaced by MASK (a string keeps
 * its auth scheme; null stays null: nothing to hide; cookies as an object or as pairs keep their
 * names, every value masked), and every string and key passed through maskText. Only what changes
 * is copied: a value with nothing to mask comes back as it is. Containers deeper than `maxDepth` become TOO_DEEP. The work is bounded by `maxChars`:
 * every value costs one plus its text's length, and what is past the bound becomes CUT_MARK
 * (`cut`), so a caller that shows at most `maxChars` of its JSON loses nothing it would have shown.
 */
export function maskDeep(value: unknown, maxDepth = MASK_DEPTH, maxChars = 1_000_000, keep?: SecretKeeper): { value: unknown; count: number; cut: boolean } {
  const w = new DeepMasker(Math.max(1, Math.floor(maxDepth) || MASK_DEPTH), Math.max(0, maxChars), keep);
  const out = w.walk(value, 1);
  return { value: out, count: w.count, cut: w.cut };
}

/**
 * JSON text of `value` masked as maskDeep does, at most `maxChars` long (cut with `…`, as
 * boundedStringify cuts). maskDeep's copy holds only JSON values, nested at most `maxDepth` deep, and
 * its size is bounded by `maxChars`, so the native JSON.stringify is safe on it (and much faster than
 * a bounded writer on the original).
 */
export function maskedJson(value: unknown, maxChars: number, maxDepth = MASK_DEPTH, indent = 0): { text: string; count: number; cut: boolean } {
  const limit = Math.max(1, Math.floor(maxChars));
  const deep = maskDeep(value, maxDepth, limit + 1);
  const text = JSON.stringify(deep.value, null, indent) ?? 'null';
  if (text.length <= limit) return { text, count: deep.count, cut: deep.cut };
  return { text: `${text.slice(0, limit - 1)}…`, count: deep.count, cut: true };
}

const COOKIE = /cookie/i;

/**
 * Told of each whole value maskDeep replaced because of its name: the copy that now holds the shown
 * form, the key (or index) it sits under there, and the original. Keyed by where it was found, so a
 * Reveal can ask for that one value and nothing else.
 */
export type SecretKeeper = (container: object, key: string | number, original: unknown) => void;

/**
 * The name of an object's `value`: Sentry's tag objects (`{key, value}`, with `query` and more
 * fields at times) name it by `key`; `{name, value}` pairs (HAR headers and query strings,
 * Kubernetes env lists, form fields) by `name`. `key` wins when both are there: a tag's top value
 * (`{key, name, value}`) has `name` as its label, not as what names the value.
 */
function pairName(v: Record<string, unknown>): string | undefined {
  if (!Object.prototype.hasOwnProperty.call(v, 'value')) return undefined;
  if (typeof v.key === 'string') return v.key;
  return typeof v.name === 'string' ? v.name : undefined;
}

/** Sets a key of a copy; defineProperty (slow) only for "__proto__", so it stays data, never a prototype. */
function defineKey(o: Record<string, unknown>, k: string, v: unknown): void {
  if (k === '__proto__') Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
  else o[k] = v;
}

class DeepMasker {
  count = 0;
  cut = false;

  constructor(
    private readonly maxDepth: number,
    private left: number,
    private readonly keep?: SecretKeeper,
  ) {}

  text(s: string): string {
    if (s.length <= this.left && !TRIGGER.test(s)) {
      this.left -= s.length;
      return s;
    }
    const m = maskBounded(s, Math.max(0, this.left));
    if (m.cut) this.cut = true;
    this.count += m.count;
    this.left -= m.text.length;
    return m.text;
  }

  secret(v: unknown, name: string): unknown {
    if (v === null || v === undefined) return v;
    // Cookies as an object or as pairs: their names are not secret, every value is.
    if (typeof v === 'object' && COOKIE.test(name)) return this.cookies(v);
    this.count++;
    this.left -= MASK.length;
    return typeof v === 'string' ? maskScheme(v) : MASK;
  }

  private kept(container: object, key: string | number, original: unknown): void {
    if (this.keep && original !== null && original !== undefined) this.keep(container, key, original);
  }

  private cookies(v: object): unknown {
    const pairs = Array.isArray(v);
    const out: unknown[] | Record<string, unknown> = pairs ? [] : {};
    for (const [k, x] of Object.entries(v)) {
      if (this.left <= 0) {
        this.cut = true;
        break;
      }
      if (!pairs) {
        const name = this.text(k);
        defineKey(out as Record<string, unknown>, name, this.secret(x, ''));
        this.kept(out, name, x);
      } else if (Array.isArray(x) && typeof x[0] === 'string') {
        const pair = [this.text(x[0]), this.secret(x[1], '')];
        this.kept(pair, 1, x[1]);
        (out as unknown[]).push(pair);
      } else {
        this.kept(out, (out as unknown[]).length, x);
        (out as unknown[]).push(this.secret(x, ''));
      }
    }
    return out;
  }

  walk(v: unknown, level: number): unknown {
    if (this.left <= 0) {
      this.cut = true;
      return CUT_MARK;
    }
    this.left--;
    switch (typeof v) {
      case 'string':
        return this.text(v);
      case 'number':
        return Number.isFinite(v) ? v : null;
      case 'boolean':
        return v;
      case 'bigint':
        return String(v);
      case 'undefined':
      case 'function':
      case 'symbol':
        return undefined;
    }
    if (v === null) return null;
    if (level > this.maxDepth) {
      this.cut = true;
      return TOO_DEEP;
    }
    // Copied only from the first change on: a value with nothing to mask is returned as it is.
    if (Array.isArray(v)) {
      if (v.length === 2 && typeof v[0] === 'string' && isSecretName(v[0])) {
        const pair = [this.text(v[0]), this.secret(v[1], v[0])];
        this.kept(pair, 1, v[1]);
        return pair;
      }
      let out: unknown[] | undefined;
      for (let i = 0; i < v.length; i++) {
        if (this.left <= 0) {
          this.cut = true;
          out ??= v.slice(0, i);
          out.push(CUT_MARK);
          break;
        }
        const item = this.walk(v[i], level + 1);
        const kept = item === undefined ? null : item;
        if (!out && kept !== v[i]) out = v.slice(0, i);
        if (out) out.push(kept);
      }
      return out ?? v;
    }
    const source = v as Record<string, unknown>;
    const keys = Object.keys(source);
    const pair = pairName(source);
    const tagName = pair !== undefined && isSecretName(pair) ? pair : undefined;
    let out: Record<string, unknown> | undefined;
    const copy = (upTo: number) => {
      const o: Record<string, unknown> = {};
      for (let j = 0; j < upTo; j++) defineKey(o, keys[j], source[keys[j]]);
      return o;
    };
    for (let i = 0; i < keys.length; i++) {
      const key = keys[i];
      if (this.left <= 0) {
        this.cut = true;
        out ??= copy(i);
        defineKey(out, CUT_MARK, CUT_MARK);
        break;
      }
      const name = this.text(key);
      const value = source[key];
      // A tag's `query` repeats its value (`key:value`): masked with it.
      const secretName = isSecretName(key) ? key : tagName !== undefined && (key === 'value' || key === 'query') ? tagName : undefined;
      const item = secretName !== undefined ? this.secret(value, secretName) : this.walk(value, level + 1);
      if (!out && (item !== value || name !== key)) out = copy(i);
      if (out && item !== undefined) defineKey(out, name, item);
      // Whole values masked by name, and strings with secrets inside: a Reveal, or a reader that parses
      // the string again (a query string, a JSON body) and masks it by the same rules, finds them here.
      if (out && typeof item === 'string' && item !== value && (secretName !== undefined || typeof value === 'string')) this.kept(out, name, value);
    }
    return out ?? source;
  }
}
