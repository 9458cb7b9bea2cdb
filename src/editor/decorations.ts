/**
 * Gutter icons and after-line text on every visible editor, from the locator's marks. Marks move
 * with the lines they belong to while the user edits, until the next refresh; updates are debounced.
 * Decoration types are created once per settings change (Error Lens style).
 */
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../constants';
import type { IssueLocator } from './locator';
import { afterLineText, byLine, shiftMarks, type Mark } from './marks';

const LEVELS = ['fatal', 'error', 'warning', 'info', 'debug'] as const;
type Level = (typeof LEVELS)[number];
const DEBOUNCE_MS = 80;

export class DecorationController implements vscode.Disposable {
  private types = new Map<Level, vscode.TextEditorDecorationType>();
  /** Marks per document, moved by edits since the last refresh. */
  private current = new Map<string, Mark[]>();
  private timer: ReturnType<typeof setTimeout> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fired after marks change (refresh or edits): hovers, CodeLens and diagnostics follow. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly locator: IssueLocator,
    private readonly media: vscode.Uri,
  ) {
    this.createTypes();
    this.disposables.push(
      this.changed,
      locator.onDidChange(() => {
        this.current.clear();
        this.schedule();
      }),
      vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()),
      vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.decorations`)) {
          this.createTypes();
          this.schedule();
        }
      }),
      { dispose: () => clearTimeout(this.timer) },
    );
  }

  /** The marks of a document now (0-based lines), after edits. */
  marksFor(uri: vscode.Uri): Mark[] {
    const key = uri.toString();
    return this.current.get(key) ?? this.locator.marksFor(uri);
  }

  marksAt(uri: vscode.Uri, line: number): Mark[] {
    return byLine(this.marksFor(uri)).get(line) ?? [];
  }

  /** What is decorated in an editor, for the suites: line and issue id per decoration. */
  decorated(uri: vscode.Uri): { line: number; issueId: string; shortId: string }[] {
    return this.marksFor(uri).map((m) => ({ line: m.line, issueId: m.issue.id, shortId: m.issue.shortId }));
  }

  dispose(): void {
    for (const t of this.types.values()) t.dispose();
    for (const d of this.disposables) d.dispose();
  }

  /** Applies decorations now (the debounced path calls this). */
  render(): void {
    const { inline } = settings();
    const now = Date.now();
    for (const editor of vscode.window.visibleTextEditors) {
      const lines = byLine(this.marksFor(editor.document.uri));
      const perLevel = new Map<Level, vscode.DecorationOptions[]>(LEVELS.map((l) => [l, []]));
      for (const [line, marks] of lines) {
        if (line < 0 || line >= editor.document.lineCount) continue;
        const level = levelOf(marks[0].issue.level);
        const end = editor.document.lineAt(line).range.end;
        perLevel.get(level)!.push({
          range: new vscode.Range(line, end.character, line, end.character),
          renderOptions: inline ? { after: { contentText: `  ${afterLineText(marks, now)}` } } : undefined,
        });
      }
      for (const [level, options] of perLevel) editor.setDecorations(this.types.get(level)!, options);
    }
    this.changed.fire();
  }

  private schedule(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.render(), DEBOUNCE_MS);
  }

  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let marks = this.marksFor(e.document.uri);
    if (marks.length === 0 || e.contentChanges.length === 0) return;
    // Changes arrive in document order of the new text's ranges; apply from the last to the first.
    for (const c of [...e.contentChanges].sort((a, b) => b.range.start.line - a.range.start.line)) {
      marks = shiftMarks(marks, { startLine: c.range.start.line, endLine: c.range.end.line, insertedLines: (c.text.match(/\n/g) ?? []).length });
    }
    this.current.set(key, marks);
    this.schedule();
  }

  private createTypes(): void {
    for (const t of this.types.values()) t.dispose();
    const { gutter, inline } = settings();
    this.types = new Map(
      LEVELS.map((level) => [
        level,
        vscode.window.createTextEditorDecorationType({
          gutterIconPath: gutter ? vscode.Uri.joinPath(this.media, `gutter-${level}.svg`) : undefined,
          gutterIconSize: 'contain',
          overviewRulerColor: new vscode.ThemeColor(`sentryExplorer.level.${level}`),
          overviewRulerLane: vscode.OverviewRulerLane.Right,
          after: inline ? { color: new vscode.ThemeColor(`sentryExplorer.level.${level}`), fontStyle: 'italic', margin: '0 0 0 1em' } : undefined,
          isWholeLine: false,
          rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
        }),
      ]),
    );
  }
}

function settings(): { gutter: boolean; inline: boolean } {
  const c = vscode.workspace.getConfiguration(CONFIG_SECTION);
  return { gutter: c.get<boolean>('decorations.gutter', true), inline: c.get<boolean>('decorations.inline', true) };
}

export function levelOf(level: string): Level {
  return (LEVELS as readonly string[]).includes(level) ? (level as Level) : 'error';
}
