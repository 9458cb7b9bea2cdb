/**
 * "Open raw JSON" of an event: a read-only editor tab (documents of a content provider cannot be
 * edited or saved in place) holding the masked JSON the host made. The texts live here, a few at a
 * time, keyed by their URI; closing the tab lets VS Code drop the document, and a URI that is no
 * longer held answers a one-line note instead of the event.
 */
import * as vscode from 'vscode';
import { Disposable } from '../util/disposable';

export const RAW_EVENT_SCHEME = 'sentry-explorer-event';
/** Raw events kept for their tabs: each can be megabytes. */
const MAX_DOCUMENTS = 5;

export class RawEventDocuments extends Disposable implements vscode.TextDocumentContentProvider {
  private readonly texts = new Map<string, string>();
  private readonly changed = this._register(new vscode.EventEmitter<vscode.Uri>());
  readonly onDidChange = this.changed.event;

  constructor() {
    super();
    this._register(vscode.workspace.registerTextDocumentContentProvider(RAW_EVENT_SCHEME, this));
  }

  /** `name`: a file name made of the short ID and the event id (checked by the caller). */
  async show(name: string, json: string): Promise<vscode.TextEditor> {
    const uri = vscode.Uri.from({ scheme: RAW_EVENT_SCHEME, path: `/${name}.json` });
    const key = uri.toString();
    this.texts.delete(key);
    this.texts.set(key, json);
    while (this.texts.size > MAX_DOCUMENTS) this.texts.delete(this.texts.keys().next().value as string);
    this.changed.fire(uri);
    const doc = await vscode.workspace.openTextDocument(uri);
    await vscode.languages.setTextDocumentLanguage(doc, 'json');
    return vscode.window.showTextDocument(doc, { preview: true, viewColumn: vscode.ViewColumn.Beside });
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.texts.get(uri.toString()) ?? `// ${vscode.l10n.t('This event is no longer held here: open it again from the Event tab ("Open raw JSON").')}\n`;
  }
}
