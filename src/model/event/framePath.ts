/**
 * The one reader of where a stack frame's code lives: a frame's `filename`, `abs_path`, `module`,
 * `package` (camelCase as the API serves events, snake_case as the events table and the raw event
 * name them) and the platform, turned into the repository paths Sentry itself derives for it. Every
 * feature that maps a frame to a workspace file (marks, a click on a frame, hovers, CodeLens,
 * Problems, the AI location tool) reads frames here. No `vscode` import.
 *
 * Sentry's own rules (src/sentry/utils/event_frames.py, its "mungers"), applied here per frame, by
 * the frame's own platform or its file's kind, to find a file by its path in the workspace. A code
 * mapping is applied otherwise, on the path Sentry swaps, by the event's platform (./mungedPath.ts):
 * - JVM (java, kotlin, android, scala, groovy, clojure): `filename` is the bare source file name
 *   (`MainActivity.kt`); the package path is the class in `module` without its last part and without
 *   an inner class (`io.sentry.sample.MainActivity$1` → `io/sentry/sample/MainActivity.kt`).
 * - Cocoa (cocoa, swift, objc): `filename` is bare too; `abs_path` is the build machine's path, and
 *   the path from the folder named like `package` down is the repository's (package_relative_path).
 * - Dart and Flutter: `abs_path` is a `package:<name>/x` URI, the file `x` under the package's `lib/`;
 *   `dart:` frames are the SDK's own.
 * - .NET: Windows paths with backslashes and a drive (`C:\src\Proj\File.cs`): separators are made
 *   `/` and the drive dropped (./../editor/core/location.ts normalisePath does it for every path).
 */
import { isRecord } from '../read';

/** A frame's fields that say where its code is, as read from any of Sentry's shapes. */
export interface FrameFields {
  readonly filename?: string;
  readonly absPath?: string;
  readonly module?: string;
  readonly package?: string;
  /** The frame's own platform, else its event's (or its issue's): how the broader derivation reads it. */
  readonly platform?: string;
  /** The event's (or issue's) platform and SDK name: what Sentry picks its munger by (./mungedPath.ts). */
  readonly eventPlatform?: string;
  readonly sdkName?: string;
}

/**
 * One way to find the frame's file: `path` is searched as a path ending (all of its last `minSegments`
 * segments must match), `raw` is the server's text user path mappings are matched against.
 */
export interface PathForm {
  readonly path: string;
  readonly raw: string;
  readonly minSegments: number;
  /** munged: Sentry's derivation (package path, package-relative, lib/); else the field it came from. */
  readonly via: 'munged' | 'absPath' | 'filename';
  /**
   * The frame's package is known (a JVM class, a Dart package): a file that does not match this
   * form is not the frame's, whatever its name, so the looser forms are not tried.
   */
  readonly exclusive?: true;
}

/** Longest field text read: paths and class names beyond it are hostile, not code. */
const MAX_FIELD = 1000;

const JVM = new Set(['java', 'kotlin', 'android', 'scala', 'groovy', 'clojure']);
const JVM_FILE = /\.(?:java|kt|kts|scala|groovy|gvy|clj|cljc)$/i;
const COCOA = new Set(['cocoa', 'swift', 'objc', 'native']);
const COCOA_FILE = /\.(?:swift|m|mm|h)$/i;

function field(f: Record<string, unknown>, ...keys: string[]): string | undefined {
  for (const k of keys) {
    const v = f[k];
    if (typeof v === 'string' && v.trim() !== '' && v.length <= MAX_FIELD && !v.includes('\0')) return v.trim();
  }
  return undefined;
}

/** A short name (a platform, an SDK) as sent, trimmed; undefined when it is none. */
function shortName(v: unknown): string | undefined {
  return typeof v === 'string' && v.trim() !== '' && v.length <= 100 ? v.trim() : undefined;
}

/**
 * The frame's path fields, from the API's camelCase or the raw event's snake_case; `platform` is its
 * event's (or issue's), which fills in the frame's own, and `sdkName` its event's SDK.
 */
export function readFrameFields(f: unknown, platform?: string | null, sdkName?: string | null): FrameFields {
  if (!isRecord(f)) return {};
  const event = shortName(platform);
  const own = field(f, 'platform') ?? event;
  const sdk = shortName(sdkName);
  const out: { -readonly [K in keyof FrameFields]: FrameFields[K] } = {};
  const filename = field(f, 'filename');
  const absPath = field(f, 'absPath', 'abs_path');
  const module = field(f, 'module');
  const pkg = field(f, 'package');
  if (filename) out.filename = filename;
  if (absPath) out.absPath = absPath;
  if (module) out.module = module;
  if (pkg) out.package = pkg;
  if (own) out.platform = own.toLowerCase();
  if (event) out.eventPlatform = event.toLowerCase();
  if (sdk) out.sdkName = sdk;
  return out;
}

/** Whether the text names a file at all (`<anonymous>`, `[native code]`, `?` do not). */
function isFileName(text: string | undefined): text is string {
  return !!text && !text.startsWith('<') && !text.startsWith('[') && text !== '?';
}

/** The path's segments, `\` and `/` alike; a drive, `.` and empty segments dropped. */
function segments(path: string): string[] {
  return path
    .replace(/\\/g, '/')
    .replace(/^[A-Za-z]:(?=\/)/, '')
    .split('/')
    .filter((s) => s !== '' && s !== '.');
}

/**
 * java_frame_munger (get_path_from_module in src/sentry/issues/auto_source_code_config/frame_info.py):
 * the class's package as folders, then `abs_path` (the source file's name: `io.sentry.sample.MainActivity$1`
 * + `MainActivity.kt` → `io/sentry/sample/MainActivity.kt`); an `abs_path` without a dot or with a `$`
 * (`D8$$SyntheticClass`) gives the class itself as the path, cut at its first `$`, with no extension.
 * A class without a package follows no convention: undefined.
 */
export function jvmPath(module: string | undefined, absPath: string | undefined): string | undefined {
  if (!module || !absPath || !module.includes('.')) return undefined;
  if (!/^[\p{L}\p{N}_$.-]+$/u.test(module) || /[/\\]/.test(absPath)) return undefined;
  if (absPath.includes('$') || !absPath.includes('.')) return module.split('$')[0].replace(/\./g, '/');
  const parts = module.split('.');
  parts.pop();
  return [...parts, absPath].join('/');
}

/**
 * cocoa_frame_munger (package_relative_path): `abs_path` from its first folder named exactly like
 * `package` (slashes stripped) down, that folder kept: `/Users/x/app/ios/Runner/AppDelegate.swift` with
 * `Runner` → `Runner/AppDelegate.swift`.
 */
export function packageRelativePath(absPath: string | undefined, pkg: string | undefined): string | undefined {
  if (!absPath || !pkg) return undefined;
  const name = pkg.replace(/^\/+|\/+$/g, '');
  const parts = absPath.replace(/^\/+|\/+$/g, '').split('/');
  const at = parts.indexOf(name);
  return name && at >= 0 && at < parts.length - 1 ? parts.slice(at).join('/') : undefined;
}

/**
 * flutter_frame_munger: `package:<package>/a/b.dart` → `a/b.dart` (only for the frame's own package,
 * when it names one; `dart:` frames are the SDK's). A code mapping's stack root is matched against this.
 */
export function dartMungedPath(absPath: string | undefined, pkg: string | undefined): string | undefined {
  const m = absPath ? /^package:([^/\\]+)\/(.+)$/.exec(absPath) : null;
  if (!m || (pkg !== undefined && pkg !== m[1])) return undefined;
  const rest = segments(m[2]);
  return rest.length && !rest.includes('..') ? rest.join('/') : undefined;
}

/** Where a Dart package's files are in its repository: under its `lib/` (Dart's package layout). */
export function dartPackagePath(absPath: string | undefined, pkg?: string): string | undefined {
  const munged = dartMungedPath(absPath, pkg);
  return munged && `lib/${munged}`;
}

function isJvm(f: FrameFields): boolean {
  return (f.platform !== undefined && JVM.has(f.platform)) || (!!(f.absPath ?? f.filename) && JVM_FILE.test((f.absPath ?? f.filename)!) && !!f.module);
}

function isCocoa(f: FrameFields): boolean {
  return (f.platform !== undefined && COCOA.has(f.platform)) || (!!f.filename && COCOA_FILE.test(f.filename));
}

/** Whether the frame points at nothing that can be a file of the app's: Dart's own SDK, a native image. */
export function isSdkFrame(f: FrameFields): boolean {
  return !!f.absPath && /^(?:dart|org-dartlang-sdk):/.test(f.absPath);
}

/**
 * The ways to find a frame's file, most specific first: Sentry's derived path (all of it must
 * match), then `abs_path` and `filename` as sent (their file name at least). Empty for a frame that
 * names no file of the app's.
 */
export function pathForms(f: FrameFields): PathForm[] {
  if (isSdkFrame(f)) return [];
  const forms: PathForm[] = [];
  const add = (path: string | undefined, raw: string | undefined, via: PathForm['via'], exclusive = false) => {
    if (!path || !raw || !isFileName(path)) return;
    const n = segments(path).length;
    if (n === 0 || forms.some((x) => x.path === path)) return;
    forms.push({ path, raw, minSegments: via === 'munged' ? n : 1, via, ...(exclusive ? { exclusive: true as const } : {}) });
  };
  const jvm = isJvm(f) ? jvmPath(f.module, f.absPath ?? f.filename) : undefined;
  // A munged path is matched as the server would name it after the swap: user mappings see it too.
  if (jvm) return (add(jvm, jvm, 'munged', true), forms);
  const dart = dartPackagePath(f.absPath, f.package) ?? dartPackagePath(f.filename, f.package);
  if (dart) return (add(dart, dart, 'munged', true), forms);
  if (isCocoa(f)) {
    const rel = packageRelativePath(f.absPath, f.package);
    add(rel, rel, 'munged');
  }
  add(f.absPath, f.absPath, 'absPath');
  add(f.filename, f.filename, 'filename');
  return forms;
}

/**
 * The path a frame is named by in text (a hover, a log line, "which file is …?"): Sentry's derived
 * path where there is one, else what the server sent.
 */
export function frameDisplayPath(f: FrameFields): string | undefined {
  const [first] = pathForms(f);
  return first?.via === 'munged' ? first.path : (f.filename ?? f.absPath);
}
