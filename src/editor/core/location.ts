/**
 * Parses an event's `location` (documented as "source file and line") and a frame's paths into a
 * normalised relative path plus line and column. Real servers send `file:line`, a bare file name,
 * `file:line:col`, Windows paths, `app:///` and `webpack:///` URLs, `~/` paths, or null.
 */
export interface ParsedLocation {
  /** Normalised: `/` separators, no scheme, drive letter, `./`, `../` or leading `/`. */
  path: string;
  /** 1-based, when the location has one. */
  line?: number;
  column?: number;
}

const SCHEMES = /^(?:webpack-internal:\/\/\/|webpack:\/\/\/?|app:\/\/\/?|file:\/\/\/?|https?:\/\/[^/]+\/?)/i;

/**
 * A location as the server sent it: `raw` is its path without line and column but otherwise
 * untouched, which is what user path mappings (`/usr/src/app/`, `webpack:///./`) are matched
 * against; `path` is the normalised form the workspace index is searched with.
 */
export interface ServerLocation extends ParsedLocation {
  raw: string;
}

export function parseServerLocation(location: string | null | undefined): ServerLocation | undefined {
  if (!location) return undefined;
  let text = location.trim();
  if (!text) return undefined;
  let line: number | undefined;
  let column: number | undefined;
  const m = /^(.*?):(\d+)(?::(\d+))?$/.exec(text);
  if (m && m[1] && !/^[A-Za-z]$/.test(m[1])) {
    text = m[1];
    line = positive(m[2]);
    column = m[3] !== undefined ? positive(m[3]) : undefined;
  }
  const path = normalisePath(text);
  if (!path) return undefined;
  return { path, raw: text, ...(line !== undefined ? { line } : {}), ...(column !== undefined ? { column } : {}) };
}

export function parseLocation(location: string | null | undefined): ParsedLocation | undefined {
  const server = parseServerLocation(location);
  if (!server) return undefined;
  const { raw: _raw, ...parsed } = server;
  return parsed;
}

/** The path part only: no line; undefined for things that are not files (`<anonymous>`, `[native code]`). */
export function normalisePath(raw: string | null | undefined): string | undefined {
  if (!raw) return undefined;
  let p = raw.trim();
  if (!p || p.startsWith('<') || p.startsWith('[')) return undefined;
  p = p.replace(SCHEMES, '');
  p = p.replace(/[?#].*$/, '');
  p = p.replace(/\\/g, '/');
  p = p.replace(/^[A-Za-z]:(?=\/|$)/, '');
  p = p.replace(/^~\//, '');
  // Drop `.` and leading `..` segments: a server path never climbs out of anything we index.
  const segments: string[] = [];
  for (const s of p.split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (segments.length) segments.pop();
      continue;
    }
    segments.push(s);
  }
  if (segments.length === 0) return undefined;
  if (segments.some((s) => s.startsWith('<') || s.includes('\0'))) return undefined;
  return segments.join('/');
}

function positive(s: string): number | undefined {
  const n = Number(s);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}
