/**
 * VS Code's inline values for a recorded event's session: the stopped frame's recorded variables,
 * looked up by name (InlineValueVariableLookup: VS Code asks the adapter, which answers from the
 * frame's Locals) where they appear in the stopped function's lines up to the frame's line, never
 * in the file's other functions, whose variables of the same name were not recorded. The function
 * is the enclosing one the document symbol provider finds, else the lines Sentry kept before the
 * frame's (./core/inlineValues.ts inlineFirstLine says why).
 */
import * as vscode from 'vscode';
import type { DebugSessions } from './debugSessions';
import { inlineFirstLine, inlineLookups, type FunctionSpan } from './core/inlineValues';

/** How long the document symbol provider may take (a language server still starting) before the kept lines are used instead. */
const SYMBOLS_MS = 1500;

const FUNCTION_KINDS = new Set([vscode.SymbolKind.Function, vscode.SymbolKind.Method, vscode.SymbolKind.Constructor]);

/** The functions, methods and constructors of a document symbol provider's answer, nested ones included. */
function functionSpans(symbols: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]): FunctionSpan[] {
  const out: FunctionSpan[] = [];
  const walk = (list: readonly (vscode.DocumentSymbol | vscode.SymbolInformation)[]) => {
    for (const s of list) {
      const range = 'range' in s && s.range ? s.range : (s as vscode.SymbolInformation).location?.range;
      if (range && FUNCTION_KINDS.has(s.kind)) out.push({ start: range.start.line, end: range.end.line });
      if ('children' in s && Array.isArray(s.children)) walk(s.children);
    }
  };
  walk(symbols);
  return out;
}

export class RecordedInlineValues implements vscode.InlineValuesProvider, vscode.Disposable {
  /** The last document's functions (VS Code asks again at every frame focused in the same file). */
  private cached?: { key: string; spans: Promise<FunctionSpan[] | undefined> };
  /**
   * Fired when a document's functions come after its values were given without them (a language
   * server still starting), with the session's variables invalidated: VS Code 1.99 asks again only
   * for the latter, and the values then reach the function's first lines, not only the few lines
   * Sentry kept (a window's first session met this every time).
   */
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeInlineValues = this.changed.event;

  constructor(
    private readonly sessions: DebugSessions,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  async provideInlineValues(document: vscode.TextDocument, viewport: vscode.Range, context: vscode.InlineValueContext): Promise<vscode.InlineValue[] | undefined> {
    const live = this.sessions.get(vscode.debug.activeDebugSession);
    if (!live) return undefined;
    const names = live.adapter.localNames(context.frameId);
    if (!names.length) return [];
    const stop = Math.min(context.stoppedLocation.end.line, document.lineCount - 1);
    const functions = await this.functions(document);
    const first = inlineFirstLine(stop, functions, live.adapter.linesKeptBefore(context.frameId));
    this.log.debug(`[debug] inline values of frame ${context.frameId}: lines ${first + 1}-${stop + 1}, ${functions ? 'the document symbols known' : 'no document symbols: the lines Sentry kept'}`);
    const lines = [];
    for (let n = Math.max(first, viewport.start.line); n <= Math.min(stop, viewport.end.line); n++) lines.push({ line: n, text: document.lineAt(n).text });
    return inlineLookups(lines, names).map((l) => new vscode.InlineValueVariableLookup(new vscode.Range(l.line, l.start, l.line, l.end), l.name, true));
  }

  /** The document's functions, or undefined when no document symbol provider answered in time. */
  private functions(document: vscode.TextDocument): Promise<FunctionSpan[] | undefined> {
    const key = `${document.uri.toString()}#${document.version}`;
    if (this.cached?.key !== key) {
      const asked = Promise.resolve(vscode.commands.executeCommand<(vscode.DocumentSymbol | vscode.SymbolInformation)[] | undefined>('vscode.executeDocumentSymbolProvider', document.uri))
        .then((symbols) => (symbols?.length ? functionSpans(symbols) : undefined))
        .catch(() => undefined);
      let timer: ReturnType<typeof setTimeout> | undefined;
      let tooLate = false;
      const late = new Promise<undefined>(
        (resolve) =>
          (timer = setTimeout(() => {
            tooLate = true;
            resolve(undefined);
          }, SYMBOLS_MS)),
      );
      const spans = Promise.race([asked, late]).finally(() => clearTimeout(timer));
      this.cached = { key, spans };
      // An answer that came too late is kept, and VS Code asked again.
      void asked.then((found) => {
        if (!found || this.cached?.key !== key) return;
        this.cached = { key, spans: Promise.resolve(found) };
        if (!tooLate) return;
        this.changed.fire();
        this.sessions.get(vscode.debug.activeDebugSession)?.adapter.refreshVariables();
      });
    }
    return this.cached.spans;
  }

  dispose(): void {
    this.changed.dispose();
  }
}
