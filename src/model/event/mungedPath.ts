/**
 * The path Sentry applies a code mapping to, computed as Sentry computes it, so that the mapping that
 * wins in the editor is the one that wins on the server (and in Sentry's "Open in GitHub" links).
 * Sentry's convert_stacktrace_frame_path_to_source_path
 * (src/sentry/issues/auto_source_code_config/code_mapping.py) swaps the stack root on the frame's
 * munged path, else its `filename`; failing that, on its `abs_path`. The munger is chosen by the
 * **event's** platform and SDK, never the frame's (try_munge_frame_path and PLATFORM_FRAME_MUNGER in
 * src/sentry/utils/event_frames.py; the web UI sends `platform: event.platform` and
 * `sdkName: event.sdk.name`, static/app/components/events/interfaces/frame/useStacktraceLink.tsx):
 * - `java`: java_frame_munger, get_path_from_module
 *   (src/sentry/issues/auto_source_code_config/frame_info.py) on `module` and `abs_path`;
 * - `cocoa`: cocoa_frame_munger, the path from the folder named like `package`;
 * - `other` with the SDK `sentry.dart.flutter` only: flutter_frame_munger, a `package:` URI without
 *   its package. A pure Dart event (`other`, SDK `sentry.dart`: getsentry/sentry-dart
 *   dart/lib/src/version.dart) and a React Native event (`javascript`) get no munger, whatever
 *   their frames' own platforms (an Android crash in React Native has frames of platform `java`).
 * The broader per-frame derivation (./framePath.ts pathForms) still finds files by their paths; it
 * never changes which code mapping applies. No `vscode` import.
 */
import type { FrameFields } from './framePath';

/** The SDK whose `other` events Sentry munges (PLATFORM_FRAME_MUNGER's supported_sdks). */
export const FLUTTER_SDK = 'sentry.dart.flutter';

/** An event's SDK name (`sdk.name`), when it has a short one. */
export function sdkNameOf(event: unknown): string | undefined {
  const sdk = typeof event === 'object' && event !== null ? (event as { sdk?: unknown }).sdk : undefined;
  const name = typeof sdk === 'object' && sdk !== null ? (sdk as { name?: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() !== '' && name.length <= 100 ? name.trim() : undefined;
}

/** What a code mapping's stack root is compared with, in Sentry's order: the munged path or `filename`, then `abs_path`. */
export interface MappingSources {
  readonly path?: string;
  readonly absPath?: string;
}

/** `abs`'s path from its first folder named exactly like `pkg` (package_relative_path: both stripped of `/` at their ends). */
function packageRelative(abs: string, pkg: string): string | undefined {
  const name = pkg.replace(/^\/+|\/+$/g, '');
  const parts = abs.replace(/^\/+|\/+$/g, '').split('/');
  const at = parts.indexOf(name);
  return at < 0 ? undefined : parts.slice(at).join('/') || undefined;
}

/**
 * get_path_from_module: an `abs_path` with a `$` or without a `.` names no source file, so the class
 * (cut at its first `$`) is the path; otherwise the package's folders and `abs_path`. A class without
 * a package follows no convention (DoesNotFollowJavaPackageNamingConvention): no path.
 */
function javaMunger(f: FrameFields): string | undefined {
  const { module, absPath } = f;
  if (!module || !absPath) return undefined;
  if (absPath.includes('$') || !absPath.includes('.')) return (module.includes('$') ? module.slice(0, module.indexOf('$')) : module).replace(/\./g, '/');
  if (!module.includes('.')) return undefined;
  return `${module.slice(0, module.lastIndexOf('.')).replace(/\./g, '/')}/${absPath}`;
}

function cocoaMunger(f: FrameFields): string | undefined {
  return f.package && f.absPath ? packageRelative(f.absPath, f.package) : undefined;
}

/** flutter_frame_munger: the first `package:<package>` of a `package:` URI taken out, `/` stripped at the ends. */
function flutterMunger(f: FrameFields): string | undefined {
  const abs = f.absPath;
  if (!abs || abs.startsWith('dart:') || !abs.startsWith('package:') || !f.package) return undefined;
  const needle = `package:${f.package}`;
  const at = abs.indexOf(needle);
  if (at < 0) return undefined;
  return (abs.slice(0, at) + abs.slice(at + needle.length)).replace(/^\/+|\/+$/g, '') || undefined;
}

/** try_munge_frame_path: the munged path of a frame by its event's platform and SDK, or undefined. */
export function sentryMungedPath(f: FrameFields): string | undefined {
  switch (f.eventPlatform) {
    case 'java':
      return javaMunger(f);
    case 'cocoa':
      return cocoaMunger(f);
    case 'other':
      return f.sdkName === FLUTTER_SDK ? flutterMunger(f) : undefined;
    default:
      return undefined;
  }
}

/** The texts Sentry compares a code mapping's stack root with, for this frame. */
export function codeMappingSources(f: FrameFields): MappingSources {
  const path = sentryMungedPath(f) ?? f.filename;
  return { ...(path ? { path } : {}), ...(f.absPath ? { absPath: f.absPath } : {}) };
}
