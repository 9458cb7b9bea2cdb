/**
 * From a frame to the workspace file it names, the one way every feature asks (marks, a click on a
 * frame, hovers, CodeLens, Problems, the AI location tool): the frame's path forms
 * (src/sentryEvent/framePath.ts), the project's code mappings from Sentry (stack root → source root,
 * tried first), then path endings in the workspace index. Same-named files are told apart by the
 * package path, `abs_path` and code mappings; what stays ambiguous is said, never guessed. User path
 * mappings come before all of this, in the glue (../fileIndex.ts), where files are checked on disk.
 * Pure: no `vscode` import.
 */
import type { PathForm } from '../../sentryEvent/framePath';
import type { IndexedFile, PathIndex } from './pathIndex';
import { normalisePath } from './location';

/** A code mapping as Sentry keeps it: frames whose (derived) path starts with `stackRoot` are at `sourceRoot` + the rest in the repository. */
export interface CodeMapping {
  readonly stackRoot: string;
  readonly sourceRoot: string;
  readonly repoName?: string;
}

export type IndexResolution =
  | { readonly kind: 'file'; readonly file: IndexedFile; readonly via: 'codeMapping' | PathForm['via'] }
  | { readonly kind: 'ambiguous'; readonly candidates: readonly IndexedFile[] }
  | { readonly kind: 'none' };

const NONE: IndexResolution = { kind: 'none' };

function segmentCount(path: string): number {
  return path.split('/').length;
}

function depth(file: IndexedFile): number {
  return segmentCount(file.path);
}

/**
 * A code mapping's swap (Sentry: the frame's path starts with the stack root, which is replaced by
 * the source root), on the normalised forms; undefined when the stack root does not start the path.
 */
export function applyCodeMapping(path: string, mapping: CodeMapping): string | undefined {
  const stack = mapping.stackRoot.replace(/\\/g, '/');
  const raw = path.replace(/\\/g, '/');
  const rest = stack === '' ? raw : raw.startsWith(stack) ? raw.slice(stack.length) : undefined;
  if (rest === undefined) return undefined;
  const source = mapping.sourceRoot.replace(/\\/g, '/').replace(/^\/+/, '');
  return normalisePath(source && !source.endsWith('/') && !rest.startsWith('/') ? `${source}/${rest}` : `${source}${rest}`);
}

/**
 * Code mappings in the order Sentry tries them (get_sorted_code_mapping_configs in
 * src/sentry/issues/auto_source_code_config/code_mapping.py): absolute stack roots before relative
 * ones, longer (more specific) before shorter; the first whose swap names a workspace file wins.
 */
export function sortCodeMappings(mappings: readonly CodeMapping[]): CodeMapping[] {
  const absolute = (m: CodeMapping) => (/^(?:[A-Za-z]:)?[/\\]/.test(m.stackRoot) ? 0 : 1);
  return [...mappings].sort((a, b) => absolute(a) - absolute(b) || b.stackRoot.length - a.stackRoot.length);
}

/** The files whose path ends with all of `path`'s segments. */
function whole(index: PathIndex, path: string): IndexedFile[] {
  const n = segmentCount(path);
  return index
    .lookup(path)
    .filter((m) => m.score >= n)
    .map((m) => m.file);
}

/** Among files, the best by score (then nearest their folder's root); several when they tie. */
function bestOf(scored: ReadonlyMap<IndexedFile, number>): IndexedFile[] {
  let top = 0;
  for (const s of scored.values()) top = Math.max(top, s);
  if (top === 0) return [];
  const tops = [...scored].filter(([, s]) => s === top).map(([f]) => f);
  const shallowest = Math.min(...tops.map(depth));
  return tops.filter((f) => depth(f) === shallowest);
}

/** How many trailing segments of `path` a file's path ends with (case-insensitively, as the index compares). */
function scoreAgainst(index: PathIndex, path: string, file: IndexedFile): number {
  return index.lookup(path).find((m) => m.file === file)?.score ?? 0;
}

/**
 * The workspace file of a frame's path forms (pathForms, most specific first): a code mapping whose
 * swap names a file; else the most specific form that matches (a form marked exclusive decides alone:
 * a JVM class's package path, a Dart package), ties broken by the other forms; else ambiguous.
 */
export function resolveInIndex(index: PathIndex, forms: readonly PathForm[], codeMappings: readonly CodeMapping[] = [], sources: readonly string[] = []): IndexResolution {
  if (forms.length === 0) return NONE;
  // Sentry's order: each mapping (most specific first) on the munged path or filename, then on abs_path.
  for (const mapping of sortCodeMappings(codeMappings)) {
    for (const text of sources) {
      const mapped = applyCodeMapping(text, mapping);
      const files = mapped ? whole(index, mapped) : [];
      if (files.length === 1) return { kind: 'file', file: files[0], via: 'codeMapping' };
    }
  }
  const exclusive = forms.find((f) => f.exclusive);
  const tried = exclusive ? [exclusive] : forms;
  // Every file any form matches, scored by the best form: the specific forms first, each looser one only where the file passed its own minimum.
  const scored = new Map<IndexedFile, number>();
  let via: PathForm['via'] | undefined;
  for (const form of tried) {
    for (const m of index.lookup(form.path)) {
      if (m.score < form.minSegments) continue;
      // A derived path counts above any looser form: its whole length matched.
      const score = form.via === 'munged' ? 10_000 + m.score : m.score;
      if (score > (scored.get(m.file) ?? 0)) scored.set(m.file, score);
    }
    via ??= scored.size ? form.via : undefined;
  }
  let best = bestOf(scored);
  if (best.length > 1) {
    // Tied: the forms scored apart (abs_path's build path often says which of two same-named folders).
    for (const form of forms) {
      const tie = new Map(best.map((f) => [f, scoreAgainst(index, form.path, f)]));
      const narrowed = bestOf(tie);
      if (narrowed.length === 1) {
        best = narrowed;
        break;
      }
    }
  }
  if (best.length === 0) return NONE;
  if (best.length === 1) return { kind: 'file', file: best[0], via: via ?? 'filename' };
  return { kind: 'ambiguous', candidates: best };
}

/**
 * Of several workspace files equally likely for a path, the one in the repository a server names
 * (`owner/name`, as Seer's changes and code mappings name it): the only candidate whose workspace
 * folder, or first path segment, is called like the repository (case-insensitive); undefined when
 * none or several are.
 */
export function inRepository(candidates: readonly { readonly folderName: string; readonly path: string }[], repo: string | undefined): number | undefined {
  const name = repo?.split('/').pop()?.trim().toLowerCase();
  if (!name) return undefined;
  const hits = candidates.flatMap((c, k) => (c.folderName.toLowerCase() === name || c.path.split('/')[0].toLowerCase() === name ? [k] : []));
  return hits.length === 1 ? hits[0] : undefined;
}

/** The code mappings of one repository (`owner/name`), when a server names it; all of them otherwise. */
export function mappingsOf(codeMappings: readonly CodeMapping[], repo: string | undefined): readonly CodeMapping[] {
  return repo ? codeMappings.filter((m) => !m.repoName || m.repoName === repo) : codeMappings;
}
