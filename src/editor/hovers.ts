/** Hovers on decorated lines, with command links allowed one by one (never isTrusted: true). */
import * as vscode from 'vscode';
import { refOfIssue } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import type { DecorationController } from './decorations';
import { HOVER_COMMANDS, hoverMarkdown } from './hoverMarkdown';

export { HOVER_COMMANDS, hoverMarkdown };

/** Registers itself for every document; the marks (and their issues' fields) are read at hover time. */
export class IssueHoverProvider extends Disposable implements vscode.HoverProvider {
  constructor(private readonly decorations: DecorationController) {
    super();
    this._register(vscode.languages.registerHoverProvider({ pattern: '**' }, this));
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const parts: string[] = [];
    for (const m of this.decorations.marksAt(document.uri, position.line)) {
      // The issue's own project: the ref commands expect (an issue without a valid one gets no hover).
      const ref = refOfIssue(m.org, m.issue);
      if (ref) parts.push(hoverMarkdown(m.issue, ref));
    }
    if (parts.length === 0) return undefined;
    const text = new vscode.MarkdownString(parts.join('\n\n---\n\n'));
    text.isTrusted = { enabledCommands: HOVER_COMMANDS };
    text.supportThemeIcons = true;
    text.supportHtml = false;
    return new vscode.Hover(text, document.lineAt(position.line).range);
  }
}
