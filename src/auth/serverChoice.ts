/**
 * The server half of the sign-in pick: below the ways to sign in to the configured server, Sentry's
 * cloud (sentry.io) and a self-hosted server. The setting sentryExplorer.baseUrl stays where the
 * server is named: choosing sentry.io removes the user's value (its default is sentry.io), a
 * self-hosted address is typed (the current one offered), held to the setting's rules, agreed to
 * when it is plain http (plainHttpConsent.ts), and only then written. The pick then asks again, for
 * the new server.
 */
import * as vscode from 'vscode';
import { normalizeBaseUrl } from '../api/http';
import { DEFAULT_BASE_URL } from '../config';
import type { AuthUi } from '../util/ui';
import { isSentryCloud, parseServerAddress, type ServerChoice } from './core/serverAddress';
import { writeSetting } from '../settings';

export interface ServerItem extends vscode.QuickPickItem {
  server?: ServerChoice;
}

export interface ServerChoiceDeps {
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
  /** True when credentials may go to this server (asked once per plain-http server). */
  confirmPlainHttp: (baseUrl: string) => Promise<boolean>;
}

/** The pick's items for another server, after a separator; sentry.io only when it is not the current one. */
export function serverItems(current: string): ServerItem[] {
  const cloud = isSentryCloud(current);
  const items: ServerItem[] = [{ label: vscode.l10n.t('Another Sentry server'), kind: vscode.QuickPickItemKind.Separator }];
  if (!cloud) items.push({ server: 'cloud', label: `$(cloud) ${new URL(DEFAULT_BASE_URL).host}`, detail: vscode.l10n.t("Sentry's cloud service") });
  items.push({
    server: 'selfHosted',
    label: `$(server) ${vscode.l10n.t('Self-hosted Sentry…')}`,
    // The address box says where the address is kept; a detail longer than the pick is cut off.
    detail: cloud ? vscode.l10n.t("Enter your server's address (kept in sentryExplorer.baseUrl)") : vscode.l10n.t('Change the address (now {0})', new URL(current).host),
  });
  return items;
}

/** Runs a server item: the server now configured (its setting written), or undefined when nothing changed. */
export async function chooseServer(deps: ServerChoiceDeps, choice: ServerChoice, current: string): Promise<string | undefined> {
  const next = choice === 'cloud' ? normalizeBaseUrl(DEFAULT_BASE_URL) : await askAddress(deps, current);
  if (!next || next === current) return undefined;
  if (!(await deps.confirmPlainHttp(next))) return undefined;
  // The default is sentry.io: choosing it removes the user's value rather than repeating the default.
  await writeSetting('baseUrl', isSentryCloud(next) ? undefined : next, vscode.ConfigurationTarget.Global);
  deps.log.info(`[auth] sign-in: the server is now ${next} (sentryExplorer.baseUrl)`);
  return next;
}

async function askAddress(deps: ServerChoiceDeps, current: string): Promise<string | undefined> {
  const typed = await deps.ui().showInputBox({
    title: vscode.l10n.t('Self-hosted Sentry'),
    prompt: vscode.l10n.t('The address you open Sentry at in the browser. It is kept in the setting sentryExplorer.baseUrl.'),
    placeHolder: 'https://sentry.example.com',
    value: isSentryCloud(current) ? undefined : current,
    ignoreFocusOut: true,
    validateInput: (v) => {
      const r = parseServerAddress(v);
      return 'problem' in r ? r.problem : undefined;
    },
  });
  if (typed === undefined) return undefined;
  // Checked again: the input box's validation is advisory (an API or a test can bypass it).
  const r = parseServerAddress(typed);
  if ('problem' in r) {
    void deps.ui().showErrorMessage(r.problem, {});
    return undefined;
  }
  return r.baseUrl;
}
