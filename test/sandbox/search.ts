// A small parser for Sentry's search syntax: `key:value`, `!key:value`, `key:"quoted value"`,
// lists `key:[a, "b c"]`, free words and "quoted phrases", joined by spaces (or AND where a search
// takes booleans). Errors become 400 {"detail":"Error parsing search query: ..."}, as the issue
// endpoints wrap Sentry's InvalidSearchQuery (https://github.com/getsentry/sentry/blob/master/src/sentry/api/helpers/group_index/index.py).
import { fail } from './http';

export interface Term {
  /** null for free text. */
  key: string | null;
  value: string;
  negated: boolean;
}

export function searchError(message: string): never {
  fail(400, `Error parsing search query: ${message}`);
}

/**
 * Sentry's issue search is built with `allow_boolean=False` (https://github.com/getsentry/sentry/blob/master/src/sentry/api/issue_search.py):
 * an AND or OR, in any case, is refused with event_search.py's own words. Other searches (an issue's events) take AND.
 */
export const BOOLEANS_REFUSED = 'Boolean statements containing "OR" or "AND" are not supported in this search';

export function parseQuery(query: string, options: { issueSearch?: boolean } = {}): Term[] {
  const terms: Term[] = [];
  let i = 0;
  let depth = 0;
  const n = query.length;
  while (i < n) {
    const c = query[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (c === '(') {
      depth++;
      i++;
      continue;
    }
    if (c === ')') {
      depth--;
      if (depth < 0) searchError("Unexpected ')' at position " + i);
      i++;
      continue;
    }
    // Read one token, honouring quotes.
    let token = '';
    let quotedValue: string | null = null;
    let sawQuote = false;
    while (i < n && ((!/\s/.test(query[i]) && query[i] !== ')') || inOpenList(token))) {
      if (query[i] === '"' && inOpenList(token)) {
        // A list keeps its items' quotes: matchValue splits it on the commas outside them.
        const end = closingQuote(query, i);
        if (end < 0) searchError(`Unterminated quote at position ${i}`);
        token += query.slice(i, end + 1);
        i = end + 1;
      } else if (query[i] === '"') {
        sawQuote = true;
        let j = i + 1;
        let text = '';
        while (j < n && query[j] !== '"') {
          if (query[j] === '\\' && j + 1 < n) {
            text += query[j + 1];
            j += 2;
          } else {
            text += query[j++];
          }
        }
        if (j >= n) searchError(`Unterminated quote at position ${i}`);
        quotedValue = (quotedValue ?? '') + text;
        token += '"';
        i = j + 1;
      } else {
        if (!sawQuote) token += query[i];
        else quotedValue = (quotedValue ?? '') + query[i];
        i++;
      }
    }
    if (inOpenList(token)) searchError(`Missing ']' in the list after position ${i - token.length}`);
    if (options.issueSearch && quotedValue === null && /^(AND|OR)$/i.test(token)) searchError(BOOLEANS_REFUSED);
    if (token === 'AND' && quotedValue === null) continue;
    if (token === 'OR' && quotedValue === null) searchError('OR is not supported in this search');
    const m = /^(!?)([a-zA-Z_][a-zA-Z0-9_.-]*):(.*)$/s.exec(token);
    if (m) {
      const [, bang, key, rest] = m;
      let value: string;
      if (rest.startsWith('"')) value = quotedValue ?? '';
      else if (sawQuote) searchError(`Invalid quote in value for "${key}"`);
      else value = rest;
      if (value === '' && !rest.startsWith('"')) searchError(`Empty string after '${key}:'`);
      terms.push({ key, value, negated: bang === '!' });
    } else {
      const value = token.startsWith('"') ? (quotedValue ?? '') : token;
      terms.push({ key: null, value, negated: false });
    }
  }
  if (depth !== 0) searchError('Unbalanced parentheses');
  return terms;
}

/** Whether `token` ends inside a list value (`key:[a, b` without its `]`). */
function inOpenList(token: string): boolean {
  return /^!?[a-zA-Z_][a-zA-Z0-9_.-]*:\[[^\]]*$/.test(token.replace(/"(?:[^"\\]|\\.)*"/g, '""'));
}

/** The index of the quote closing the one at `open` (backslash escapes), or -1. */
function closingQuote(text: string, open: number): number {
  for (let j = open + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  return -1;
}

/** The items of a list value `[a, "b c"]`: split on the commas outside quotes, unquoted. */
function listItems(list: string): string[] {
  const items: string[] = [];
  const body = list.slice(1, -1);
  let item = '';
  let quoted = false;
  for (let j = 0; j < body.length; j++) {
    const c = body[j];
    if (c === '"') {
      const end = closingQuote(body, j);
      item += body.slice(j + 1, end).replace(/\\(.)/g, '$1');
      quoted = true;
      j = end;
    } else if (c === ',') {
      items.push(quoted ? item : item.trim());
      item = '';
      quoted = false;
    } else if (!quoted) item += c;
  }
  items.push(quoted ? item : item.trim());
  return items.filter((v) => v !== '');
}

/**
 * Exact match, glob match when the pattern contains `*` (case-insensitive, as Snuba's match(…, '(?i)…')
 * on string columns, or case-sensitive for the LIKE on array columns such as stack.filename), or any of a list `[a, "b c"]`.
 */
export function matchValue(pattern: string, actual: string | null | undefined, caseSensitive = false): boolean {
  if (actual === null || actual === undefined) return false;
  // Sentry's list syntax, `key:[a,b]`: any of the values.
  if (pattern.length > 2 && pattern.startsWith('[') && pattern.endsWith(']')) return listItems(pattern).some((v) => matchValue(v, actual, caseSensitive));
  if (!pattern.includes('*')) return pattern === actual;
  const re = new RegExp(
    '^' +
      pattern
        .split('*')
        .map((p) => p.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
        .join('.*') +
      '$',
    caseSensitive ? 's' : 'is',
  );
  return re.test(actual);
}

// Sentry's search grammar (https://github.com/getsentry/sentry/blob/master/src/sentry/api/event_search.py):
// `rel_date_format = ~r"[+-][0-9]+[wdhm]"` (no seconds) and `iso_8601_date_format`, a date with an
// optional time to the second (up to 6 digits of fraction) and an optional `Z` or `±hh:mm`.
const UNITS: Record<string, number> = { m: 60_000, h: 3_600_000, d: 86_400_000, w: 604_800_000 };
const ISO_8601 = /^\d{4}-\d{2}-\d{2}(?:T\d{2}:\d{2}:\d{2}(?:\.\d{1,6})?)?(?:Z|[+-]\d{2}:\d{2})?$/;
/** The names issue_search.py's key_mappings give the date keys; its errors use them. */
const DATE_KEY_NAMES: Record<string, string> = { lastSeen: 'last_seen', firstSeen: 'first_seen', age: 'first_seen' };

/** Parse `-2d` / `+1w` / `>2024-01-01` / `<2024-01-01T00:00:00Z` against now; returns a predicate on ms. */
export function parseDateFilter(key: string, value: string, now: number): (t: number) => boolean {
  let m = /^([-+])(\d+)([mhdw])$/.exec(value);
  if (m) {
    const bound = now - Number(m[2]) * UNITS[m[3]];
    return m[1] === '-' ? (t) => t >= bound : (t) => t < bound;
  }
  m = /^([<>]=?)(.+)$/.exec(value);
  if (m && ISO_8601.test(m[2])) {
    const t0 = Date.parse(/T/.test(m[2]) && !/(Z|[+-]\d{2}:\d{2})$/.test(m[2]) ? `${m[2]}Z` : m[2]);
    if (!Number.isNaN(t0)) {
      const op = m[1];
      return op === '>' ? (t) => t > t0 : op === '>=' ? (t) => t >= t0 : op === '<' ? (t) => t < t0 : (t) => t <= t0;
    }
  }
  // event_search.py's _handle_basic_filter, with Python's `datetime.now().isoformat()[:-4]` as the example.
  const name = DATE_KEY_NAMES[key] ?? key;
  searchError(`${name}: Invalid date: ${value}. Expected +/-duration (e.g. +1h) or ISO 8601-like (e.g. ${new Date(now).toISOString().slice(0, 22)}).`);
}

/** Parse `>100`, `<=5`, `42` into a predicate. */
export function parseNumberFilter(key: string, value: string): (n: number) => boolean {
  const m = /^(>=|<=|>|<)?(\d+)$/.exec(value);
  if (!m) searchError(`Invalid number for "${key}": ${value}`);
  const v = Number(m[2]);
  switch (m[1]) {
    case '>':
      return (n) => n > v;
    case '>=':
      return (n) => n >= v;
    case '<':
      return (n) => n < v;
    case '<=':
      return (n) => n <= v;
    default:
      return (n) => n === v;
  }
}
