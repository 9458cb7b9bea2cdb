/**
 * Every setting of the extension (package.json `contributes.configuration`): its name, its default
 * (written once, in SETTING_DEFAULTS; a unit test holds it to package.json's) and how a bad value
 * reads. Pure: no `vscode` import and no dialog. The readers take what src/settings.ts hands them
 * (VS Code's settings section); a value of the wrong type reads as the default, and a bad base URL
 * or path mapping also comes back as a `problem` the caller reports once.
 */
import * as l10n from '@vscode/l10n';
import { normalizeBaseUrl } from './api/http';
import { splitScopes } from './api/scopes';

export const DEFAULT_BASE_URL = 'https://sentry.io';
export const DEFAULT_SCOPES = ['org:read', 'project:read', 'event:read'] as const;

/** Each setting's default, by its name within the `sentryExplorer` section, as package.json declares it. */
export const SETTING_DEFAULTS = {
  baseUrl: DEFAULT_BASE_URL,
  'oauth.clientId': '',
  'oauth.scopes': DEFAULT_SCOPES.join(' '),
  organization: '',
  projects: [] as readonly string[],
  refreshIntervalSeconds: 300,
  pathMappings: [] as readonly PathMapping[],
  'decorations.gutter': true,
  'decorations.inline': true,
  'codeLens.enabled': false,
  'diagnostics.enabled': false,
  markSeenOnOpen: true,
  'ai.tools': true,
} as const;

/** A setting's name within the `sentryExplorer` section. */
export type SettingName = keyof typeof SETTING_DEFAULTS;

export interface AuthConfig {
  /** Normalized: origin plus path, no trailing slash. */
  baseUrl: string;
  /** Empty when not configured (the OAuth sign-in methods then ask for one). */
  clientId: string;
  /** Sorted, de-duplicated. */
  scopes: string[];
}

/** A settings section as VS Code's getConfiguration answers it: undefined for what is not set. */
export interface ConfigReader {
  get<T>(section: string): T | undefined;
}

type BooleanSetting = { [K in SettingName]: (typeof SETTING_DEFAULTS)[K] extends boolean ? K : never }[SettingName];

/** A switch: true or false as set; anything else (unset, a string, a number) reads as its default. */
function flag(config: ConfigReader, name: BooleanSetting): boolean {
  const raw = config.get<unknown>(name);
  return typeof raw === 'boolean' ? raw : SETTING_DEFAULTS[name];
}

export interface AuthConfigReading {
  /** Always usable: a bad base URL is replaced by the default. */
  config: AuthConfig;
  /** What is wrong with the settings and how to fix it, when something is. */
  problem?: string;
}

/** Reads and checks the sign-in settings. Never throws: a bad base URL reads as the default, with a problem that says how to fix it. */
export function inspectAuthConfig(config: ConfigReader): AuthConfigReading {
  const raw = config.get<unknown>('baseUrl');
  const rawUrl = (typeof raw === 'string' ? raw.trim() : '') || DEFAULT_BASE_URL;
  const checked = checkBaseUrl(rawUrl);
  const clientIdRaw = config.get<unknown>('oauth.clientId');
  const clientId = typeof clientIdRaw === 'string' ? clientIdRaw.trim() : '';
  const rawScopes = config.get<unknown>('oauth.scopes');
  const listed = Array.isArray(rawScopes) ? splitScopes(rawScopes.map(String)) : typeof rawScopes === 'string' ? splitScopes(rawScopes) : [];
  const scopes = listed.length ? listed : splitScopes(DEFAULT_SCOPES);
  return {
    config: { baseUrl: 'baseUrl' in checked ? checked.baseUrl : normalizeBaseUrl(DEFAULT_BASE_URL), clientId, scopes },
    ...('problem' in checked ? { problem: checked.problem } : {}),
  };
}

/** The sign-in settings, with the default in place of a bad base URL. */
export function readAuthConfig(config: ConfigReader): AuthConfig {
  return inspectAuthConfig(config).config;
}

function checkBaseUrl(rawUrl: string): { baseUrl: string } | { problem: string } {
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    return { problem: l10n.t('The setting sentryExplorer.baseUrl is not a URL ("{0}"). Set it to your Sentry server, e.g. {1}.', rawUrl, DEFAULT_BASE_URL) };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { problem: l10n.t('The setting sentryExplorer.baseUrl must start with https:// or http://, not {0}', url.protocol) };
  }
  if (url.username || url.password) return { problem: l10n.t('The setting sentryExplorer.baseUrl must not contain a user name or password.') };
  return { baseUrl: normalizeBaseUrl(url) };
}

/** The events panel's settings. */
export interface EventsPanelConfig {
  /** `sentryExplorer.markSeenOnOpen` (default true): opening an issue's panel marks it seen for the user. */
  markSeenOnOpen: boolean;
}

/** Reads the events panel's settings; anything that is not a boolean reads as the default. Never throws. */
export function readEventsPanelConfig(config: ConfigReader): EventsPanelConfig {
  return { markSeenOnOpen: flag(config, 'markSeenOnOpen') };
}

/**
 * `sentryExplorer.refreshIntervalSeconds` in milliseconds: how often the Issues view and the marks
 * refresh in the background. 0 or less turns that off; anything but a number reads as the default.
 */
export function readRefreshIntervalMs(config: ConfigReader): number {
  const raw = config.get<unknown>('refreshIntervalSeconds');
  const seconds = typeof raw === 'number' && Number.isFinite(raw) ? raw : SETTING_DEFAULTS.refreshIntervalSeconds;
  return Math.max(0, seconds) * 1000;
}

/** The editor's switches: the gutter icon and inline text of a mark, and the optional CodeLens and Problems entries. */
export interface EditorConfig {
  gutter: boolean;
  inline: boolean;
  codeLens: boolean;
  diagnostics: boolean;
}

export function readEditorConfig(config: ConfigReader): EditorConfig {
  return {
    gutter: flag(config, 'decorations.gutter'),
    inline: flag(config, 'decorations.inline'),
    codeLens: flag(config, 'codeLens.enabled'),
    diagnostics: flag(config, 'diagnostics.enabled'),
  };
}

/** `sentryExplorer.pathMappings`: the usable entries, and what is wrong with the others (each skipped, never fatal). */
export function readPathMappingsSetting(config: ConfigReader): { mappings: PathMapping[]; problems: string[] } {
  return readPathMappings(config.get<unknown>('pathMappings'));
}

/**
 * `sentryExplorer.organization` and `sentryExplorer.projects` as set (the selection resolves them
 * with the workspace's sentry-cli files): a blank or non-string organization reads as none, a
 * projects value that is not a list as none, and a list keeps only its strings.
 */
export function readSelectionSettings(config: ConfigReader): { org?: string; projects: string[] } {
  const org = config.get<unknown>('organization');
  const projects = config.get<unknown>('projects');
  return {
    org: typeof org === 'string' && org ? org : undefined,
    projects: Array.isArray(projects) ? projects.filter((p): p is string => typeof p === 'string') : [...SETTING_DEFAULTS.projects],
  };
}

/** `sentryExplorer.ai.tools`: whether the language model tools answer (on unless set to false). */
export function readAiToolsEnabled(config: ConfigReader): boolean {
  return flag(config, 'ai.tools');
}

export interface PathMapping {
  /** A server path prefix, e.g. `/usr/src/app/` or `webpack:///./`. */
  from: string;
  /** A path relative to the first workspace folder (or `<folder name>/...` in multi-root workspaces). */
  to: string;
}

/**
 * The setting sentryExplorer.pathMappings as it can be used, and what is wrong with the entries that
 * cannot (each named by its position, never by its text): a malformed entry is skipped, not fatal.
 */
export function readPathMappings(raw: unknown): { mappings: PathMapping[]; problems: string[] } {
  if (raw === undefined || raw === null) return { mappings: [], problems: [] };
  if (!Array.isArray(raw)) return { mappings: [], problems: [l10n.t('sentryExplorer.pathMappings must be a list of entries with "from" and "to"; it is ignored.')] };
  const mappings: PathMapping[] = [];
  const problems: string[] = [];
  raw.forEach((m: unknown, i) => {
    const entry = typeof m === 'object' && m !== null ? (m as Record<string, unknown>) : undefined;
    const n = i + 1;
    if (!entry) problems.push(l10n.t('Path mapping {0} is not an object with "from" and "to"; it is ignored.', n));
    else if (typeof entry.from !== 'string' || entry.from.trim() === '') problems.push(l10n.t('Path mapping {0} has no "from" (the path prefix the server reports); it is ignored.', n));
    else if (typeof entry.to !== 'string') problems.push(l10n.t('Path mapping {0} has no "to" (the workspace folder it maps to); it is ignored.', n));
    else mappings.push({ from: entry.from, to: entry.to });
  });
  return { mappings, problems };
}
