/**
 * Where a recorded frame shows and what the Event scope holds. A frame at a workspace file opens
 * that file; one outside the workspace opens a read-only source made of the context lines Sentry
 * kept, at their own line numbers; one that names no file is a label and opens nothing. The Event
 * scope is the event's tags, contexts, request and user as the panel reads them (masked values stay
 * `[masked]`). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { RecordedFrame, RecordedValue } from '../../model/event/recordedEvent';
import { shownText, type DetailPair, type EventDetail } from '../../model/event/types';
import { nameLine } from './inertText';
import type { Named } from './variables';

/** Blank lines put before the first kept line so it sits at its own number; a line farther down starts the source. */
const MAX_PADDING = 20_000;
const ORIGIN = (): string => l10n.t('Sentry event (read-only)');

export interface FrameSource {
  source?: DebugProtocol.Source;
  line: number;
  column: number;
  /** The text of a source made of the kept lines (its `sourceReference` is in `source`). */
  content?: string;
}

/** The frame's name in CALL STACK: its function (or module), what the event names. */
export function frameName(f: RecordedFrame): string {
  const fn = f.function ?? f.module ?? l10n.t('(unknown function)');
  return nameLine(fn, 300);
}

/** The file the frame names, as it would be shown, or undefined when it names none. */
export function namedFile(f: RecordedFrame): string | undefined {
  const name = f.filename ?? f.absPath;
  return name && !name.startsWith('<') && !name.startsWith('[') && name !== '?' ? name : undefined;
}

/** The last segment of a path (`a/b/c.py` → `c.py`, `C:\x\y.cs` → `y.cs`). */
function baseName(path: string): string {
  return path.split(/[\\/]/).filter(Boolean).pop() ?? path;
}

/**
 * The text of the read-only source of a frame outside the workspace: its kept lines at their own
 * numbers (blank lines before and between), and `offset`, how many lines were left out before the
 * first when it sits farther down than MAX_PADDING. Without kept lines, a line that says so.
 */
export function sourceContent(f: RecordedFrame): { content: string; offset: number } {
  const context = f.context?.length ? f.context : f.lineNo !== undefined ? [[f.lineNo, l10n.t('(Sentry kept no source lines for this frame)')] as [number, string]] : [];
  if (!context.length) return { content: l10n.t('(Sentry kept no source lines for this frame)'), offset: 0 };
  const first = Math.max(1, context[0][0]);
  const offset = first > MAX_PADDING ? first - 1 : 0;
  const lines: string[] = [];
  for (const [n, code] of context) {
    const at = n - offset - 1;
    if (at < 0 || at > MAX_PADDING + 1000) continue;
    while (lines.length < at) lines.push('');
    lines[at] = code;
  }
  return { content: lines.join('\n'), offset };
}

/**
 * Where a frame shows: at `path` (the workspace file the resolver found), else in a source of its
 * kept lines (`reference` becomes its sourceReference), else nowhere (a label).
 */
export function frameSource(f: RecordedFrame, path: string | undefined, reference: number): FrameSource {
  const line = Math.max(1, f.lineNo ?? 1);
  const column = Math.max(1, f.colNo ?? 1);
  const deemphasize = f.inApp !== true;
  const file = namedFile(f);
  if (path) {
    const source: DebugProtocol.Source = { name: nameLine(baseName(path), 200), path };
    if (deemphasize) source.presentationHint = 'deemphasize';
    return { source, line, column };
  }
  if (!file && !f.context?.length) return { line: f.lineNo ?? 0, column: 0 };
  const { content, offset } = sourceContent(f);
  const source: DebugProtocol.Source = {
    name: nameLine(baseName(file ?? f.module ?? 'source'), 200),
    sourceReference: reference,
    origin: ORIGIN(),
    presentationHint: deemphasize ? 'deemphasize' : 'normal',
  };
  return { source, line: line - offset, column, content };
}

const leaf = (text: string): RecordedValue => ({ kind: 'leaf', text });
const dict = (rows: Named[]): RecordedValue => ({ kind: 'dict', entries: rows, total: rows.length });
const pairs = (ps: readonly DetailPair[]): RecordedValue => dict(ps.map((p) => ({ name: p.key, value: leaf(shownText(p.value)) })));

/** The Event scope: tags, contexts, request and user, each a dict (absent parts left out). */
export function eventScope(d: EventDetail): Named[] {
  const rows: Named[] = [];
  if (d.tags.length) rows.push({ name: 'tags', value: dict(d.tags.map((t) => ({ name: t.key, value: leaf(t.value) }))) });
  if (d.contexts.length) rows.push({ name: 'contexts', value: dict(d.contexts.map((c) => ({ name: c.key, value: pairs(c.pairs) }))) });
  const q = d.request;
  if (q) {
    const request: Named[] = [];
    if (q.method) request.push({ name: 'method', value: leaf(q.method) });
    if (q.url) request.push({ name: 'url', value: leaf(q.url) });
    if (q.query.length) request.push({ name: 'query', value: pairs(q.query) });
    if (q.headers.length) request.push({ name: 'headers', value: pairs(q.headers) });
    if (q.cookies.length) request.push({ name: 'cookies', value: pairs(q.cookies) });
    if (q.body) request.push({ name: 'data', value: 'pairs' in q.body ? pairs(q.body.pairs) : leaf(shownText(q.body.text)) });
    if (q.env.length) request.push({ name: 'env', value: pairs(q.env) });
    rows.push({ name: 'request', value: dict(request) });
  }
  if (d.user?.length) rows.push({ name: 'user', value: pairs(d.user) });
  return rows;
}
