/**
 * `{name, value}` pairs written as text (maskPairText): what maskDeep masks in a structure, found
 * again where an SDK, a framework or Sentry wrote the same pairs into a string:
 * - fields of one record, in any order and quoting: a JSON string (`{"name":"DB_PASSWORD","value":"…"}`,
 *   also escaped inside another JSON string), Python's repr (`{'name': 'DB_PASSWORD', 'value': '…'}`,
 *   `EnvVar(name='…', value='…')`), a YAML env list (`- name: DB_PASSWORD` / `  value: …`) or flow
 *   mapping, a Kubernetes `"env":[…]` quoted in an exception's value, Sentry's `{key, value}` tags;
 * - Sentry's own rendering of an event for a model (`llmFormat`, src/sentry/issues/formatting/
 *   formatter.py in getsentry/sentry): a field is `**key:** value` in Markdown (maskText's named
 *   fields read it) and `<key>value</key>` in XML (its key slugged: `db_password`);
 * - Markdown tables: a row whose cell is a secret name has the next cell masked, and a column headed
 *   by a secret name has every cell masked.
 *
 * A value is masked when the name of its own record is a secret name (secretNames.ts). A record ends
 * at a bracket, a blank line or the next YAML list item, so a value is never taken from the next
 * record nor a name from the one before. Each pass reads every character a bounded number of times.
 * No `vscode` import.
 */
import { MASK } from './types';
import { isSecretName, maskScheme } from './secretNames';

export interface PairsMasked {
  text: string;
  count: number;
}

/** A field key that names a pair (`name`, `key`) or holds its value (`value`), quoted the same on both sides or not at all, then `:`, `=` or `=>`. */
const FIELD_KEY = /(\\?["']?)\b(name|key|value)\1[ \t]{0,8}(?::|=>?)[ \t]{0,8}/gi;
/** A quoted value on one line: group 1 the quote (escaped or not), group 2 its text. */
const QUOTED = /(\\?["'])((?:(?!\1)(?:\\.|[^\\\n]))*)\1/y;
/** A bare name: up to white space or the punctuation that ends a field. */
const BARE_NAME = /[^\s,;{}[\]()|"'<>]+/y;
/** A bare value: the rest of its line, up to the punctuation that ends a field in a flow mapping or call. */
const BARE_VALUE = /[^\r\n,{}[\]()]*/y;
/** What ends a record between two fields. */
const RECORD_END = /[{}[\]()]|\n[ \t]*-[ \t]|\n[ \t]*\r?\n/;
/** The most text between two fields of one record. */
const MAX_GAP = 256;
const NOTHING = /^(?:|null|none|nil|undefined|~)$/i;

interface Field {
  /** `name` (also `key`) or `value`. */
  readonly kind: 'name' | 'value';
  /** Where its key starts and its value ends. */
  readonly start: number;
  readonly end: number;
  /** Where its value's text is (inside the quotes). */
  readonly from: number;
  readonly to: number;
}

/** Reads the value at `at` (quoted, or bare); undefined when there is none, or it opens a structure. */
function valueAt(text: string, at: number, kind: Field['kind']): { from: number; to: number; end: number } | undefined {
  QUOTED.lastIndex = at;
  const q = QUOTED.exec(text);
  if (q) return { from: at + q[1].length, to: at + q[1].length + q[2].length, end: QUOTED.lastIndex };
  const open = /^\\?["']/.exec(text.slice(at, at + 2));
  if (open) {
    // A quote that does not close on its line (a cut text): the rest of the line is the value.
    const eol = text.indexOf('\n', at);
    const end = eol < 0 ? text.length : eol;
    return { from: at + open[0].length, to: end, end };
  }
  const re = kind === 'name' ? BARE_NAME : BARE_VALUE;
  re.lastIndex = at;
  const m = re.exec(text);
  if (!m || !m[0].trim()) return undefined;
  const to = at + m[0].replace(/\s+$/, '').length;
  return { from: at, to, end: at + m[0].length };
}

/** Every name and value field of the text, in order; each character is read once. */
function fieldsOf(text: string): Field[] {
  const out: Field[] = [];
  const re = FIELD_KEY;
  re.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = re.exec(text))) {
    const kind = m[2].toLowerCase() === 'value' ? 'value' : 'name';
    const v = valueAt(text, re.lastIndex, kind);
    if (!v) continue;
    out.push({ kind, start: m.index, ...v });
    // A value is read once: a key inside it is not a field.
    re.lastIndex = Math.max(re.lastIndex, v.end);
  }
  return out;
}

/** Whether two fields, `a` before `b`, belong to one record. */
function oneRecord(text: string, a: Field, b: Field): boolean {
  const gap = b.start - a.end;
  return gap >= 0 && gap <= MAX_GAP && !RECORD_END.test(text.slice(a.end, b.start));
}

/** The names a value field is paired with: the name fields right before it in its record, else those right after. */
function namesOf(text: string, fields: readonly Field[], i: number): Field[] {
  const before: Field[] = [];
  for (let j = i - 1; j >= 0 && fields[j].kind === 'name' && oneRecord(text, fields[j], fields[j + 1]); j--) before.push(fields[j]);
  if (before.length) return before;
  const after: Field[] = [];
  for (let j = i + 1; j < fields.length && fields[j].kind === 'name' && oneRecord(text, fields[j - 1], fields[j]); j++) after.push(fields[j]);
  return after;
}

interface Cut {
  from: number;
  to: number;
  shown: string;
}

/** The values of secret-named records among the fields of `text`. */
function recordCuts(text: string): Cut[] {
  const fields = fieldsOf(text);
  const cuts: Cut[] = [];
  fields.forEach((f, i) => {
    if (f.kind !== 'value') return;
    const value = text.slice(f.from, f.to);
    if (NOTHING.test(value) || value === MASK || value.endsWith(` ${MASK}`)) return;
    if (namesOf(text, fields, i).some((n) => isSecretName(text.slice(n.from, n.to)))) cuts.push({ from: f.from, to: f.to, shown: maskScheme(value) });
  });
  return cuts;
}

/** `<key>value</key>`: Sentry's XML field (at most 64 characters of key). */
const XML_FIELD = /<([A-Za-z_][\w.-]{0,63})>([^<]*)<\/\1>/g;

function xmlCuts(text: string): Cut[] {
  const cuts: Cut[] = [];
  XML_FIELD.lastIndex = 0;
  let m: RegExpExecArray | null;
  while ((m = XML_FIELD.exec(text))) {
    const value = m[2].trim();
    if (!isSecretName(m[1]) || NOTHING.test(value) || value === MASK) continue;
    const from = m.index + m[1].length + 2;
    cuts.push({ from, to: from + m[2].length, shown: maskScheme(value) });
  }
  return cuts;
}

/** One cell of a table row: where its text is, without its padding, backticks or emphasis. */
interface Cell {
  from: number;
  to: number;
}

function cellText(text: string, c: Cell): string {
  return text.slice(c.from, c.to);
}

/** The cells of a table row starting at `at` (a line whose first non-blank is `|`), up to `eol`. */
function cellsOf(text: string, at: number, eol: number): Cell[] {
  const cells: Cell[] = [];
  let start = at + 1;
  for (let i = start; i <= eol; i++) {
    if (i < eol && (text[i] !== '|' || text[i - 1] === '\\')) continue;
    let from = start;
    let to = i;
    while (from < to && /\s/.test(text[from])) from++;
    while (to > from && /\s/.test(text[to - 1])) to--;
    // `code` and **bold** around a name or a value are markup, not text.
    while (to - from >= 2 && ((text[from] === '`' && text[to - 1] === '`') || (text[from] === '*' && text[to - 1] === '*'))) {
      from++;
      to--;
    }
    if (i < eol || from < to) cells.push({ from, to });
    start = i + 1;
  }
  return cells;
}

const SEPARATOR_ROW = /^[\s|:-]+$/;

function tableCuts(text: string): Cut[] {
  const cuts: Cut[] = [];
  const mask = (c: Cell | undefined) => {
    const value = c && cellText(text, c);
    if (c && value && !NOTHING.test(value) && value !== MASK && !SEPARATOR_ROW.test(value)) cuts.push({ from: c.from, to: c.to, shown: maskScheme(value) });
  };
  /** Columns headed by a secret name, in the table being read. */
  let secretColumns: number[] = [];
  let header: Cell[] | undefined;
  let inTable = false;
  for (let at = 0; at < text.length;) {
    const nl = text.indexOf('\n', at);
    const eol = nl < 0 ? text.length : nl;
    let first = at;
    while (first < eol && (text[first] === ' ' || text[first] === '\t')) first++;
    if (text[first] === '|') {
      const cells = cellsOf(text, first, eol);
      const line = text.slice(first, eol);
      if (!inTable) {
        header = cells;
        secretColumns = [];
      } else if (header && SEPARATOR_ROW.test(line)) {
        secretColumns = header.flatMap((c, k) => (isSecretName(cellText(text, c)) ? [k] : []));
      } else {
        for (const k of secretColumns) mask(cells[k]);
      }
      if (!SEPARATOR_ROW.test(line)) cells.forEach((c, k) => k + 1 < cells.length && isSecretName(cellText(text, c)) && mask(cells[k + 1]));
      inTable = true;
    } else {
      inTable = false;
      header = undefined;
    }
    at = eol + 1;
  }
  return cuts;
}

/**
 * `text` with the values of `{name, value}` pairs whose name is a secret name masked (an auth scheme
 * before a value is kept), wherever one of the forms above writes them. Text masked before is left
 * as it is.
 */
export function maskPairText(text: string): PairsMasked {
  const cuts: Cut[] = [];
  if (/[:=]/.test(text)) cuts.push(...recordCuts(text));
  if (text.includes('</')) cuts.push(...xmlCuts(text));
  if (text.includes('|')) cuts.push(...tableCuts(text));
  if (!cuts.length) return { text, count: 0 };
  cuts.sort((a, b) => a.from - b.from);
  let out = '';
  let last = 0;
  let count = 0;
  for (const c of cuts) {
    if (c.from < last) continue;
    out += text.slice(last, c.from) + c.shown;
    last = c.to;
    count++;
  }
  return { text: out + text.slice(last), count };
}
