/** Hovers on decorated lines, with command links allowed one by one (never isTrusted: true). */
import * as vscode from 'vscode';
import type { DecorationController } from './decorations';
import { HOVER_COMMANDS, hoverMarkdown } from './hoverMarkdown';

export { HOVER_COMMANDS, hoverMarkdown };

export class IssueHoverProvider implements vscode.HoverProvider {
  constructor(private readonly decorations: DecorationController) {}

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const marks = this.decorations.marksAt(document.uri, position.line);
    if (marks.length === 0) return undefined;
    const text = new vscode.MarkdownString(marks.map((m) => hoverMarkdown(m)).join('\n\n---\n\n'));
    text.isTrusted = { enabledCommands: HOVER_COMMANDS };
    text.supportThemeIcons = true;
    text.supportHtml = false;
    return new vscode.Hover(text, document.lineAt(position.line).range);
  }
}
