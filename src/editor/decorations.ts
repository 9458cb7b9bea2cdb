/**
 * Gutter icons and after-line text on every visible editor, from the locator's marks. Marks move
 * with the lines they belong to while the user edits, until the next refresh; updates are debounced.
 * Decoration types are created once per settings change (Error Lens style).
 *
 * The text of a mark is the issue store's: every render reads `store.issue(id)`, and a store change
 * that names a marked issue re-renders, so a reload or a triage write shows on the line at once.
 */
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../constants';
import type { IssueStore } from '../store/issueStore';
import { Disposable, MutableDisposable, toDisposable, type IDisposable } from '../util/disposable';
import type { IssueLocator } from './locator';
import { afterLineText, byLine, isOpen, shiftMarks, touchesMarks, withIssues, type Mark, type PlacedMark } from './core/marks';
import { placeAllByText } from './core/movedLines';
import { readSettings } from '../settings';
import { readEditorConfig } from '../config';

const LEVELS = ['fatal', 'error', 'warning', 'info', 'debug'] as const;
type Level = (typeof LEVELS)[number];
/** A line's glyph: its first open issue's level, or `resolved` (hollow) when the view's query keeps only issues that are not open there. */
const GLYPHS = [...LEVELS, 'resolved'] as const;
export type Glyph = (typeof GLYPHS)[number];
const DEBOUNCE_MS = 80;

export class DecorationController extends Disposable {
  private types = new Map<Glyph, vscode.TextEditorDecorationType>();
  /** Marks per document: of open documents, placed by their text at the last refresh and moved by edits since. */
  private current = new Map<string, PlacedMark[]>();
  /** After-line text and glyph per document as last rendered (line -> text, glyph), for the suites. */
  private rendered = new Map<string, Map<number, string>>();
  private glyphs = new Map<string, Map<number, Glyph>>();
  private readonly timer = this._register(new MutableDisposable<IDisposable>());
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fired after marks change (refresh, edits or their issues' fields): hovers, CodeLens and diagnostics follow. */
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly locator: IssueLocator,
    private readonly store: Pick<IssueStore, 'issue' | 'onDidChange'>,
    private readonly media: vscode.Uri,
  ) {
    super();
    this.createTypes();
    this._register(toDisposable(() => this.disposeTypes()));
    this._register(
      locator.onDidChange(() => {
        this.current.clear();
        for (const doc of vscode.workspace.textDocuments) this.placeByText(doc);
        this.schedule();
      }),
    );
    // A document opened after the refresh: placed by its text before an edit could shift its marks.
    this._register(vscode.workspace.onDidOpenTextDocument((doc) => this.placeByText(doc) && this.schedule()));
    this._register(store.onDidChange((change) => touchesMarks(change.issues, this.placedMarks()) && this.schedule()));
    this._register(vscode.window.onDidChangeVisibleTextEditors(() => this.schedule()));
    this._register(vscode.workspace.onDidChangeTextDocument((e) => this.onEdit(e)));
    this._register(
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration(`${CONFIG_SECTION}.decorations`)) {
          this.createTypes();
          this.schedule();
        }
      }),
    );
  }

  /** The marks of a document now (0-based lines, after edits), with their issues' fields as the store has them. */
  marksFor(uri: vscode.Uri): Mark[] {
    return withIssues(this.placedFor(uri), (id) => this.store.issue(id), this.locator.query());
  }

  marksAt(uri: vscode.Uri, line: number): Mark[] {
    return byLine(this.marksFor(uri)).get(line) ?? [];
  }

  /** What is decorated in an editor, for the suites: line and issue id per decoration. */
  decorated(uri: vscode.Uri): { line: number; issueId: string; shortId: string }[] {
    return this.marksFor(uri).map((m) => ({ line: m.line, issueId: m.issue.id, shortId: m.issue.shortId }));
  }

  /** The after-line text of a visible editor's lines as last rendered (empty when inline text is off), for the suites. */
  renderedText(uri: vscode.Uri): Map<number, string> {
    return new Map(this.rendered.get(uri.toString()));
  }

  /** The glyph of each marked line of a visible editor as last rendered, for the suites. */
  renderedGlyphs(uri: vscode.Uri): Map<number, Glyph> {
    return new Map(this.glyphs.get(uri.toString()));
  }

  /** Applies decorations now (the debounced path calls this). */
  render(): void {
    if (this.isDisposed) return;
    const { inline } = settings();
    const now = Date.now();
    const rendered = new Map<string, Map<number, string>>();
    const glyphs = new Map<string, Map<number, Glyph>>();
    for (const editor of vscode.window.visibleTextEditors) {
      const lines = byLine(this.marksFor(editor.document.uri));
      const perGlyph = new Map<Glyph, vscode.DecorationOptions[]>(GLYPHS.map((g) => [g, []]));
      const texts = new Map<number, string>();
      const drawn = new Map<number, Glyph>();
      for (const [line, marks] of lines) {
        if (line < 0 || line >= editor.document.lineCount) continue;
        // Open issues come first on a line (byLine): the first is open unless none is.
        const glyph: Glyph = isOpen(marks[0].issue) ? levelOf(marks[0].issue.level) : 'resolved';
        drawn.set(line, glyph);
        const end = editor.document.lineAt(line).range.end;
        const text = inline ? `  ${afterLineText(marks, now)}` : undefined;
        if (text) texts.set(line, text);
        perGlyph.get(glyph)!.push({
          range: new vscode.Range(line, end.character, line, end.character),
          renderOptions: text ? { after: { contentText: text } } : undefined,
        });
      }
      for (const [glyph, options] of perGlyph) editor.setDecorations(this.types.get(glyph)!, options);
      rendered.set(editor.document.uri.toString(), texts);
      glyphs.set(editor.document.uri.toString(), drawn);
    }
    this.rendered = rendered;
    this.glyphs = glyphs;
    this.changed.fire();
  }

  /** Placed marks of a document now: moved by edits since the last refresh, else the locator's. */
  private placedFor(uri: vscode.Uri): PlacedMark[] {
    return this.current.get(uri.toString()) ?? this.locator.marksFor(uri);
  }

  private *placedMarks(): Iterable<PlacedMark[]> {
    yield* this.current.values();
    yield* this.locator.allMarks();
  }

  /**
   * The locator's marks of an open document, moved to where the code each event named is now (or
   * called stale), once per refresh: from then on edits move them, as they move the text.
   */
  private placeByText(doc: vscode.TextDocument): boolean {
    const key = doc.uri.toString();
    const marks = this.locator.marksFor(doc.uri);
    if (this.current.has(key) || !marks.some((m) => m.text)) return false;
    this.current.set(key, placeAllByText(marks, { lineCount: doc.lineCount, lineAt: (n) => doc.lineAt(n).text }));
    return true;
  }

  private schedule(): void {
    // Refused once disposed: nothing renders into editors after the integration is gone.
    this.timer.value = this._registerTimer(() => this.render(), DEBOUNCE_MS);
  }

  private onEdit(e: vscode.TextDocumentChangeEvent): void {
    const key = e.document.uri.toString();
    let marks = this.placedFor(e.document.uri);
    if (marks.length === 0 || e.contentChanges.length === 0) return;
    // Changes arrive in document order of the new text's ranges; apply from the last to the first.
    for (const c of [...e.contentChanges].sort((a, b) => b.range.start.line - a.range.start.line)) {
      marks = shiftMarks(marks, { startLine: c.range.start.line, endLine: c.range.end.line, insertedLines: (c.text.match(/\n/g) ?? []).length });
    }
    this.current.set(key, marks);
    this.schedule();
  }

  private disposeTypes(): void {
    for (const t of this.types.values()) t.dispose();
    this.types.clear();
  }

  private glyph(glyph: Glyph, kind: 'light' | 'dark'): vscode.ThemableDecorationRenderOptions {
    return { gutterIconPath: vscode.Uri.joinPath(this.media, `gutter-${glyph}-${kind}.svg`), gutterIconSize: 'contain' };
  }

  private createTypes(): void {
    this.disposeTypes();
    const { gutter, inline } = settings();
    this.types = new Map(
      GLYPHS.map((glyph) => [
        glyph,
        vscode.window.createTextEditorDecorationType({
          // A bug, not a filled circle: the glyph margin is where breakpoints are drawn. Light themes
          // (high contrast light included) and dark ones each get the level's colour made for them.
          ...(gutter ? { light: this.glyph(glyph, 'light'), dark: this.glyph(glyph, 'dark') } : {}),
          overviewRulerColor: new vscode.ThemeColor(colourOf(glyph)),
          overviewRulerLane: vscode.OverviewRulerLane.Right,
          after: inline ? { color: new vscode.ThemeColor(colourOf(glyph)), fontStyle: 'italic', margin: '0 0 0 1em' } : undefined,
          isWholeLine: false,
          rangeBehavior: vscode.DecorationRangeBehavior.ClosedClosed,
        }),
      ]),
    );
  }
}

function settings(): { gutter: boolean; inline: boolean } {
  const { gutter, inline } = readSettings(readEditorConfig);
  return { gutter, inline };
}

/** The theme colour of a glyph's ruler mark and line text: the level's, the debug grey for issues that are not open. */
function colourOf(glyph: Glyph): string {
  return `sentryExplorer.level.${glyph === 'resolved' ? 'debug' : glyph}`;
}

export function levelOf(level: string): Level {
  return (LEVELS as readonly string[]).includes(level) ? (level as Level) : 'error';
}
