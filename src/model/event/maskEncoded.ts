/**
 * Secrets in URL-encoded text (maskEncoded): a JSON body or a form sent once more as a query value
 * (`?data=%7B%22password%22%3A%22hunter2%22%7D`, `?q=password%3Dhunter2`), or a token whose `=` or
 * `+` was encoded. Each run of URL-encoded text is decoded, masked by the masker it is given, and
 * written back encoded where it changed; the rest of the run keeps its bytes, so the URL reads the
 * same. Linear: every run is decoded and masked once. No `vscode` import.
 */
import { MASK } from './types';

type Masker = (text: string) => { text: string; count: number };

/**
 * The characters of a run of URL-encoded text: those encodeURIComponent leaves as they are
 * (`A-Za-z0-9-_.!~*'()`), `+` (a space in a form), `%`, and any non-ASCII character (which sloppy
 * encoders leave raw). A value's characters must all be in its run, or its tail would be left out.
 */
function isRunChar(c: number): boolean {
  return (
    (c >= 48 && c <= 57) ||
    (c >= 65 && c <= 90) ||
    (c >= 97 && c <= 122) ||
    c >= 128 ||
    c === 37 ||
    c === 43 ||
    c === 45 ||
    c === 46 ||
    c === 95 ||
    c === 126 ||
    c === 33 ||
    c === 42 ||
    (c >= 39 && c <= 41)
  );
}
function hexDigit(c: number): number {
  if (c >= 48 && c <= 57) return c - 48;
  const l = c | 32;
  return l >= 97 && l <= 102 ? l - 87 : -1;
}
/** The byte of the two hex digits at `i`, or -1. */
function byteAt(s: string, i: number): number {
  const hi = hexDigit(s.charCodeAt(i));
  const lo = hexDigit(s.charCodeAt(i + 1));
  return hi < 0 || lo < 0 ? -1 : hi * 16 + lo;
}

/**
 * Code units to a string in one native call. A lone surrogate becomes U+FFFD, one unit for one, so
 * the offsets stay right; what is not masked is copied from the run itself, surrogate and all.
 */
const UTF16 = new TextDecoder('utf-16le');

/**
 * The decoded text of a run, and for each of its UTF-16 units the span of the run it came from: one
 * character, one ASCII `%XX`, or a whole sequence of non-ASCII escapes (decoded together as UTF-8;
 * kept as it is when it is not valid UTF-8). `+` stays `+`: read as a space, a password's tail would
 * be left outside its value. Undefined when the run has no escape to decode.
 */
function decodeRun(run: string): { decoded: string; from: Int32Array; to: Int32Array } | undefined {
  const len = run.length;
  // A decoded run is never longer than the run: each escape (3 characters) decodes to at most one unit.
  const units = new Uint16Array(len);
  const from = new Int32Array(len);
  const to = new Int32Array(len);
  let n = 0;
  let escapes = false;
  for (let i = 0; i < len;) {
    const byte = run.charCodeAt(i) === 37 ? byteAt(run, i + 1) : -1;
    if (byte < 0) {
      units[n] = run.charCodeAt(i);
      from[n] = i;
      to[n++] = i + 1;
      i++;
    } else if (byte < 0x80) {
      escapes = true;
      units[n] = byte;
      from[n] = i;
      to[n++] = i + 3;
      i += 3;
    } else {
      let j = i;
      while (run.charCodeAt(j) === 37 && byteAt(run, j + 1) >= 0x80) j += 3;
      let text: string;
      try {
        text = decodeURIComponent(run.slice(i, j));
        escapes = true;
      } catch {
        text = run.slice(i, j);
      }
      for (let k = 0; k < text.length; k++) {
        units[n] = text.charCodeAt(k);
        from[n] = i;
        to[n++] = j;
      }
      i = j;
    }
  }
  return escapes ? { decoded: UTF16.decode(units.subarray(0, n)), from, to } : undefined;
}

/** `s` URL-encoded, MASK left as it is. */
function encodeMasked(s: string): string | undefined {
  try {
    return s.split(MASK).map(encodeURIComponent).join(MASK);
  } catch {
    return undefined; // a lone surrogate: the caller masks the whole run
  }
}

/** One run with its secrets masked, or undefined when it has none. */
function maskRun(run: string, inner: Masker): { text: string; count: number } | undefined {
  const decodedRun = decodeRun(run);
  if (!decodedRun) return undefined;
  const { decoded, from, to } = decodedRun;
  const m = inner(decoded);
  if (!m.count) return undefined;
  const dl = decoded.length;
  const ml = m.text.length;
  // What changed: between the longest common prefix and suffix, widened to whole escapes.
  let p = 0;
  while (p < dl && p < ml && decoded[p] === m.text[p]) p++;
  let q = 0;
  while (q < dl - p && q < ml - p && decoded[dl - 1 - q] === m.text[ml - 1 - q]) q++;
  let e = dl - q;
  while (p > 0 && p < dl && from[p - 1] === from[p]) p--;
  while (e > 0 && e < dl && from[e] === from[e - 1]) e++;
  const start = p < dl ? from[p] : run.length;
  const end = e > p ? to[e - 1] : start;
  const shown = encodeMasked(m.text.slice(p, ml - (dl - e)));
  if (shown === undefined) return { text: MASK, count: m.count };
  return { text: run.slice(0, start) + shown + run.slice(end), count: m.count };
}

/**
 * Where the run around `at` starts (not before `floor`) and ends. A MASK inside it belongs to it: text
 * masked before decodes with its MASK where it was, so masking it again finds nothing new.
 */
function runStart(text: string, at: number, floor: number): number {
  let i = at;
  for (;;) {
    while (i > floor && isRunChar(text.charCodeAt(i - 1))) i--;
    if (i - MASK.length < floor || !text.startsWith(MASK, i - MASK.length)) return i;
    i -= MASK.length;
  }
}
function runEnd(text: string, at: number): number {
  let i = at;
  for (;;) {
    while (i < text.length && isRunChar(text.charCodeAt(i))) i++;
    if (!text.startsWith(MASK, i)) return i;
    i += MASK.length;
  }
}

/** `text` with the secrets in its URL-encoded runs masked by `inner` (which sees them decoded). */
export function maskEncoded(text: string, inner: Masker): { text: string; count: number } {
  let at = text.indexOf('%');
  let out = '';
  let last = 0;
  let floor = 0;
  let count = 0;
  while (at >= 0) {
    if (byteAt(text, at + 1) < 0) {
      at = text.indexOf('%', at + 1);
      continue;
    }
    const start = runStart(text, at, floor);
    const end = runEnd(text, at);
    const masked = maskRun(text.slice(start, end), inner);
    if (masked) {
      out += text.slice(last, start) + masked.text;
      last = end;
      count += masked.count;
    }
    floor = end;
    at = text.indexOf('%', end);
  }
  return count ? { text: out + text.slice(last), count } : { text, count: 0 };
}
