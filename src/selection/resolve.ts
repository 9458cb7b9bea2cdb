/**
 * Which organization and projects the extension shows: the settings first, then the workspace's
 * sentry-cli files, then the organization remembered at sign-in. One answer for the tree, the
 * events panel, the editor and the commands. No `vscode` import.
 *
 * In an untrusted workspace (Restricted Mode) the sentry-cli files count for nothing: a cloned
 * repository must not choose which of the user's organizations and projects are read with the
 * user's token. VS Code already withholds the workspace's values of the restricted settings.
 */
import type { DetectedProject } from './detect';

export interface Selection {
  org?: string;
  projects: string[];
}

export interface SelectionSources {
  /** `sentryExplorer.organization` / `sentryExplorer.projects`. */
  settings: { org?: string; projects: readonly string[] };
  /** What `.sentryclirc` / `sentry.properties` name, in workspace-folder order. */
  detected: readonly DetectedProject[];
  /** The organization the server answered at sign-in (an OAuth token sees only that one). */
  remembered?: string;
  /** Whether the workspace is trusted; when false, `detected` is ignored. */
  trusted: boolean;
}

export function resolveSelection({ settings, detected: found, remembered, trusted }: SelectionSources): Selection {
  const detected = trusted ? found : [];
  const clean = (s: string | undefined) => s?.trim() || undefined;
  const fromFiles = detected.find((d) => d.project) ?? detected.find((d) => d.org);
  const org = clean(settings.org) ?? clean(fromFiles?.org) ?? clean(remembered);
  const configured = [...new Set(settings.projects.map((p) => p.trim()).filter(Boolean))];
  const projects = configured.length ? configured : fromFiles?.project ? [fromFiles.project] : [];
  return { org, projects };
}

/** Every organization any source names, the resolved one first (for pickers). */
export function knownOrganizations(sources: SelectionSources): string[] {
  const detected = sources.trusted ? sources.detected : [];
  const all = [resolveSelection(sources).org, sources.settings.org, ...detected.map((d) => d.org), sources.remembered];
  return [...new Set(all.map((o) => o?.trim()).filter((o): o is string => !!o))];
}

/** Whether Restricted Mode changes the answer: the sentry-cli files would choose something if the workspace were trusted. */
export function ignoredInRestrictedMode(sources: SelectionSources): boolean {
  return !sources.trusted && !sameSelection(resolveSelection(sources), resolveSelection({ ...sources, trusted: true }));
}

export function sameSelection(a: Selection, b: Selection): boolean {
  return a.org === b.org && a.projects.length === b.projects.length && a.projects.every((p, i) => p === b.projects[i]);
}
