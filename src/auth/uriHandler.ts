/**
 * The extension's one UriHandler (`<uriScheme>://sentry-explorer.sentry-explorer/<path>?...`),
 * routing by path. Sign-in registers `/auth-callback`; other features may add their paths.
 */
import * as vscode from 'vscode';
import { errorKind } from './core/errorText';

export type UriRoute = (uri: vscode.Uri) => void | Promise<void>;

export class UriRouter implements vscode.UriHandler {
  private readonly routes = new Map<string, UriRoute>();

  constructor(private readonly log: vscode.LogOutputChannel) {}

  route(path: string, handler: UriRoute): vscode.Disposable {
    this.routes.set(path, handler);
    return new vscode.Disposable(() => this.routes.delete(path));
  }

  async handleUri(uri: vscode.Uri): Promise<void> {
    const path = uri.path.replace(/\/+$/, '') || '/';
    const handler = this.routes.get(path);
    // Only the path is logged: the query may carry an authorization code.
    this.log.info(`[uri] ${path}${handler ? '' : ' (no handler)'}`);
    if (!handler) return;
    try {
      await handler(uri);
    } catch (err) {
      this.log.error(`[uri] ${path} failed: ${errorKind(err)}`);
    }
  }
}
