/**
 * Seer's file patches into hunks. Seer's FilePatch (getsentry/seer, automation/autofix/models.py) is
 * `{type: A|M|D, path, added, removed, source_file, target_file, hunks: [{source_start,
 * source_length, target_start, target_length, section_header, lines: [{value, line_type: ' '|'+'|'-',
 * source_line_no, target_line_no}]}]}`; the agent shape passes it through in `merged_file_patches`
 * (ExplorerFilePatch `{repo_name, patch}`, src/sentry/seer/agent/client_models.py, extra fields
 * allowed), the legacy `changes` step in `diff`, with the whole change also as `diff_str`. No `vscode` import.
 */
import { parsePatch } from 'diff';
import { arr, int, obj, str } from './read';
import { LIMITS, type SeerFileChange, type SeerHunk } from './runView';

function lineText(v: unknown): string {
  if (typeof v !== 'string') return '';
  // unidiff keeps each line's end in `value`.
  return v.replace(/\r?\n$/, '').slice(0, LIMITS.text);
}

/** Hunks of one Seer FilePatch; lines of an unknown type are dropped with their hunk (it would not apply). */
export function readHunks(hunks: unknown): SeerHunk[] {
  const out: SeerHunk[] = [];
  let budget: number = LIMITS.hunkLines;
  for (const h of arr(hunks, LIMITS.hunks)) {
    const o = obj(h);
    if (!o) continue;
    const oldStart = int(o.source_start);
    const newStart = int(o.target_start);
    if (oldStart === undefined || newStart === undefined) continue;
    const lines: string[] = [];
    let ok = true;
    for (const l of arr(o.lines, budget)) {
      const lo = obj(l);
      const type = lo?.line_type;
      if (type !== ' ' && type !== '+' && type !== '-') {
        ok = false;
        break;
      }
      lines.push(type + lineText(lo?.value));
    }
    if (!ok || lines.length === 0) continue;
    budget -= lines.length;
    out.push({
      oldStart,
      newStart,
      oldLines: lines.filter((l) => l[0] !== '+').length,
      newLines: lines.filter((l) => l[0] !== '-').length,
      lines,
    });
    if (budget <= 0) break;
  }
  return out;
}

function kindOf(type: unknown): SeerFileChange['kind'] {
  return type === 'A' ? 'add' : type === 'D' ? 'delete' : 'modify';
}

/** One FilePatch of a repository; undefined without a path. */
export function readFilePatch(repo: string, patch: unknown): SeerFileChange | undefined {
  const p = obj(patch);
  const path = str(p?.path, LIMITS.short);
  if (!p || !path) return undefined;
  const hunks = readHunks(p.hunks);
  return {
    repo,
    path,
    kind: kindOf(p.type),
    added: int(p.added) ?? hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '+').length, 0),
    removed: int(p.removed) ?? hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '-').length, 0),
    hunks,
  };
}

function stripAB(name: string | undefined): string | undefined {
  return name?.replace(/^[ab]\//, '');
}

/** The files of a unified diff (the legacy `diff_str`), for changes whose `diff` came without hunks. */
export function readUnifiedDiff(repo: string, text: unknown): SeerFileChange[] {
  const s = typeof text === 'string' ? text.slice(0, 2_000_000) : '';
  if (!s.trim()) return [];
  let parsed: ReturnType<typeof parsePatch>;
  try {
    parsed = parsePatch(s);
  } catch {
    return [];
  }
  const out: SeerFileChange[] = [];
  for (const f of parsed.slice(0, LIMITS.files)) {
    const oldName = stripAB(f.oldFileName);
    const newName = stripAB(f.newFileName);
    const path = newName && newName !== '/dev/null' ? newName : oldName;
    if (!path || path === '/dev/null') continue;
    const hunks: SeerHunk[] = f.hunks.slice(0, LIMITS.hunks).map((h) => ({
      oldStart: h.oldStart,
      oldLines: h.oldLines,
      newStart: h.newStart,
      newLines: h.newLines,
      lines: h.lines.filter((l) => l[0] === ' ' || l[0] === '+' || l[0] === '-').map((l) => l.slice(0, LIMITS.text)),
    }));
    out.push({
      repo,
      path: path.slice(0, LIMITS.short),
      kind: oldName === '/dev/null' ? 'add' : newName === '/dev/null' ? 'delete' : 'modify',
      added: hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '+').length, 0),
      removed: hunks.reduce((n, h) => n + h.lines.filter((l) => l[0] === '-').length, 0),
      hunks,
    });
  }
  return out;
}
