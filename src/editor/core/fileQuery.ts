/**
 * The issue search that finds a file's issues (`stack.filename:"*app/checkout.ts"`: Sentry's issue
 * search takes event attributes, wildcards included) and the hints that spare event requests. Pure: no `vscode` import.
 */
import type { Issue } from '../../model/issue/schema';
import { normalisePath } from './location';

/**
 * The end of a workspace-relative path searched for: its last two segments. Servers send paths
 * with prefixes of their own (`webpack:///./src/…`, `/srv/app/…`) and the workspace may hold the
 * project below a folder of its own, so the search matches any path ending this way; which results
 * are really this file is decided by resolving their locations.
 */
export function pathSuffix(relativePath: string): string | undefined {
  const path = normalisePath(relativePath);
  if (!path) return undefined;
  return path.split('/').slice(-2).join('/');
}

/** `stack.filename:"*<suffix>"`, the value quoted and escaped. */
export function stackFilenameTerm(suffix: string): string {
  return `stack.filename:"*${suffix.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
}

/** Files whose SDKs keep the bare file name in a frame's filename (JVM, Cocoa, Dart): what Sentry stores is the name itself. */
const BARE_NAME = /\.(?:java|kt|kts|scala|sc|groovy|gvy|clj|cljs|cljc|swift|m|mm|dart)$/i;
/** .NET's SDK sends the build machine's Windows path, backslashes and drive included. */
const BUILD_PATH = /\.(?:cs|fs|vb|csx|fsx)$/i;

/**
 * The term that finds a file's events on a real server, by what each platform's SDK stores in
 * `stack.filename` (src/sentry/data/samples: java.json, android.json and Cocoa frames keep `MainActivity.kt`,
 * aspnetcore.json `C:\Users\…\Controllers\HomeController.cs`, Flutter `test.dart`):
 * - a bare name: the name, exactly (a value without `*` is an exact, case-sensitive match of an
 *   element, hasAny on the array column, and needs no advanced-search feature);
 * - a .NET build path: `*<name>`, the one ending both `\` and `/` paths share (a backslash in a
 *   value is kept as a literal character by the events builder but read as an escape by the
 *   wildcard translation of src/sentry/api/event_search.py, translate_wildcard, so it is never sent);
 * - any other path: `*<last two segments>`.
 * Sentry turns `*` into a case-sensitive LIKE on any element (src/sentry/search/events/builder/base.py,
 * default_filter_converter for ARRAY_FIELDS).
 */
export function fileSearchTerm(relativePath: string): string | undefined {
  const suffix = pathSuffix(relativePath);
  if (!suffix) return undefined;
  const name = suffix.split('/').pop()!;
  if (BARE_NAME.test(name)) return `stack.filename:"${name.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  if (BUILD_PATH.test(name)) return stackFilenameTerm(name);
  return stackFilenameTerm(suffix);
}

/**
 * The query of a file's search: the view's query with the file's term (fileSearchTerm). A query left
 * out is the server's default (`is:unresolved`), which must be said once another term is sent.
 */
export function fileSearchQuery(viewQuery: string | undefined, term: string): string {
  return [viewQuery === undefined ? 'is:unresolved' : viewQuery.trim(), term].filter(Boolean).join(' ');
}

/**
 * Where the issue's own fields say its latest event happened: `metadata.filename` (the crashing
 * frame's file), else a culprit that is a path (`src/app/checkout.ts in submit`). Undefined when
 * they do not say.
 */
export function filenameHint(issue: Pick<Issue, 'metadata' | 'culprit'>): string | undefined {
  const fromMetadata = issue.metadata?.filename;
  if (typeof fromMetadata === 'string' && fromMetadata.trim() !== '') return fromMetadata.trim();
  const first = (issue.culprit ?? '').trim().split(/\s+/)[0] ?? '';
  return /[/\\]/.test(first) && /\.[A-Za-z0-9]{1,8}$/.test(first) ? first : undefined;
}

/** The last segment of a path, lower-cased, for comparing a hint with open files. */
export function baseName(path: string): string {
  return (normalisePath(path) ?? path).split('/').pop()!.toLowerCase();
}

/**
 * Whether an issue's latest event may land in one of the open files: false only when its hint
 * names a file whose name no open file has, so that asking for the event would be wasted.
 */
export function mayLandIn(issue: Pick<Issue, 'metadata' | 'culprit'>, openBaseNames: ReadonlySet<string>): boolean {
  const hint = filenameHint(issue);
  return hint === undefined || openBaseNames.has(baseName(hint));
}
