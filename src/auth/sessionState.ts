/**
 * Who is signed in, as the rest of the extension sees it: the current session and the server it
 * belongs to, one change event (fired when who is signed in changes, not when tokens are
 * refreshed), and the `sentryExplorer.signedIn` context key the `when` clauses read.
 */
import * as vscode from 'vscode';
import { ContextKeys } from '../constants';
import { Disposable } from '../util/disposable';
import { plainText } from '../util/untrusted';
import type { StoredSession } from './core/sessionCodec';

export class SessionState extends Disposable {
  private current: StoredSession | undefined;
  /** The server `current` belongs to: while the provider switches servers it may already name the next one. */
  private server: string | undefined;
  private readonly changed = this._register(new vscode.EventEmitter<StoredSession | undefined>());
  /** Fired when the current session appears or goes (consumers ask the client for refreshed tokens themselves). */
  readonly onDidChangeSession = this.changed.event;

  // No setContext(signedIn, false) here: a context key starts unset, which `when` clauses read as
  // false, and the call is a round trip to the workbench during activation.
  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
  }

  get session(): StoredSession | undefined {
    return this.current;
  }

  get baseUrl(): string | undefined {
    return this.server;
  }

  /**
   * The stored sessions of `baseUrl` changed (or were read for the first time: `initial`, which
   * logs who is signed in and fires nothing). The newest session is the current one.
   */
  update(sessions: readonly StoredSession[], baseUrl: string, initial = false): void {
    const next = sessions[0];
    const prev = this.current;
    this.current = next;
    this.server = baseUrl;
    setSignedIn(!!next);
    if (initial) {
      if (next) this.log.info(`[auth] signed in to ${baseUrl} as ${plainText(next.account.label, 200)} (${next.kind})`);
      else this.log.info(`[auth] not signed in to ${baseUrl}`);
    } else if (prev?.id !== next?.id) {
      this.changed.fire(next);
    }
  }
}

function setSignedIn(value: boolean): void {
  void vscode.commands.executeCommand('setContext', ContextKeys.signedIn, value);
}
