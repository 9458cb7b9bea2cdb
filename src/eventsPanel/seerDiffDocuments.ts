/**
 * The right side of a Seer change's diff editor: the workspace file as it would be with Seer's change
 * applied, a read-only document of a content provider (never written to disk). The texts are keyed by
 * their URI and held a few at a time, like the raw event tabs (rawEventDocuments.ts). The diff opens
 * beside the events panel, so the user goes through the changes from the Seer tab's list.
 */
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

export const SEER_CHANGE_SCHEME = 'sentry-explorer-seer';
const MAX_DOCUMENTS = 20;

export class SeerDiffDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(SEER_CHANGE_SCHEME, this));
  }

  /**
   * Opens the diff of `left` (the workspace file, or an empty document for a new file) against
   * `text`. `name` is the file as the Seer tab names it (its folder's name first in a multi-root
   * workspace, invisible characters shown), never Seer's path; `runId` keeps runs apart.
   */
  async show(left: vscode.Uri | undefined, name: string, runId: string, text: string): Promise<void> {
    const right = vscode.Uri.from({ scheme: SEER_CHANGE_SCHEME, path: `/${name}`, query: `run=${encodeURIComponent(runId)}` });
    const key = right.toString();
    this.texts.delete(key);
    this.texts.set(key, text);
    while (this.texts.size > MAX_DOCUMENTS) this.texts.delete(this.texts.keys().next().value as string);
    this.changed.fire(right);
    const base = left ?? vscode.Uri.from({ scheme: SEER_CHANGE_SCHEME, path: `/${name}`, query: 'empty' });
    // Beside the panel, which keeps its list of changes in sight (and its page, which a hidden
    // panel loses): each diff replaces the one before there, and the focus stays on the list.
    const options: vscode.TextDocumentShowOptions = { preview: true, preserveFocus: true, viewColumn: vscode.ViewColumn.Beside };
    await vscode.commands.executeCommand('vscode.diff', base, right, vscode.l10n.t("{0} ↔ Seer's change", name), options);
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    if (uri.query === 'empty') return '';
    return this.texts.get(uri.toString()) ?? vscode.l10n.t("This change of Seer's is no longer held here: open it again from the Seer tab.");
  }
}
