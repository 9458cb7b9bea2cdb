/** Hovers on decorated lines, with command links allowed one by one (never isTrusted: true). */
import * as vscode from 'vscode';
import { refOfIssue } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import type { DecorationController } from './decorations';
import { HOVER_COMMANDS, hoverCommands, hoverMarkdown } from './core/hoverMarkdown';

export { HOVER_COMMANDS, hoverMarkdown };

/** Issues a hover shows in full. */
export const HOVER_MAX_ISSUES = 5;

/** Registers itself for every document; the marks (and their issues' fields) are read at hover time. */
export class IssueHoverProvider extends Disposable implements vscode.HoverProvider {
  /** `aiLinks`: whether a chat can take an issue now (Explain/Fix with AI are offered only then). */
  constructor(
    private readonly decorations: DecorationController,
    private readonly aiLinks: () => boolean = () => false,
  ) {
    super();
    this._register(vscode.languages.registerHoverProvider({ pattern: '**' }, this));
  }

  provideHover(document: vscode.TextDocument, position: vscode.Position): vscode.Hover | undefined {
    const parts: string[] = [];
    const ai = this.aiLinks();
    const marks = this.decorations.marksAt(document.uri, position.line);
    // Most events first; a busy line (a file's search marks every issue there) shows the first few.
    for (const m of marks.slice(0, HOVER_MAX_ISSUES)) {
      // The issue's own project: the ref commands expect (an issue without a valid one gets no hover).
      const ref = refOfIssue(m.org, m.issue);
      if (ref) parts.push(hoverMarkdown(m.issue, ref, Date.now(), { ai }));
    }
    if (parts.length === 0) return undefined;
    const more = marks.length - HOVER_MAX_ISSUES;
    if (more > 0)
      parts.push(more === 1 ? vscode.l10n.t('1 more issue on this line, with fewer events.') : vscode.l10n.t('{0} more issues on this line, with fewer events.', more.toLocaleString('en')));
    const text = new vscode.MarkdownString(parts.join('\n\n---\n\n'));
    text.isTrusted = { enabledCommands: hoverCommands(ai) };
    text.supportThemeIcons = true;
    text.supportHtml = false;
    return new vscode.Hover(text, document.lineAt(position.line).range);
  }
}
