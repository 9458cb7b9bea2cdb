/**
 * From a frame to the workspace file it names, the one way every feature asks (marks, a click on a
 * frame, hovers, CodeLens, Problems, the AI location tool): the project's code mappings from Sentry,
 * tried in Sentry's order on the path Sentry swaps (../../model/event/mungedPath.ts), then the
 * frame's path forms (../../model/event/framePath.ts) by their endings in the workspace index.
 * Same-named files are told apart by the package path, `abs_path` and code mappings; what stays
 * ambiguous is said, never guessed. User path mappings come before all of this, in the glue
 * (../fileIndex.ts), where files are checked on disk. Pure: no `vscode` import.
 */
import type { PathForm } from '../../model/event/framePath';
import type { MappingSources } from '../../model/event/mungedPath';
import type { IndexedFile, PathIndex } from './pathIndex';
import { normalisePath } from './location';

/**
 * A code mapping as Sentry keeps it (RepositoryProjectPathConfigSerializer): frames whose path starts
 * with `stackRoot` are at `sourceRoot` + the rest in the repository. `id` and `automaticallyGenerated`
 * decide its place in Sentry's order.
 */
export interface CodeMapping {
  readonly stackRoot: string;
  readonly sourceRoot: string;
  readonly repoName?: string;
  readonly id?: string;
  /** Derived by Sentry (auto_source_code_config) rather than set by a user: tried after the user's. */
  readonly automaticallyGenerated?: boolean;
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
 * A code mapping's swap as convert_stacktrace_frame_path_to_source_path makes it: the path must start
 * with the stack root exactly as stored (no separator or case folding), which is replaced by the source
 * root; then `\` becomes `/` and leading `/` go. The munged path (or `filename`) first, else `abs_path`;
 * undefined when the stack root starts neither.
 */
export function applyCodeMapping(sources: MappingSources, mapping: CodeMapping): string | undefined {
  const swap = (text: string | undefined) =>
    text !== undefined && text.startsWith(mapping.stackRoot) ? (mapping.sourceRoot + text.slice(mapping.stackRoot.length)).replace(/\\/g, '/').replace(/^\/+/, '') : undefined;
  return swap(sources.path) ?? swap(sources.absPath);
}

/** Sentry's own idea of an absolute stack root: a leading `/` (a `C:\` root is not one). */
const isAbsolute = (m: CodeMapping) => m.stackRoot.startsWith('/');
const generated = (m: CodeMapping) => m.automaticallyGenerated === true;

/**
 * Code mappings in the order Sentry tries them, get_sorted_code_mapping_configs
 * (src/sentry/issues/auto_source_code_config/code_mapping.py), step for step: taken by id, each is
 * inserted before the first already placed that is generated while it is the user's, or relative
 * while it is absolute, or of the same kind with a stack root it starts with; otherwise a user's goes
 * first and a generated one last. So a user's mapping beats a generated one of the same kind whatever
 * their lengths. It is no true sort (where a generated absolute root lands next to a user's relative
 * one depends on their ids), hence the replica rather than a comparator.
 */
export function sortCodeMappings(mappings: readonly CodeMapping[]): CodeMapping[] {
  const byId = mappings.every((m) => m.id !== undefined && /^\d{1,20}$/.test(m.id)) ? [...mappings].sort((a, b) => Number(a.id) - Number(b.id)) : [...mappings];
  const sorted: CodeMapping[] = [];
  for (const config of byId) {
    const at = sorted.findIndex(
      (placed) =>
        (generated(placed) && !generated(config)) || (!isAbsolute(placed) && isAbsolute(config)) || (generated(placed) === generated(config) && config.stackRoot.startsWith(placed.stackRoot)),
    );
    if (at >= 0) sorted.splice(at, 0, config);
    else if (generated(config)) sorted.push(config);
    else sorted.unshift(config);
  }
  return sorted;
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

/** Of files equally likely, those a form scores apart (abs_path's build path often says which of two same-named folders). */
function tieBreak(index: PathIndex, forms: readonly PathForm[], files: IndexedFile[]): IndexedFile[] {
  for (const form of forms) {
    const narrowed = bestOf(new Map(files.map((f) => [f, scoreAgainst(index, form.path, f)])));
    if (narrowed.length === 1) return narrowed;
  }
  return files;
}

/**
 * The workspace file of a frame: the first code mapping, in Sentry's order, whose swap of the path
 * Sentry swaps (`sources`, ../../model/event/mungedPath.ts) names a workspace file, as Sentry takes
 * the first whose file its repository has; else the most specific of the frame's path forms
 * (pathForms, most specific first) that matches (a form marked exclusive decides alone: a JVM class's
 * package path, a Dart package), ties broken by the other forms; else ambiguous.
 */
export function resolveInIndex(index: PathIndex, forms: readonly PathForm[], codeMappings: readonly CodeMapping[] = [], sources: MappingSources = {}): IndexResolution {
  if (forms.length === 0) return NONE;
  for (const mapping of sortCodeMappings(codeMappings)) {
    const mapped = normalisePath(applyCodeMapping(sources, mapping));
    const files = mapped ? whole(index, mapped) : [];
    if (files.length === 0) continue;
    // This mapping wins; several workspace files with its path (two checkouts) are told apart by the frame, or said.
    const best = files.length === 1 ? files : tieBreak(index, forms, files);
    return best.length === 1 ? { kind: 'file', file: best[0], via: 'codeMapping' } : { kind: 'ambiguous', candidates: best };
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
  if (best.length > 1) best = tieBreak(index, forms, best);
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
