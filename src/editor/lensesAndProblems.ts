/** Optional extras behind settings (default off): a CodeLens above decorated lines, Problems entries. */
import * as vscode from 'vscode';
import { CONFIG_SECTION, Commands } from '../constants';
import { plural } from '../format/numbers';
import type { DecorationController } from './decorations';
import { byLine } from './marks';
import { labelText, plainText, safeWebUrl } from '../util/untrusted';

export class IssueCodeLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly decorations: DecorationController) {
    this.subscriptions = [
      this.changed,
      decorations.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${CONFIG_SECTION}.codeLens`) && this.changed.fire()),
    ];
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    if (!vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>('codeLens.enabled', false)) return [];
    const lenses: vscode.CodeLens[] = [];
    for (const [line, marks] of byLine(this.decorations.marksFor(document.uri))) {
      if (line >= document.lineCount) continue;
      const m = marks[0];
      lenses.push(
        new vscode.CodeLens(document.lineAt(line).range, {
          title: `$(bug) ${labelText(m.issue.shortId, 100)} · ${plural(m.issue.count, 'event', 'events')}${marks.length > 1 ? ` (+${marks.length - 1} more)` : ''}`,
          command: Commands.showIssueEvents,
          arguments: [{ type: 'issue', org: m.org, project: m.project, issue: m.issue, otherProject: false, period: '24h' }],
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

export class IssueDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('sentry');
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly decorations: DecorationController,
    /** The base URL of the server the marks came from. */
    private readonly baseUrl: () => string | undefined,
  ) {
    this.subscriptions = [
      decorations.onDidChange(() => this.update()),
      vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(`${CONFIG_SECTION}.diagnostics`) && this.update()),
    ];
  }

  update(): void {
    this.collection.clear();
    if (!vscode.workspace.getConfiguration(CONFIG_SECTION).get<boolean>('diagnostics.enabled', false)) return;
    for (const doc of vscode.workspace.textDocuments) {
      const diags: vscode.Diagnostic[] = [];
      for (const m of this.decorations.marksFor(doc.uri)) {
        if (m.line >= doc.lineCount) continue;
        const d = new vscode.Diagnostic(
          doc.lineAt(m.line).range,
          `${plainText(m.issue.shortId, 100)}: ${plainText(m.issue.title)} (${plural(m.issue.count, 'event', 'events')})`,
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

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.collection.dispose();
  }
}
