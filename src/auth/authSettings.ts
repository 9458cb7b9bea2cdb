/**
 * The sign-in settings as the running extension sees them. Reading is pure (config.ts) and never
 * opens a dialog; a bad setting is reported here, once per distinct problem, at activation and by
 * the configuration listener, while reading falls back to the default.
 */
import * as vscode from 'vscode';
import { inspectAuthConfig, type AuthConfig } from '../config';
import { CONFIG_SECTION } from '../constants';
import { Disposable } from '../util/disposable';
import type { AuthUi } from '../util/ui';
import { readSettings } from '../settings';

export class AuthSettings extends Disposable {
  /** The problem last reported: the same one is not reported again until it was fixed. */
  private reported: string | undefined;
  /** The last reading, until a change of the section: VS Code's getConfiguration is not free, and sign-in code asks often. */
  private cached: AuthConfig | undefined;
  private readonly baseUrlChanged = this._register(new vscode.EventEmitter<string>());
  /** Fired with the (normalized) base URL when sentryExplorer.baseUrl changes. */
  readonly onDidChangeBaseUrl = this.baseUrlChanged.event;

  constructor(
    private readonly ui: () => AuthUi,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(CONFIG_SECTION)) this.cached = undefined;
        if (!e.affectsConfiguration(`${CONFIG_SECTION}.baseUrl`) && !e.affectsConfiguration(`${CONFIG_SECTION}.oauth`)) return;
        this.report();
        if (e.affectsConfiguration(`${CONFIG_SECTION}.baseUrl`)) this.baseUrlChanged.fire(this.current.baseUrl);
      }),
    );
    // A bad setting is said once activation is over (a message cannot show before then anyway).
    this._registerTimer(() => this.report(), 0);
  }

  /** The settings now; a bad base URL reads as the default. */
  get current(): AuthConfig {
    return (this.cached ??= readSettings(inspectAuthConfig).config);
  }

  private report(): void {
    const { problem } = readSettings(inspectAuthConfig);
    if (problem === this.reported) return;
    this.reported = problem;
    if (!problem) return;
    this.log.error(`[auth] ${problem}`);
    void this.ui().showErrorMessage(problem, {});
  }
}
