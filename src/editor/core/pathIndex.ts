/**
 * An index of workspace files for mapping server paths: built once, updated by file events, queried
 * by path suffix (the longest suffix wins, then the file nearest its folder's root). Pure: paths are
 * workspace-relative strings with `/`; the glue feeds it from findFiles and a FileSystemWatcher.
 */
import type { PathMapping } from '../../config';
import { normalisePath } from './location';

export interface IndexedFile {
  /** Index of the workspace folder. */
  folder: number;
  /** Relative to that folder, `/`-separated. */
  path: string;
}

export interface Match {
  file: IndexedFile;
  /** How many trailing path segments matched. */
  score: number;
}

export class PathIndex {
  /** lower-cased basename -> files with that basename */
  private readonly byName = new Map<string, IndexedFile[]>();
  private count = 0;

  get size(): number {
    return this.count;
  }

  add(folder: number, relPath: string): void {
    const path = normalisePath(relPath);
    if (!path) return;
    const name = basename(path).toLowerCase();
    const list = this.byName.get(name) ?? [];
    if (list.some((f) => f.folder === folder && f.path === path)) return;
    list.push({ folder, path });
    this.byName.set(name, list);
    this.count++;
  }

  remove(folder: number, relPath: string): void {
    const path = normalisePath(relPath);
    if (!path) return;
    const name = basename(path).toLowerCase();
    const list = this.byName.get(name);
    if (!list) return;
    const i = list.findIndex((f) => f.folder === folder && f.path === path);
    if (i < 0) return;
    list.splice(i, 1);
    this.count--;
    if (list.length === 0) this.byName.delete(name);
  }

  has(folder: number, relPath: string): boolean {
    const path = normalisePath(relPath);
    return !!path && !!this.byName.get(basename(path).toLowerCase())?.some((f) => f.folder === folder && f.path === path);
  }

  /**
   * Candidates for a server path, best first: longest matching suffix, then fewest segments
   * (nearest the root), then folder order and path, so the order is deterministic.
   */
  lookup(serverPath: string): Match[] {
    const path = normalisePath(serverPath);
    if (!path) return [];
    const want = path.split('/');
    const candidates = this.byName.get(want[want.length - 1].toLowerCase()) ?? [];
    const matches: Match[] = [];
    for (const file of candidates) {
      const score = suffixScore(want, file.path.split('/'));
      if (score > 0) matches.push({ file, score });
    }
    return matches.sort(
      (a, b) => b.score - a.score || depth(a.file.path) - depth(b.file.path) || a.file.folder - b.file.folder || (a.file.path < b.file.path ? -1 : a.file.path > b.file.path ? 1 : 0),
    );
  }

  /** The best matches only (all that tie on score and depth). */
  best(serverPath: string): Match[] {
    const all = this.lookup(serverPath);
    if (all.length === 0) return [];
    const top = all[0];
    return all.filter((m) => m.score === top.score && depth(m.file.path) === depth(top.file.path));
  }
}

/**
 * Applies the first user mapping whose `from` prefixes the raw server path (as sent, before
 * normalisation: `/usr/src/app/`, `webpack:///./` keep their leading parts). Returns the mapped
 * workspace-relative path, or undefined when no mapping applies or the result would leave the
 * workspace (`..` segments that climb out, absolute targets).
 */
export function applyMappings(serverPath: string, mappings: readonly PathMapping[]): string | undefined {
  // A URL's query and fragment name no file (`main.js?v=3`).
  const raw = serverPath
    .trim()
    .replace(/[?#].*$/, '')
    .replace(/\\/g, '/');
  for (const m of mappings) {
    const from = m.from.replace(/\\/g, '/');
    if (!from || !raw.startsWith(from)) continue;
    const to = m.to.replace(/\\/g, '/');
    if (/^([A-Za-z]:)?\//.test(to) || to.startsWith('~')) return undefined;
    const joined = `${to.replace(/\/+$/, '')}/${raw.slice(from.length).replace(/^\/+/, '')}`;
    return confine(joined);
  }
  return undefined;
}

/** A relative path with `.` and `..` resolved, or undefined if it climbs above its root. */
export function confine(relPath: string): string | undefined {
  const out: string[] = [];
  for (const s of relPath.replace(/\\/g, '/').split('/')) {
    if (s === '' || s === '.') continue;
    if (s === '..') {
      if (out.length === 0) return undefined;
      out.pop();
      continue;
    }
    out.push(s);
  }
  return out.length ? out.join('/') : undefined;
}

function suffixScore(want: string[], have: string[]): number {
  let n = 0;
  while (n < want.length && n < have.length) {
    const a = want[want.length - 1 - n];
    const b = have[have.length - 1 - n];
    // Case-insensitive: a Windows build server may spell a folder differently from the workspace.
    if (a !== b && a.toLowerCase() !== b.toLowerCase()) break;
    n++;
  }
  return n;
}

function depth(path: string): number {
  let d = 0;
  for (let i = 0; i < path.length; i++) if (path.charCodeAt(i) === 47) d++;
  return d;
}

function basename(path: string): string {
  const i = path.lastIndexOf('/');
  return i < 0 ? path : path.slice(i + 1);
}
