/**
 * What every part of the event is read with: the bounds, tolerant readers of one field (a string, a
 * number, a flag, an object's own fields), and EventReader, which turns one value into what the page
 * may see (bounded, masked, or kept on the host as a revealable secret) and counts what it cut and
 * masked. The parts of the event (parseStack.ts, parseRequest.ts, parse.ts) read through one
 * EventReader, so one event has one `trimmed` flag, one masked count and one secrets table.
 * No `vscode` import.
 */
import { MASK, type DetailPair, type DetailValue } from './types';
import { boundedStringify } from '../../util/boundedJson';
import { Cutter } from '../../util/cutter';
import { idText, isRecord } from '../read';
import { isSecretName, maskScheme } from './secretNames';
import { dropUnfinished, maskBounded, type Masked } from './maskText';
import { maskUrl } from './maskUrl';
import { maskedJson } from './maskJson';
import type { SecretVault } from './maskAnswer';

// Bounds. Real events stay well inside them (Sentry itself keeps 8,192 characters of a message, 200
// of a tag value, 250 frames of a stack trace and 100 breadcrumbs by default); what a hostile or odd
// server sends beyond is cut and the detail marked `trimmed`.
/** Exceptions of a chain: the last raised ones are kept. */
export const MAX_EXCEPTIONS = 20;
/** Frames of one stack: the newest ones are kept. */
export const MAX_FRAMES = 500;
/** Threads, when there is no exception (a native crash): the first ones are kept. */
export const MAX_THREADS = 64;
/** Breadcrumbs: the last ones (those right before the event) are kept. */
export const MAX_BREADCRUMBS = 1000;
/** Rows of one table: a frame's variables, headers, query, body fields, a context, extra data. */
export const MAX_PAIRS = 200;
/** Entries of the event (a real one has five or six). */
export const MAX_ENTRIES = 100;
/** Contexts (browser, os, runtime, device, app, trace… a real event has under ten). */
export const MAX_CONTEXTS = 50;
export const MAX_TAGS = 100;
/** Parameters of a message entry. */
export const MAX_PARAMS = 50;
/** Entries of a type this view does not know. */
export const MAX_OTHER_ENTRIES = 20;
/** Messages, titles, exception values, breadcrumb messages, body text: Sentry's own message bound. */
export const MAX_TEXT = 8192;
/** A table value, a URL, a location. */
export const MAX_VALUE = 2000;
/** Names: keys, functions, modules, file names, categories. */
export const MAX_NAME = 1000;
/** Ids, dates, levels, types, platforms: short by nature. */
export const MAX_ID = 200;
/** Sentry keeps tag values to 200 characters; longer ones are cut well above that. */
export const MAX_TAG_TEXT = 1000;
/** Context lines of a frame, centred on its line. */
export const MAX_CONTEXT_LINES = 15;
/** One line of source code (minified bundles have lines of megabytes). */
export const MAX_CODE = 1000;
/** Nesting of a value shown as JSON text (variables, contexts, extra data). */
export const MAX_DEPTH = 16;
/** The JSON text of an entry of a type this view does not know. */
export const MAX_OTHER_JSON = 20_000;
/** A secret's own text in the host's table (a real secret is far shorter). */
export const MAX_SECRET = 65_536;
/** A request body string longer than this is not parsed as JSON or as a form, only shown as text. */
export const MAX_BODY_PARSE = 1_000_000;

type Rec = Record<string, unknown>;

/** The own fields of an object, at most `max` of them, without listing all of a huge one. */
export function fields(o: Rec, max: number, c: Cutter): [string, unknown][] {
  const out: [string, unknown][] = [];
  for (const k in o) {
    if (!Object.prototype.hasOwnProperty.call(o, k)) continue;
    if (out.length === max) {
      c.cut = true;
      break;
    }
    out.push([k, o[k]]);
  }
  return out;
}

export interface PairOptions {
  /**
   * How one value is shown; the default masks by name (revealable) and masks its text. `original`:
   * what the answer's masking replaced there, if anything (for a Reveal).
   */
  value?: (key: string, v: unknown, original: unknown) => DetailValue;
  /** Prefix of every key (`geo.`, `data.`). */
  prefix?: string;
}

export class EventReader {
  readonly c = new Cutter();
  masked = 0;
  readonly secrets: string[] = [];
  private readonly secretIndex = new Map<string, number>();

  /** `vault`: the originals of what the answer's masking replaced (an answer read unmasked has none). */
  constructor(private readonly vault?: SecretVault) {}

  /** What the answer's masking replaced at `container[key]`, if anything. */
  original(container: unknown, key: string | number): unknown {
    return this.vault && typeof container === 'object' && container !== null ? this.vault.original(container, key) : undefined;
  }

  /** Free text from the server, masked and bounded; undefined when it is not text. */
  text(v: unknown, max: number): string | undefined {
    const s = idText(v);
    return s === undefined ? undefined : this.mask(maskBounded(s, max));
  }

  /** A URL, its secret query values and password masked, bounded. */
  url(v: unknown, max = MAX_VALUE): string | undefined {
    const s = idText(v);
    if (s === undefined) return undefined;
    const masked = this.mask(maskUrl(this.c.text(s, max)));
    return s.length > max ? dropUnfinished(masked) : masked;
  }

  /** An id, a date, a level: bounded, not masked (nothing secret fits in these). */
  id(v: unknown): string | undefined {
    const s = idText(v);
    return s === undefined ? undefined : this.c.text(s, MAX_ID);
  }

  private mask(m: Masked & { cut?: boolean }): string {
    this.masked += m.count;
    if (m.cut) this.c.cut = true;
    return m.text;
  }

  /** A secret's text kept on the host; the page gets its shown form and its index. */
  secret(full: string, shown: string): DetailValue {
    this.masked++;
    const text = this.c.text(full, MAX_SECRET);
    let index = this.secretIndex.get(text);
    if (index === undefined) {
      index = this.secrets.push(text) - 1;
      this.secretIndex.set(text, index);
    }
    return { masked: true, shown, secret: index };
  }

  /** A JSON value as text: secret-named fields inside masked, strings masked, bounded. */
  json(v: unknown, max: number): string {
    return this.mask(maskedJson(v, max, MAX_DEPTH));
  }

  /**
   * One table value: a value whose name is secret becomes a MaskedValue (its text revealable, an auth
   * scheme kept in the shown form); other strings are masked in place, other values shown as JSON.
   */
  value(key: string, v: unknown, original?: unknown): DetailValue {
    if (isSecretName(key) && v !== null && v !== undefined && v !== '') {
      const full = original ?? v;
      return typeof full === 'string' ? this.secret(full, maskScheme(full)) : this.secret(boundedStringify(full, MAX_SECRET, MAX_DEPTH), MASK);
    }
    if (typeof v === 'string') return this.mask(maskBounded(v, MAX_VALUE));
    if (v === undefined) return '';
    return this.json(v, MAX_VALUE);
  }

  /** Rows from an object or from `[key, value]` pairs (how Sentry sends headers, query, env). */
  pairs(v: unknown, opts: PairOptions = {}): DetailPair[] {
    let rows: [unknown, unknown, unknown][];
    if (Array.isArray(v)) {
      rows = this.c.list(v, MAX_PAIRS).flatMap((p): [unknown, unknown, unknown][] => (Array.isArray(p) && p.length > 0 ? [[p[0], p[1], this.original(p, 1)]] : []));
    } else if (isRecord(v)) {
      rows = fields(v, MAX_PAIRS, this.c).map(([k, x]) => [k, x, this.original(v, k)]);
    } else return [];
    const valueOf = opts.value ?? ((k: string, x: unknown, original: unknown) => this.value(k, x, original));
    return rows.map(([k, x, original]) => {
      const key = idText(k) ?? '';
      return { key: (opts.prefix ?? '') + (this.text(key, MAX_NAME) ?? ''), value: valueOf(key, x, original) };
    });
  }
}
