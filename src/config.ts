/**
 * The extension's settings that sign-in and the events panel read (package.json
 * `contributes.configuration`). Pure: no `vscode` import and no dialog. Callers pass
 * `vscode.workspace.getConfiguration('sentryExplorer')`; a bad setting comes back as a `problem`
 * beside a usable value (the default), and the configuration listener is what reports it, once.
 */
import * as l10n from '@vscode/l10n';
import { normalizeBaseUrl } from './api/http';
import { splitScopes } from './auth/core/scopes';

export const DEFAULT_BASE_URL = 'https://sentry.io';
export const DEFAULT_SCOPES = ['org:read', 'project:read', 'event:read'] as const;

export interface AuthConfig {
  /** Normalized: origin plus path, no trailing slash. */
  baseUrl: string;
  /** Empty when not configured (the OAuth sign-in methods then ask for one). */
  clientId: string;
  /** Sorted, de-duplicated. */
  scopes: string[];
}

export interface ConfigReader {
  get<T>(section: string): T | undefined;
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
  const markSeen = config.get<unknown>('markSeenOnOpen');
  return { markSeenOnOpen: typeof markSeen === 'boolean' ? markSeen : true };
}
