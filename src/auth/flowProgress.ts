/**
 * A request of a sign-in flow inside a cancellable notification. Cancelling aborts the request
 * (silently: a CancellationError); any other failure is shown and logged here, by type only, so
 * the flow just ends (also with a CancellationError: the user was already told).
 */
import * as vscode from 'vscode';
import { ApiError } from '../api/errors';
import type { AuthUi } from '../util/ui';
import { signalFrom } from '../util/signal';
import { errorKind, safeErrorMessage } from './core/errorText';
import { isAbortError } from './core/state';

/** What a failure is called: `log` in the log (English), `message` to the user (a whole sentence, localized). */
export interface FailureText {
  log: string;
  message: string;
}

export async function withCancellableProgress<T>(ui: AuthUi, log: vscode.LogOutputChannel, title: string, task: (signal: AbortSignal) => Promise<T>, failure: FailureText): Promise<T> {
  try {
    return await ui.withProgress({ location: vscode.ProgressLocation.Notification, title, cancellable: true }, (_p, token) => {
      const cancel = signalFrom(token);
      return task(cancel.signal).finally(cancel.dispose);
    });
  } catch (err) {
    if (isAbortError(err)) throw new vscode.CancellationError();
    const message = safeErrorMessage(err);
    log.error(`[auth] could not ${failure.log}: ${errorKind(err)}${err instanceof ApiError && err.request ? ` ${err.request}` : ''}`);
    const showLog = vscode.l10n.t('Show Log');
    void ui.showErrorMessage(`${failure.message} ${message}`, {}, showLog).then((a) => a === showLog && log.show());
    throw new vscode.CancellationError();
  }
}
