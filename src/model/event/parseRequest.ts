/**
 * The request entry of an event: method, URL, query, headers, cookies, body and environment. Query
 * strings, form bodies and Cookie headers arrive as text and are split into rows here, so a secret
 * field among them is masked like any other; every cookie value is a secret. No `vscode` import.
 */
import { MASK, type DetailRequest, type DetailValue } from './types';
import { boundedStringify } from '../../util/boundedJson';
import type { Cutter } from '../../util/cutter';
import { EventReader, MAX_BODY_PARSE, MAX_DEPTH, MAX_PAIRS, MAX_SECRET, MAX_TEXT, MAX_VALUE } from './eventReader';
import { isRecord } from '../read';

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

export function readRequest(r: EventReader, data: unknown): DetailRequest | undefined {
  if (!isRecord(data)) return undefined;
  const out: DetailRequest = { query: [], headers: [], cookies: [], env: [] };
  const method = r.id(data.method);
  if (method) out.method = method;
  const url = r.url(data.url, MAX_TEXT);
  if (url) out.url = url;
  const fragment = r.text(data.fragment, MAX_VALUE);
  if (fragment) out.fragment = fragment;
  // A string the answer's masking changed is read from its original and masked here by name, so
  // that its secrets stay revealable one by one.
  const whole = (k: string): unknown => r.original(data, k) ?? data[k];
  const query = whole('query');
  out.query = typeof query === 'string' ? r.pairs(formPairs(query, MAX_PAIRS, r.c)) : r.pairs(data.query);
  out.headers = r.pairs(data.headers);
  const everyCookie = (_k: string, shown: unknown, original: unknown): DetailValue => {
    const v = original ?? shown;
    const text = typeof v === 'string' ? v : v === null || v === undefined ? '' : boundedStringify(v, MAX_SECRET, MAX_DEPTH);
    return text ? r.secret(text, MASK) : '';
  };
  const cookies = whole('cookies');
  out.cookies = r.pairs(typeof cookies === 'string' ? cookiePairs(cookies, MAX_PAIRS, r.c) : data.cookies, { value: everyCookie });
  const body = readBody(r, typeof data.data === 'string' ? whole('data') : data.data);
  if (body) out.body = body;
  out.env = r.pairs(data.env);
  return out;
}

/** A request body: an object, a JSON object or a form as its fields; anything else as (masked) text. */
function readBody(r: EventReader, v: unknown): DetailRequest['body'] {
  if (v === null || v === undefined || v === '') return undefined;
  if (isRecord(v)) return { pairs: r.pairs(v) };
  if (typeof v !== 'string') return { text: r.json(v, MAX_TEXT) };
  const s = v.trim();
  if (s.length <= MAX_BODY_PARSE) {
    if (s.startsWith('{')) {
      try {
        const parsed: unknown = JSON.parse(s);
        if (isRecord(parsed)) return { pairs: r.pairs(parsed) };
      } catch {
        // not JSON: shown as text
      }
    } else if (/^[^\s=&]+=[^\s]*$/.test(s)) return { pairs: r.pairs(formPairs(s, MAX_PAIRS, r.c)) };
  }
  return { text: r.text(v, MAX_TEXT) ?? '' };
}
