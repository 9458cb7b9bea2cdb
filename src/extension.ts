import * as vscode from 'vscode';
import { Commands } from './constants';

export function activate(context: vscode.ExtensionContext) {
  const log = vscode.window.createOutputChannel('Sentry Explorer', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand(Commands.showLog, () => log.show()),
  );
  log.info('activated');
}

export function deactivate() {}
