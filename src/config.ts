/**
 * The extension's settings that sign-in reads (package.json `contributes.configuration`).
 * No `vscode` import: callers pass `vscode.workspace.getConfiguration('sentryExplorer')`.
 */
import { normalizeBaseUrl } from './api/http';
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

export class ConfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

/** Reads and checks the sign-in settings; a bad base URL is a ConfigError that says how to fix it. */
export function readAuthConfig(config: ConfigReader): AuthConfig {
  const rawUrl = (config.get<string>('baseUrl') ?? '').trim() || DEFAULT_BASE_URL;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    throw new ConfigError(`The setting sentryExplorer.baseUrl is not a URL ("${rawUrl}"). Set it to your Sentry server, e.g. ${DEFAULT_BASE_URL}.`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigError(`The setting sentryExplorer.baseUrl must start with https:// or http://, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new ConfigError('The setting sentryExplorer.baseUrl must not contain a user name or password.');
  const baseUrl = normalizeBaseUrl(url);
  const clientId = (config.get<string>('oauth.clientId') ?? '').trim();
  const rawScopes = config.get<string | string[]>('oauth.scopes');
  const list = Array.isArray(rawScopes) ? rawScopes : typeof rawScopes === 'string' ? rawScopes.split(/[\s,]+/) : [...DEFAULT_SCOPES];
  const scopes = [...new Set(list.map((s) => String(s).trim()).filter(Boolean))].sort();
  return { baseUrl, clientId, scopes: scopes.length ? scopes : [...DEFAULT_SCOPES].sort() };
}
