/**
 * The whole event (issue 13): what `GET …/issues/{id}/events/{event_id}/` answered, read tolerantly
 * into the EventDetail the page receives (src/sentryEvent/types.ts), bounded and masked.
 *
 * Everything in the answer is hostile: any field may be missing, null, of another type, huge or
 * deeply nested. Nothing here throws on such data (only a TypeError when the answer is not an object
 * at all), and the work is bounded by the bounds below, whatever the server sent. Values whose name
 * is a secret cross as MaskedValues, their text kept in the `secrets` table returned beside the
 * detail; secrets inside free text are masked in place. No `vscode` import.
 */
import {
  emptyEventDetail,
  MASK,
  type Breadcrumb,
  type DetailContext,
  type DetailException,
  type DetailFrame,
  type DetailPair,
  type DetailRequest,
  type DetailThread,
  type DetailValue,
  type EventDetail,
} from './types';
import { boundedStringify } from '../util/boundedJson';
import { Cutter, contextAround } from '../util/cutter';
import { isSecretName, maskScheme } from './secretNames';
import { dropUnfinished, maskBounded, type Masked } from './maskText';
import { maskUrl } from './maskUrl';
import { maskedJson } from './maskJson';

// Bounds. Real events stay well inside them (Sentry itself keeps 8,192 characters of a message, 200
// of a tag value, 250 frames of a stack trace and 100 breadcrumbs by default); what a hostile or odd
// server sends beyond is cut and the detail marked `trimmed`.
/** Exceptions of a chain: the last raised ones are kept. */
const MAX_EXCEPTIONS = 20;
/** Frames of one stack: the newest ones are kept. */
const MAX_FRAMES = 500;
/** Threads, when there is no exception (a native crash): the first ones are kept. */
const MAX_THREADS = 64;
/** Breadcrumbs: the last ones (those right before the event) are kept. */
const MAX_BREADCRUMBS = 1000;
/** Rows of one table: a frame's variables, headers, query, body fields, a context, extra data. */
const MAX_PAIRS = 200;
/** Entries of the event (a real one has five or six). */
const MAX_ENTRIES = 100;
/** Contexts (browser, os, runtime, device, app, trace… a real event has under ten). */
const MAX_CONTEXTS = 50;
const MAX_TAGS = 100;
/** Parameters of a message entry. */
const MAX_PARAMS = 50;
/** Entries of a type this view does not know. */
const MAX_OTHER_ENTRIES = 20;
/** Messages, titles, exception values, breadcrumb messages, body text: Sentry's own message bound. */
const MAX_TEXT = 8192;
/** A table value, a URL, a location. */
const MAX_VALUE = 2000;
/** Names: keys, functions, modules, file names, categories. */
const MAX_NAME = 1000;
/** Ids, dates, levels, types, platforms: short by nature. */
const MAX_ID = 200;
/** Sentry keeps tag values to 200 characters; longer ones are cut well above that. */
const MAX_TAG_TEXT = 1000;
/** Context lines of a frame, centred on its line. */
const MAX_CONTEXT_LINES = 15;
/** One line of source code (minified bundles have lines of megabytes). */
const MAX_CODE = 1000;
/** Nesting of a value shown as JSON text (variables, contexts, extra data). */
const MAX_DEPTH = 16;
/** The JSON text of an entry of a type this view does not know. */
const MAX_OTHER_JSON = 20_000;
/** A secret's own text in the host's table (a real secret is far shorter). */
const MAX_SECRET = 65_536;
/** A request body string longer than this is not parsed as JSON or as a form, only shown as text. */
const MAX_BODY_PARSE = 1_000_000;

type Rec = Record<string, unknown>;
const isRecord = (v: unknown): v is Rec => typeof v === 'object' && v !== null && !Array.isArray(v);

/** A string, or a finite number as text (ids and thread ids come as either); else undefined. */
function str(v: unknown): string | undefined {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return undefined;
}
const int = (v: unknown): number | undefined => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);
const bool = (v: unknown): boolean | undefined => (typeof v === 'boolean' ? v : undefined);
/** `data.values` of an entry when it is a list (exception, breadcrumbs and threads entries). */
const valuesOf = (data: unknown): unknown[] => (isRecord(data) && Array.isArray(data.values) ? (data.values as unknown[]) : []);

/** Sets `o[k]` when `v` is a value (an optional field stays absent rather than undefined). */
function put<T, K extends keyof T>(o: T, k: K, v: T[K] | undefined): void {
  if (v !== undefined) o[k] = v;
}

/** The own fields of an object, at most `max` of them, without listing all of a huge one. */
function fields(o: Rec, max: number, c: Cutter): [string, unknown][] {
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

/**
 * `a=1&b=2` (separator `&`) or `a=1; b=2` (separator `;`) as `[name, value]` pairs, at most `max`
 * (the rest is not even split); a part without `=` has no value.
 */
function splitPairs(s: string, separator: string, max: number, c: Cutter): [string, string | undefined][] {
  const out: [string, string | undefined][] = [];
  let at = 0;
  while (at < s.length) {
    if (out.length === max) {
      c.cut = true;
      break;
    }
    let end = s.indexOf(separator, at);
    if (end < 0) end = s.length;
    const part = s.slice(at, end).trim();
    at = end + 1;
    if (!part) continue;
    const eq = part.indexOf('=');
    out.push(eq < 0 ? [part, undefined] : [part.slice(0, eq).trim(), part.slice(eq + 1).trim()]);
  }
  return out;
}

function decodeForm(v: string): string {
  try {
    return decodeURIComponent(v.replace(/\+/g, ' '));
  } catch {
    return v;
  }
}

/** A query string or a form body as decoded pairs. */
const formPairs = (s: string, max: number, c: Cutter): [string, string][] => splitPairs(s.replace(/^\?/, ''), '&', max, c).map(([k, v]) => [decodeForm(k), decodeForm(v ?? '')]);
/** A Cookie header as pairs: a part without `=` is a value without a name (as browsers read it). */
const cookiePairs = (s: string, max: number, c: Cutter): [string, string][] => splitPairs(s, ';', max, c).map(([k, v]) => (v === undefined ? ['', k] : [k, v]));

/** An ISO time from an ISO string or epoch seconds. */
function isoTime(v: unknown): string | undefined {
  if (typeof v === 'string') return v.slice(0, MAX_ID);
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const d = new Date(v * 1000);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

interface PairOptions {
  /** How one value is shown; the default masks by name (revealable) and masks its text. */
  value?: (key: string, v: unknown) => DetailValue;
  /** Prefix of every key (`geo.`, `data.`). */
  prefix?: string;
}

class Parser {
  readonly c = new Cutter();
  masked = 0;
  readonly secrets: string[] = [];
  private readonly secretIndex = new Map<string, number>();

  /** Free text from the server, masked and bounded; undefined when it is not text. */
  text(v: unknown, max: number): string | undefined {
    const s = str(v);
    return s === undefined ? undefined : this.mask(maskBounded(s, max));
  }

  /** A URL, its secret query values and password masked, bounded. */
  url(v: unknown, max = MAX_VALUE): string | undefined {
    const s = str(v);
    if (s === undefined) return undefined;
    const masked = this.mask(maskUrl(this.c.text(s, max)));
    return s.length > max ? dropUnfinished(masked) : masked;
  }

  /** An id, a date, a level: bounded, not masked (nothing secret fits in these). */
  id(v: unknown): string | undefined {
    const s = str(v);
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
  value(key: string, v: unknown): DetailValue {
    if (isSecretName(key) && v !== null && v !== undefined && v !== '') {
      return typeof v === 'string' ? this.secret(v, maskScheme(v)) : this.secret(boundedStringify(v, MAX_SECRET, MAX_DEPTH), MASK);
    }
    if (typeof v === 'string') return this.mask(maskBounded(v, MAX_VALUE));
    if (v === undefined) return '';
    return this.json(v, MAX_VALUE);
  }

  /** Rows from an object or from `[key, value]` pairs (how Sentry sends headers, query, env). */
  pairs(v: unknown, opts: PairOptions = {}): DetailPair[] {
    let rows: [unknown, unknown][];
    if (Array.isArray(v)) {
      rows = this.c.list(v, MAX_PAIRS).flatMap((p): [unknown, unknown][] => (Array.isArray(p) && p.length > 0 ? [[p[0], p[1]]] : []));
    } else if (isRecord(v)) {
      rows = fields(v, MAX_PAIRS, this.c);
    } else return [];
    const valueOf = opts.value ?? ((k: string, x: unknown) => this.value(k, x));
    return rows.map(([k, x]) => {
      const key = str(k) ?? '';
      return { key: (opts.prefix ?? '') + (this.text(key, MAX_NAME) ?? ''), value: valueOf(key, x) };
    });
  }

  // -------------------------------------------------------------------------------------------

  frame(f: unknown): DetailFrame | undefined {
    if (!isRecord(f)) return undefined;
    const out: DetailFrame = {};
    put(out, 'function', this.text(f.function, MAX_NAME));
    put(out, 'module', this.text(f.module, MAX_NAME));
    put(out, 'filename', this.text(f.filename, MAX_NAME));
    put(out, 'absPath', this.url(f.absPath ?? f.abs_path, MAX_NAME));
    put(out, 'package', this.text(f.package, MAX_NAME));
    const lineNo = int(f.lineNo ?? f.lineno);
    put(out, 'lineNo', lineNo);
    put(out, 'colNo', int(f.colNo ?? f.colno));
    put(out, 'inApp', bool(f.inApp ?? f.in_app));
    if (Array.isArray(f.context) && f.context.length) {
      if (f.context.length > MAX_CONTEXT_LINES) this.c.cut = true;
      const context = contextAround(f.context as unknown[], lineNo, MAX_CONTEXT_LINES).flatMap((l): [number, string][] => {
        if (!Array.isArray(l) || int(l[0]) === undefined) return [];
        return [[l[0] as number, this.text(l[1], MAX_CODE) ?? '']];
      });
      if (context.length) out.context = context;
    }
    if (isRecord(f.vars)) {
      const vars = this.pairs(f.vars);
      if (vars.length) out.vars = vars;
    }
    return out;
  }

  /** The last `max` items, parsed, the last first; items that do not parse are left out. */
  lastFirst<T>(items: unknown[], max: number, parse: (item: unknown) => T | undefined): { out: T[]; omitted: number } {
    const kept = this.c.last(items, max);
    const out: T[] = [];
    for (let i = kept.length - 1; i >= 0; i--) {
      const item = parse(kept[i]);
      if (item !== undefined) out.push(item);
    }
    return { out, omitted: items.length - kept.length };
  }

  /** A stack's frames, newest first (the server sends them oldest first), the newest MAX_FRAMES kept. */
  frames(stacktrace: unknown): { frames: DetailFrame[]; omitted: number } {
    const { out, omitted } = this.lastFirst(isRecord(stacktrace) && Array.isArray(stacktrace.frames) ? (stacktrace.frames as unknown[]) : [], MAX_FRAMES, (f) => this.frame(f));
    return { frames: out, omitted };
  }

  exception(x: unknown): DetailException | undefined {
    if (!isRecord(x)) return undefined;
    const stack = this.frames(isRecord(x.stacktrace) ? x.stacktrace : x.rawStacktrace);
    const out: DetailException = { frames: stack.frames };
    if (stack.omitted) out.framesOmitted = stack.omitted;
    put(out, 'type', this.text(x.type, MAX_NAME));
    put(out, 'value', this.text(x.value, MAX_TEXT));
    put(out, 'module', this.text(x.module, MAX_NAME));
    if (isRecord(x.mechanism)) {
      const m = x.mechanism;
      const mechanism: NonNullable<DetailException['mechanism']> = {};
      put(mechanism, 'type', this.text(m.type, MAX_NAME));
      put(mechanism, 'handled', bool(m.handled));
      put(mechanism, 'description', this.text(m.description, MAX_TEXT));
      put(mechanism, 'synthetic', bool(m.synthetic));
      out.mechanism = mechanism;
    }
    put(out, 'threadId', this.id(x.threadId ?? x.thread_id));
    return out;
  }

  /** The chain, the last raised first: Sentry sends the first raised (the root cause) first. */
  exceptions(data: unknown): DetailException[] {
    return this.lastFirst(valuesOf(data), MAX_EXCEPTIONS, (x) => this.exception(x)).out;
  }

  threads(data: unknown): DetailThread[] {
    return this.c.list(valuesOf(data), MAX_THREADS).flatMap((t): DetailThread[] => {
      if (!isRecord(t)) return [];
      const stack = this.frames(t.stacktrace);
      const out: DetailThread = { frames: stack.frames };
      put(out, 'id', this.id(t.id));
      put(out, 'name', this.text(t.name, MAX_NAME));
      put(out, 'crashed', bool(t.crashed));
      put(out, 'current', bool(t.current));
      return [out];
    });
  }

  breadcrumb(b: unknown): Breadcrumb | undefined {
    if (!isRecord(b)) return undefined;
    const out: Breadcrumb = { type: this.id(b.type) || 'default', level: this.id(b.level) || 'info' };
    put(out, 'timestamp', isoTime(b.timestamp));
    put(out, 'category', this.text(b.category, MAX_NAME));
    put(out, 'message', this.text(b.message, MAX_TEXT));
    if (isRecord(b.data)) {
      const data = this.pairs(b.data, { value: (k, v) => (k === 'url' && typeof v === 'string' ? (this.url(v) ?? '') : this.value(k, v)) });
      if (data.length) out.data = data;
    }
    return out;
  }

  breadcrumbs(data: unknown): { crumbs: Breadcrumb[]; omitted: number } {
    const values = valuesOf(data);
    const kept = this.c.last(values, MAX_BREADCRUMBS);
    const crumbs = kept.flatMap((b) => this.breadcrumb(b) ?? []);
    return { crumbs, omitted: values.length - kept.length };
  }

  request(data: unknown): DetailRequest | undefined {
    if (!isRecord(data)) return undefined;
    const out: DetailRequest = { query: [], headers: [], cookies: [], env: [] };
    const method = this.id(data.method);
    if (method) out.method = method;
    const url = this.url(data.url, MAX_TEXT);
    if (url) out.url = url;
    const fragment = this.text(data.fragment, MAX_VALUE);
    if (fragment) out.fragment = fragment;
    out.query = typeof data.query === 'string' ? this.pairs(formPairs(data.query, MAX_PAIRS, this.c)) : this.pairs(data.query);
    out.headers = this.pairs(data.headers);
    const everyCookie = (_k: string, v: unknown): DetailValue => {
      const text = typeof v === 'string' ? v : v === null || v === undefined ? '' : boundedStringify(v, MAX_SECRET, MAX_DEPTH);
      return text ? this.secret(text, MASK) : '';
    };
    out.cookies = this.pairs(typeof data.cookies === 'string' ? cookiePairs(data.cookies, MAX_PAIRS, this.c) : data.cookies, { value: everyCookie });
    const body = this.body(data.data);
    if (body) out.body = body;
    out.env = this.pairs(data.env);
    return out;
  }

  /** A request body: an object, a JSON object or a form as its fields; anything else as (masked) text. */
  body(v: unknown): DetailRequest['body'] {
    if (v === null || v === undefined || v === '') return undefined;
    if (isRecord(v)) return { pairs: this.pairs(v) };
    if (typeof v !== 'string') return { text: this.json(v, MAX_TEXT) };
    const s = v.trim();
    if (s.length <= MAX_BODY_PARSE) {
      if (s.startsWith('{')) {
        try {
          const parsed: unknown = JSON.parse(s);
          if (isRecord(parsed)) return { pairs: this.pairs(parsed) };
        } catch {
          // not JSON: shown as text
        }
      } else if (/^[^\s=&]+=[^\s]*$/.test(s)) return { pairs: this.pairs(formPairs(s, MAX_PAIRS, this.c)) };
    }
    return { text: this.text(v, MAX_TEXT) ?? '' };
  }

  message(data: unknown): EventDetail['messageEntry'] {
    if (!isRecord(data)) return undefined;
    const formatted = this.text(str(data.formatted) || data.message, MAX_TEXT);
    if (formatted === undefined) return undefined;
    const out: NonNullable<EventDetail['messageEntry']> = { formatted };
    if (Array.isArray(data.params)) out.params = this.c.list(data.params as unknown[], MAX_PARAMS).map((p) => (typeof p === 'string' ? (this.text(p, MAX_VALUE) ?? '') : this.json(p, MAX_VALUE)));
    return out;
  }

  contexts(v: unknown): DetailContext[] {
    if (!isRecord(v)) return [];
    return fields(v, MAX_CONTEXTS, this.c).flatMap(([key, ctx]): DetailContext[] => {
      if (!isRecord(ctx)) return [];
      const out: DetailContext = { key: this.text(key, MAX_NAME) ?? '', pairs: [] };
      put(out, 'type', this.text(ctx.type, MAX_NAME));
      out.pairs = this.pairs(ctx).filter((p) => p.key !== 'type');
      return [out];
    });
  }

  user(v: unknown): DetailPair[] | undefined {
    if (!isRecord(v)) return undefined;
    const out: DetailPair[] = [];
    const known = ['id', 'email', 'username', 'ip_address', 'name'];
    for (const k of known) if (v[k] !== null && v[k] !== undefined) out.push({ key: k, value: this.value(k, v[k]) });
    if (isRecord(v.geo)) out.push(...this.pairs(v.geo, { prefix: 'geo.' }));
    if (isRecord(v.data)) out.push(...this.pairs(v.data, { prefix: 'data.' }));
    out.push(...this.pairs(fields(v, MAX_PAIRS, this.c).filter(([k, x]) => !known.includes(k) && k !== 'geo' && k !== 'data' && x !== null && x !== undefined)));
    return out.length ? out : undefined;
  }

  tags(v: unknown): EventDetail['tags'] {
    if (!Array.isArray(v)) return [];
    return this.c.list(v as unknown[], MAX_TAGS).flatMap((t): EventDetail['tags'] => {
      if (!isRecord(t)) return [];
      const key = str(t.key);
      if (key === undefined) return [];
      const raw = typeof t.value === 'boolean' ? String(t.value) : (str(t.value) ?? '');
      let value: string;
      if (raw && isSecretName(key)) {
        this.masked++;
        value = MASK;
      } else value = this.text(raw, MAX_TAG_TEXT) ?? '';
      return [{ key: this.text(key, MAX_TAG_TEXT) ?? '', value }];
    });
  }

  other(type: string, data: unknown): { type: string; json: string } {
    return { type: this.text(type, MAX_NAME) ?? '', json: this.json(data, MAX_OTHER_JSON) };
  }
}

/** A release as its version: a string, or an object with `version` / `shortVersion`. */
function releaseOf(v: unknown): unknown {
  return isRecord(v) ? (v.version ?? v.shortVersion) : v;
}

/**
 * The detail the page shows, and the secrets (texts of the MaskedValues, by their `secret` index)
 * that stay on the host. Throws a TypeError only when `raw` is not an object.
 */
export function parseEventDetail(raw: unknown, issueId: string): { detail: EventDetail; secrets: string[] } {
  if (!isRecord(raw)) throw new TypeError('event: the server did not answer with an object');
  const p = new Parser();
  const id = p.id(raw.id) ?? p.id(raw.eventID) ?? '';
  const detail = emptyEventDetail({ issueId: String(issueId), id, eventID: p.id(raw.eventID) ?? id, title: p.text(raw.title, MAX_TEXT) ?? '' });
  const set = <K extends keyof EventDetail>(k: K, v: EventDetail[K] | undefined) => {
    if (v !== undefined && v !== '') detail[k] = v;
  };
  set('projectID', p.id(raw.projectID));
  set('dateCreated', p.id(raw.dateCreated));
  set('dateReceived', p.id(raw.dateReceived));
  set('message', p.text(raw.message, MAX_TEXT));
  set('platform', p.id(raw.platform));
  set('type', p.id(raw.type) ?? p.id(raw['event.type']));
  set('location', p.text(raw.location, MAX_VALUE));
  set('culprit', p.text(raw.culprit, MAX_VALUE));
  set('release', p.text(releaseOf(raw.release), MAX_ID));
  set('dist', p.text(raw.dist, MAX_ID));
  if (typeof raw.previousEventID === 'string') set('previousEventID', p.id(raw.previousEventID));
  if (typeof raw.nextEventID === 'string') set('nextEventID', p.id(raw.nextEventID));

  const entries = Array.isArray(raw.entries) ? p.c.list(raw.entries as unknown[], MAX_ENTRIES) : [];
  const seen = new Set<string>();
  let threads: unknown;
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const type = str(entry.type) ?? '';
    // The first entry of a known type is shown as such; a second one as an unknown entry.
    const known = !seen.has(type);
    seen.add(type);
    if (known && type === 'exception') detail.exceptions = p.exceptions(entry.data);
    else if (known && type === 'threads') threads = entry.data;
    else if (known && type === 'breadcrumbs') {
      const { crumbs, omitted } = p.breadcrumbs(entry.data);
      detail.breadcrumbs = crumbs;
      if (omitted) detail.breadcrumbsOmitted = omitted;
    } else if (known && type === 'request') set('request', p.request(entry.data));
    else if (known && type === 'message') set('messageEntry', p.message(entry.data));
    else if (detail.otherEntries.length < MAX_OTHER_ENTRIES) detail.otherEntries.push(p.other(type, entry.data));
    else p.c.cut = true;
  }
  // Threads repeat the exception's stack (the crashed thread's): shown only when there is none.
  if (!seen.has('exception') && threads !== undefined) detail.threads = p.threads(threads);

  detail.contexts = p.contexts(raw.contexts);
  set('user', p.user(raw.user));
  if (isRecord(raw.sdk)) {
    const sdk: NonNullable<EventDetail['sdk']> = {};
    put(sdk, 'name', p.text(raw.sdk.name, MAX_NAME));
    put(sdk, 'version', p.text(raw.sdk.version, MAX_ID));
    if (sdk.name !== undefined || sdk.version !== undefined) detail.sdk = sdk;
  }
  detail.tags = p.tags(raw.tags);
  set('environment', p.text(raw.environment, MAX_ID) ?? detail.tags.find((t) => t.key === 'environment')?.value);
  detail.extra = p.pairs(raw.context);

  detail.maskedCount = p.masked;
  if (p.c.cut) detail.trimmed = true;
  return { detail, secrets: p.secrets };
}
