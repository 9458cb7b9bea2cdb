/**
 * Credentials go over plain http only after the user agreed, once per server (remembered in
 * globalState). https and literal loopback never ask (urlSafety.ts decides which need it).
 */
import * as vscode from 'vscode';
import { StorageKeys } from '../constants';
import type { AuthUi } from '../util/ui';
import { needsInsecureConfirmation } from './core/urlSafety';

export interface PlainHttpConsentDeps {
  state: vscode.Memento;
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
}

/** The confirming button (localized when asked for: the choice is compared with the label offered). */
const sendAnywayLabel = (): string => vscode.l10n.t('Send Anyway');

/** True when credentials may go to `baseUrl`: it needs no confirmation, was confirmed before, or the user confirms now. */
export async function confirmPlainHttp(deps: PlainHttpConsentDeps, baseUrl: string): Promise<boolean> {
  if (!needsInsecureConfirmation(baseUrl)) return true;
  const confirmed = deps.state.get<string[]>(StorageKeys.insecureConfirmed) ?? [];
  if (confirmed.includes(baseUrl)) return true;
  const send = sendAnywayLabel();
  const choice = await deps
    .ui()
    .showWarningMessage(
      vscode.l10n.t('{0} uses plain http. Your Sentry credentials would travel unencrypted to it.', baseUrl),
      { modal: true, detail: vscode.l10n.t('Use https:// in sentryExplorer.baseUrl if the server supports it. Send credentials over plain http only on a network you trust.') },
      send,
    );
  if (choice !== send) {
    deps.log.warn(`[auth] not sending credentials to ${baseUrl}: plain http not confirmed`);
    return false;
  }
  await deps.state.update(StorageKeys.insecureConfirmed, [...confirmed, baseUrl]);
  return true;
}
