/** Optional extras behind settings (default off): a CodeLens above decorated lines, Problems entries. */
import * as vscode from 'vscode';
import { CONFIG_SECTION, Commands } from '../constants';
import { commandArgs, PREVIEW, refOfIssue } from '../contracts/issueRef';
import { Disposable } from '../util/disposable';
import type { DecorationController } from './decorations';
import { eventCount } from '../format/numbers';
import { byLine, isOpen } from './core/marks';
import { labelText, plainText, safeWebUrl } from '../util/untrusted';
import { readSettings } from '../settings';
import { readEditorConfig } from '../config';

/** Registers itself for every document; lenses follow the decorations (and so the issue store). */
export class IssueCodeLensProvider extends Disposable implements vscode.CodeLensProvider {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeCodeLenses = this.changed.event;

  constructor(private readonly decorations: DecorationController) {
    super();
    this._register(decorations.onDidChange(() => this.changed.fire()));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${CONFIG_SECTION}.codeLens`) && this.changed.fire()));
    this._register(vscode.languages.registerCodeLensProvider({ pattern: '**' }, this));
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!readSettings(readEditorConfig).codeLens) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const [line, marks] of byLine(this.decorations.marksFor(document.uri))) {
      if (line >= document.lineCount) continue;
      const m = marks[0];
      const ref = refOfIssue(m.org, m.issue);
      if (!ref) continue;
      const range = document.lineAt(line).range;
      lenses.push(
        new vscode.CodeLens(range, {
          title:
            marks.length > 1
              ? vscode.l10n.t('$(bug) {0} · {1} (+{2} more)', labelText(m.issue.shortId, 100), eventCount(m.issue.count), marks.length - 1)
              : vscode.l10n.t('$(bug) {0} · {1}', labelText(m.issue.shortId, 100), eventCount(m.issue.count)),
          command: Commands.showIssueEvents,
          arguments: [...commandArgs(ref), PREVIEW],
        }),
      );
      // Resolve: for the issue the lens above names, so a line shows at most two lenses. The mark
      // goes (and these lenses with it) as soon as the store shows the issue resolved, unless the
      // Issues view's filter lists resolved issues too: then its lens offers Unresolve.
      lenses.push(
        isOpen(m.issue)
          ? new vscode.CodeLens(range, {
              title: marks.length > 1 ? vscode.l10n.t('$(check) Resolve {0}', labelText(m.issue.shortId, 100)) : vscode.l10n.t('$(check) Resolve'),
              tooltip: vscode.l10n.t('Resolve {0}', plainText(m.issue.shortId, 100)),
              command: Commands.resolve,
              arguments: commandArgs(ref),
            })
          : new vscode.CodeLens(range, {
              title: marks.length > 1 ? vscode.l10n.t('$(issue-reopened) Unresolve {0}', labelText(m.issue.shortId, 100)) : vscode.l10n.t('$(issue-reopened) Unresolve'),
              tooltip: vscode.l10n.t('Unresolve {0}', plainText(m.issue.shortId, 100)),
              command: Commands.unresolve,
              arguments: commandArgs(ref),
            }),
      );
    }
    return lenses;
  }
}

const SEVERITY: Record<string, vscode.DiagnosticSeverity> = {
  fatal: vscode.DiagnosticSeverity.Error,
  error: vscode.DiagnosticSeverity.Error,
  warning: vscode.DiagnosticSeverity.Warning,
  info: vscode.DiagnosticSeverity.Information,
  debug: vscode.DiagnosticSeverity.Hint,
};

export class IssueDiagnostics extends Disposable {
  private readonly collection = this._register(vscode.languages.createDiagnosticCollection('sentry'));

  constructor(
    private readonly decorations: DecorationController,
    /** The base URL of the server the marks came from. */
    private readonly baseUrl: () => string | undefined,
  ) {
    super();
    this._register(decorations.onDidChange(() => this.update()));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${CONFIG_SECTION}.diagnostics`) && this.update()));
  }

  update(): void {
    if (this.isDisposed) return;
    this.collection.clear();
    if (!readSettings(readEditorConfig).diagnostics) return;
    for (const doc of vscode.workspace.textDocuments) {
      const diags: vscode.Diagnostic[] = [];
      for (const m of this.decorations.marksFor(doc.uri)) {
        // A resolved or archived issue that the view's filter keeps marked is no problem.
        if (m.line >= doc.lineCount || !isOpen(m.issue)) continue;
        const d = new vscode.Diagnostic(
          doc.lineAt(m.line).range,
          vscode.l10n.t('{0}: {1} ({2})', plainText(m.issue.shortId, 100), plainText(m.issue.title), eventCount(m.issue.count)),
          SEVERITY[m.issue.level] ?? vscode.DiagnosticSeverity.Error,
        );
        d.source = 'Sentry';
        // The permalink is the server's: a target only when it is a web link to that server or sentry.io.
        const target = safeWebUrl(m.issue.permalink, this.baseUrl());
        d.code = target ? { value: plainText(m.issue.shortId, 100), target: vscode.Uri.parse(target.href, true) } : plainText(m.issue.shortId, 100);
        diags.push(d);
      }
      if (diags.length) this.collection.set(doc.uri, diags);
    }
  }
}
