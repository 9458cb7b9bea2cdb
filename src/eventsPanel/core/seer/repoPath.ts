/**
 * The rules for the path of a Seer change, which is Seer's text and so untrusted (Seer writes it from
 * event data anyone holding a project's DSN can send): a path inside a repository, relative, in plain
 * segments (no `..`, `.`, empty segment, backslash, drive or control character), or nothing; and the
 * paths that run code or change the editor, the repository or CI, which are written only after the
 * user confirms them in a modal of their own (.git/, .vscode/, .github/, .husky/, .devcontainer/, any
 * dotfile or dot folder such as .envrc and .npmrc, a package.json whose `scripts` change, a path or
 * text with invisible or bidirectional-control characters). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { codePointName, hasInvisible, invisiblesIn } from '../../../format/invisibles';
import type { SeerFileChange } from '../../../model/seer/runView';

/** A path longer than this, or deeper, names no file Seer may write. */
const MAX_PATH = 1024;
const MAX_SEGMENTS = 64;

/**
 * The segments of a repository-relative path exactly as Seer wrote it, or undefined when it is not
 * one: nothing is normalised, so what is checked is what is written.
 */
export function repoSegments(path: string): string[] | undefined {
  if (!path || path.length > MAX_PATH || path.includes('\\') || /^[A-Za-z]:/.test(path)) return undefined;
  // C0 and C1 controls name no file anyone meant (a NUL ends the path on some systems).
  if (/[\u0000-\u001f\u007f-\u009f]/.test(path)) return undefined;
  const segments = path.split('/');
  if (segments.length > MAX_SEGMENTS) return undefined;
  if (segments.some((s) => s === '' || s === '.' || s === '..')) return undefined;
  return segments;
}

export type SensitiveReason = 'git' | 'editor' | 'ci' | 'hooks' | 'container' | 'dotfile' | 'scripts' | 'invisible';

/** Folders whose files Git, the editor, CI, hook managers or dev containers run or obey. */
const FOLDERS: Record<string, SensitiveReason> = {
  '.git': 'git',
  '.vscode': 'editor',
  '.github': 'ci',
  '.husky': 'hooks',
  '.devcontainer': 'container',
};

/**
 * Why writing this path needs the user's confirmation: the folders above (compared without case: on
 * macOS and Windows `.VSCode` is `.vscode`), any other segment starting with a dot, invisible
 * characters in a name. Empty: none.
 */
export function pathReasons(segments: readonly string[]): SensitiveReason[] {
  const out = new Set<SensitiveReason>();
  for (const s of segments) {
    const known = FOLDERS[s.toLowerCase()];
    if (known) out.add(known);
    else if (s.startsWith('.')) out.add('dotfile');
    if (hasInvisible(s)) out.add('invisible');
  }
  return [...out];
}

function scriptsOf(text: string | undefined): { ok: boolean; scripts?: string } {
  if (text === undefined) return { ok: true };
  try {
    const v: unknown = JSON.parse(text);
    const scripts = v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>).scripts : undefined;
    return { ok: true, scripts: scripts === undefined ? undefined : JSON.stringify(scripts) };
  } catch {
    return { ok: false };
  }
}

/**
 * Whether a change of a package.json changes what npm runs: its `scripts` differ between `before`
 * and `after` (undefined: no file). A text that is not JSON counts as a change: what npm would run
 * cannot be told.
 */
export function scriptsChange(segments: readonly string[], before: string | undefined, after: string | undefined): boolean {
  if (segments[segments.length - 1]?.toLowerCase() !== 'package.json') return false;
  const a = scriptsOf(before);
  const b = scriptsOf(after);
  return !a.ok || !b.ok || a.scripts !== b.scripts;
}

/** The invisible and bidirectional-control characters of a change's path and lines, with the first line each is on. */
export function invisiblesOfChange(change: SeerFileChange): { codePoint: number; line?: number }[] {
  const out = new Map<number, number | undefined>();
  for (const c of invisiblesIn(change.path)) out.set(c, undefined);
  for (const h of change.hunks) {
    let line = h.newStart;
    for (const l of h.lines) {
      if (l[0] !== '-') {
        if (l[0] === '+' && hasInvisible(l)) for (const c of invisiblesIn(l.slice(1))) if (!out.has(c)) out.set(c, line);
        line++;
      }
      if (out.size >= 8) break;
    }
  }
  return [...out].map(([codePoint, line]) => (line === undefined ? { codePoint } : { codePoint, line }));
}

/** "U+202E (line 12), U+200B". */
export function describeInvisibles(found: readonly { codePoint: number; line?: number }[]): string {
  return found.map((f) => (f.line === undefined ? codePointName(f.codePoint) : l10n.t('{0} (line {1})', codePointName(f.codePoint), f.line))).join(', ');
}

/** Why a path needs a confirmation, in words. */
export function describeReason(reason: SensitiveReason): string {
  switch (reason) {
    case 'git':
      return l10n.t('Git runs or obeys it (.git/)');
    case 'editor':
      return l10n.t('VS Code runs or obeys it (.vscode/)');
    case 'ci':
      return l10n.t('CI runs it (.github/)');
    case 'hooks':
      return l10n.t('a Git hook manager runs it (.husky/)');
    case 'container':
      return l10n.t('a dev container runs it (.devcontainer/)');
    case 'dotfile':
      return l10n.t('a dotfile: tools read and may run it');
    case 'scripts':
      return l10n.t('it changes the scripts npm runs');
    case 'invisible':
      return l10n.t('it holds invisible or bidirectional-control characters');
  }
}
