/**
 * Credentials go over plain http only after the user agreed, once per server (remembered in
 * globalState). https and literal loopback never ask (urlSafety.ts decides which need it).
 */
import type * as vscode from 'vscode';
import { StorageKeys } from '../constants';
import type { AuthUi } from '../util/ui';
import { needsInsecureConfirmation } from './urlSafety';

export interface PlainHttpConsentDeps {
  state: vscode.Memento;
  ui: () => AuthUi;
  log: vscode.LogOutputChannel;
}

const SEND = 'Send Anyway';

/** True when credentials may go to `baseUrl`: it needs no confirmation, was confirmed before, or the user confirms now. */
export async function confirmPlainHttp(deps: PlainHttpConsentDeps, baseUrl: string): Promise<boolean> {
  if (!needsInsecureConfirmation(baseUrl)) return true;
  const confirmed = deps.state.get<string[]>(StorageKeys.insecureConfirmed) ?? [];
  if (confirmed.includes(baseUrl)) return true;
  const choice = await deps
    .ui()
    .showWarningMessage(
      `${baseUrl} uses plain http. Your Sentry credentials would travel unencrypted to it.`,
      { modal: true, detail: 'Use https:// in sentryExplorer.baseUrl if the server supports it. Send credentials over plain http only on a network you trust.' },
      SEND,
    );
  if (choice !== SEND) {
    deps.log.warn(`[auth] not sending credentials to ${baseUrl}: plain http not confirmed`);
    return false;
  }
  await deps.state.update(StorageKeys.insecureConfirmed, [...confirmed, baseUrl]);
  return true;
}
