/**
 * Which Sentry server to sign in to, the parts that need no UI: whether a base URL is sentry.io,
 * and a self-hosted address as a person types it (the scheme may be left out: https is meant),
 * held to the rules of the setting it is written to, sentryExplorer.baseUrl: http(s) only, no
 * user name or password, no query or fragment, no spaces. Whether plain http may carry credentials
 * is urlSafety.ts's question, asked before the address is used. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { normalizeBaseUrl } from '../../api/http';
import { DEFAULT_BASE_URL } from '../../config';

/** The server items of the sign-in pick: Sentry's cloud, or a self-hosted server's address. */
export type ServerChoice = 'cloud' | 'selfHosted';

/** package.json's pattern for sentryExplorer.baseUrl (a unit test holds the two equal). */
export const BASE_URL_PATTERN = '^https?://[^\\s/?#@]+(/[^\\s?#]*)?$';

/** True when `baseUrl` is the default server, sentry.io. */
export function isSentryCloud(baseUrl: string): boolean {
  try {
    return normalizeBaseUrl(baseUrl) === normalizeBaseUrl(DEFAULT_BASE_URL);
  } catch {
    return false;
  }
}

/** A typed address as the base URL it names (normalized: origin and path, no trailing slash), or what is wrong with it. */
export function parseServerAddress(text: string): { baseUrl: string } | { problem: string } {
  const typed = text.trim();
  if (!typed) return { problem: l10n.t('Enter the address of your Sentry server, such as https://sentry.example.com.') };
  if (/\s/.test(typed)) return { problem: l10n.t('An address has no spaces.') };
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(typed) ? typed : `https://${typed}`;
  let url: URL;
  try {
    url = new URL(withScheme);
  } catch {
    return { problem: l10n.t('This is not a web address. Enter one such as https://sentry.example.com.') };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { problem: l10n.t('The address must start with https:// or http://.') };
  if (url.username || url.password) return { problem: l10n.t('The address must not contain a user name or password.') };
  if (typed.includes('?') || typed.includes('#')) return { problem: l10n.t('The address must not have a query (?…) or a fragment (#…).') };
  if (!url.hostname) return { problem: l10n.t('This is not a web address. Enter one such as https://sentry.example.com.') };
  const baseUrl = normalizeBaseUrl(url);
  if (!new RegExp(BASE_URL_PATTERN).test(baseUrl)) return { problem: l10n.t('This is not a web address. Enter one such as https://sentry.example.com.') };
  return { baseUrl };
}
