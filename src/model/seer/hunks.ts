/**
 * Seer's file patches into hunks. Seer's FilePatch (getsentry/seer, automation/autofix/models.py) is
 * `{type: A|M|D, path, added, removed, source_file, target_file, hunks: [{source_start,
 * source_length, target_start, target_length, section_header, lines: [{value, line_type: ' '|'+'|'-',
 * source_line_no, target_line_no}]}]}`; the agent shape passes it through in `merged_file_patches`
 * (ExplorerFilePatch `{repo_name, patch}`, src/sentry/seer/agent/client_models.py, extra fields
 * allowed), the legacy `changes` step in `diff`, with the whole change also as `diff_str`. No `vscode` import.
 */
import { parsePatch } from 'diff';
import { count, list, record } from '../read';
import { LIMITS, type SeerCut, type SeerFileChange, type SeerHunk } from './runView';

/** Collects what was cut of one change. */
class Cuts {
  private readonly kinds = new Set<SeerCut>();
  add(kind: SeerCut): void {
    this.kinds.add(kind);
  }
  get list(): SeerCut[] | undefined {
    return this.kinds.size ? [...this.kinds] : undefined;
  }
}

function lineText(v: unknown, cuts: Cuts): string {
  if (typeof v !== 'string') return '';
  // unidiff keeps each line's end in `value`.
  const line = v.replace(/\r?\n$/, '');
  if (line.length > LIMITS.text) cuts.add('line-length');
  return line.slice(0, LIMITS.text);
}

/**
 * Hunks of one Seer FilePatch; a hunk with a line of unknown type, or without its starts, is dropped
 * (it would not apply), and said in `cuts`, as is what the bounds left out.
 */
export function readHunks(hunks: unknown, cuts = new Cuts()): SeerHunk[] {
  const out: SeerHunk[] = [];
  let budget: number = LIMITS.hunkLines;
  const all = Array.isArray(hunks) ? hunks : [];
  if (all.length > LIMITS.hunks) cuts.add('hunks');
  const kept = list(all, LIMITS.hunks);
  for (const [k, h] of kept.entries()) {
    const o = record(h);
    if (!o) {
      cuts.add('unreadable');
      continue;
    }
    const oldStart = count(o.source_start);
    const newStart = count(o.target_start);
    if (oldStart === undefined || newStart === undefined) {
      cuts.add('unreadable');
      continue;
    }
    const given = Array.isArray(o.lines) ? o.lines : [];
    if (given.length > budget) cuts.add('lines');
    const lines: string[] = [];
    let ok = true;
    for (const l of list(given, budget)) {
      const lo = record(l);
      const type = lo?.line_type;
      if (type !== ' ' && type !== '+' && type !== '-') {
        ok = false;
        break;
      }
      lines.push(type + lineText(lo?.value, cuts));
    }
    if (!ok) cuts.add('unreadable');
    if (!ok || lines.length === 0) continue;
    budget -= lines.length;
    out.push({
      oldStart,
      newStart,
      oldLines: lines.filter((l) => l[0] !== '+').length,
      newLines: lines.filter((l) => l[0] !== '-').length,
      lines,
    });
    if (budget <= 0) {
      if (k < kept.length - 1) cuts.add('lines');
      break;
    }
  }
  return out;
}

function kindOf(type: unknown): SeerFileChange['kind'] {
  return type === 'A' ? 'add' : type === 'D' ? 'delete' : 'modify';
}

/**
 * Seer's path of a file, as sent: never trimmed or otherwise changed (the exact path decides which
 * file is written); one longer than LIMITS.short is cut, said in `cuts`.
 */
function readPath(v: unknown, cuts: Cuts): string | undefined {
  if (typeof v !== 'string' || !v.trim()) return undefined;
  if (v.length <= LIMITS.short) return v;
  cuts.add('path');
  return `${v.slice(0, LIMITS.short - 1)}…`;
}

/** One FilePatch of a repository; undefined without a path. */
export function readFilePatch(repo: string, patch: unknown): SeerFileChange | undefined {
  const p = record(patch);
  const cuts = new Cuts();
  const path = readPath(p?.path, cuts);
  if (!p || !path) return undefined;
  const hunks = readHunks(p.hunks, cuts);
  return {
    repo,
    path,
    kind: kindOf(p.type),
    added: count(p.added) ?? hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '+').length, 0),
    removed: count(p.removed) ?? hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '-').length, 0),
    hunks,
    ...(cuts.list ? { cut: cuts.list } : {}),
  };
}

/** At most `max` of `items`, with how many were left out. */
export function bounded<T>(items: readonly T[], max: number): { kept: T[]; left: number } {
  return { kept: items.slice(0, max), left: Math.max(0, items.length - max) };
}

function stripAB(name: string | undefined): string | undefined {
  return name?.replace(/^[ab]\//, '');
}

/** The most of a legacy `diff_str` read (characters): longer, its last files are cut. */
const MAX_DIFF_TEXT = 2_000_000;

/**
 * The files of a unified diff (the legacy `diff_str`), for changes whose `diff` came without hunks;
 * `filesCut`: the files beyond LIMITS.files.
 */
export function readUnifiedDiff(repo: string, text: unknown): { changes: SeerFileChange[]; filesCut: number } {
  const whole = typeof text === 'string' ? text : '';
  const s = whole.slice(0, MAX_DIFF_TEXT);
  if (!s.trim()) return { changes: [], filesCut: 0 };
  let parsed: ReturnType<typeof parsePatch>;
  try {
    parsed = parsePatch(s);
  } catch {
    return { changes: [], filesCut: 0 };
  }
  const files = bounded(parsed, LIMITS.files);
  const out: SeerFileChange[] = [];
  for (const f of files.kept) {
    const cuts = new Cuts();
    // The text was cut short: any file of it may be.
    if (whole.length > MAX_DIFF_TEXT) cuts.add('lines');
    const oldName = stripAB(f.oldFileName);
    const newName = stripAB(f.newFileName);
    const name = newName && newName !== '/dev/null' ? newName : oldName;
    const path = readPath(name, cuts);
    if (!path || path === '/dev/null') continue;
    if (f.hunks.length > LIMITS.hunks) cuts.add('hunks');
    let budget: number = LIMITS.hunkLines;
    const hunks: SeerHunk[] = [];
    for (const h of f.hunks.slice(0, LIMITS.hunks)) {
      const lines = h.lines.filter((l) => l[0] === ' ' || l[0] === '+' || l[0] === '-');
      if (lines.length > budget) {
        cuts.add('lines');
        break;
      }
      budget -= lines.length;
      if (lines.some((l) => l.length - 1 > LIMITS.text)) cuts.add('line-length');
      hunks.push({ oldStart: h.oldStart, oldLines: h.oldLines, newStart: h.newStart, newLines: h.newLines, lines: lines.map((l) => l.slice(0, LIMITS.text + 1)) });
    }
    out.push({
      repo,
      path,
      kind: oldName === '/dev/null' ? 'add' : newName === '/dev/null' ? 'delete' : 'modify',
      added: hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '+').length, 0),
      removed: hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '-').length, 0),
      hunks,
      ...(cuts.list ? { cut: cuts.list } : {}),
    });
  }
  return { changes: out, filesCut: files.left };
}
