/**
 * The variables of a recorded event as the Debug Adapter Protocol pages them: a handle per
 * expandable value (a frame's locals, the Event scope, a dict, a list), made when VS Code first asks
 * for it and bounded in number; and `evaluate`, which only looks a name or a dotted path up in a
 * frame's variables (`order.items[0].sku`), never runs anything. Every name and value is event text
 * made inert (./inertText.ts). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { RecordedValue } from '../../model/event/recordedEvent';
import { inert, inertLine } from './inertText';

/** Handles made in one session at most: expanding more says so instead of growing without end. */
export const MAX_HANDLES = 20_000;
/** An expression longer than this is no name or path of a variable. */
const MAX_EXPRESSION = 500;

/** A named row of a scope or a dict. */
export interface Named {
  readonly name: string;
  readonly value: RecordedValue;
}

type Container = { kind: 'rows'; rows: readonly Named[]; total?: number } | RecordedValue;

/** How a value reads in one line: a leaf's text, a container's kind and size (a cut one's original size too). */
export function preview(v: RecordedValue): string {
  if (v.kind === 'leaf') return v.text;
  const shown = v.kind === 'dict' ? v.entries.length : v.items.length;
  const of = v.total > shown ? l10n.t('{0} of {1}', shown, v.total) : String(shown);
  return v.kind === 'dict' ? `{…} (${of})` : `[…] (${of})`;
}

export class VariableHandles {
  private readonly byRef = new Map<number, Container>();
  private next = 1;

  /** A handle for rows or a container value (0 for a leaf, or when the bound is reached). */
  handle(c: Container): number {
    if (c.kind === 'leaf' || this.byRef.size >= MAX_HANDLES) return 0;
    const ref = this.next++;
    this.byRef.set(ref, c);
    return ref;
  }

  /** The children of a handle, `start`/`count` paged as VS Code asks for large lists. */
  variables(ref: number, start = 0, count = 0): DebugProtocol.Variable[] {
    const c = this.byRef.get(ref);
    if (!c || c.kind === 'leaf') return [];
    const rows: Named[] = c.kind === 'rows' ? [...c.rows] : c.kind === 'dict' ? [...c.entries] : c.items.map((value, i) => ({ name: String(i), value }));
    const from = Math.max(0, Math.floor(start));
    const page = count > 0 ? rows.slice(from, from + Math.floor(count)) : rows.slice(from);
    const out = page.map((row) => this.variable(row.name, row.value));
    // What Sentry's SDK (or its `_meta`) says was cut shows as the last row, once, when the whole list was asked.
    const total = c.total;
    if (total !== undefined && total > rows.length && (count <= 0 || from + count >= rows.length)) {
      out.push({
        name: '…',
        value: l10n.t('{0} more not recorded (the SDK or Sentry cut them)', total - rows.length),
        variablesReference: 0,
        presentationHint: { kind: 'virtual', attributes: ['readOnly'] },
      });
    }
    return out;
  }

  variable(name: string, value: RecordedValue): DebugProtocol.Variable {
    const out: DebugProtocol.Variable = { name: inertLine(name, 1000), value: inert(preview(value)), variablesReference: this.handle(value), presentationHint: { attributes: ['readOnly'] } };
    if (value.kind === 'list') out.indexedVariables = value.items.length;
    else if (value.kind === 'dict') out.namedVariables = value.entries.length;
    return out;
  }
}

/** A path's steps: names after dots, indexes and quoted keys in brackets; undefined when it is not a path. */
export function parsePath(expression: string): (string | number)[] | undefined {
  const text = expression.trim();
  if (!text || text.length > MAX_EXPRESSION) return undefined;
  const steps: (string | number)[] = [];
  const name = /^[\p{L}_$'][\p{L}\p{N}_$']*/u;
  let rest = text;
  const first = name.exec(rest);
  if (!first) return undefined;
  steps.push(first[0]);
  rest = rest.slice(first[0].length);
  while (rest) {
    let m: RegExpExecArray | null;
    if ((m = /^\.([\p{L}_$'][\p{L}\p{N}_$']*)/u.exec(rest))) steps.push(m[1]);
    else if ((m = /^\[(\d{1,9})\]/.exec(rest))) steps.push(Number(m[1]));
    else if ((m = /^\[(['"])((?:(?!\1)[^\\]){0,200})\1\]/.exec(rest))) steps.push(m[2]);
    else return undefined;
    rest = rest.slice(m[0].length);
  }
  return steps;
}

/** A dict's entry by name; Python SDKs of old quoted the names (`'user'`). */
function entryOf(rows: readonly Named[], key: string): RecordedValue | undefined {
  return (rows.find((r) => r.name === key) ?? rows.find((r) => r.name === `'${key}'` || r.name === `"${key}"`))?.value;
}

/** The value at `steps` under `rows`, or undefined when the recording has none there. */
export function lookUp(rows: readonly Named[], steps: readonly (string | number)[]): RecordedValue | undefined {
  if (!steps.length || typeof steps[0] !== 'string') return undefined;
  let at = entryOf(rows, steps[0]);
  for (const step of steps.slice(1)) {
    if (!at || at.kind === 'leaf') return undefined;
    if (at.kind === 'list') at = typeof step === 'number' ? at.items[step] : undefined;
    else at = entryOf(at.entries, String(step));
  }
  return at;
}

export type Evaluation = { ok: true; result: string; variablesReference: number; indexedVariables?: number; namedVariables?: number } | { ok: false; message: string };

/** What `evaluate` answers: the recorded value at a name or path of the frame's variables, and nothing else. */
export function evaluate(handles: VariableHandles, rows: readonly Named[] | undefined, expression: string): Evaluation {
  const steps = parsePath(expression);
  if (!steps) return { ok: false, message: l10n.t('This is a recorded event: nothing runs. Only a variable of the frame, or a path into one (order.items[0]), can be looked up.') };
  const value = rows ? lookUp(rows, steps) : undefined;
  if (!value) return { ok: false, message: l10n.t('The event did not record {0} in this frame.', inertLine(expression, 200)) };
  const v = handles.variable('', value);
  return { ok: true, result: v.value, variablesReference: v.variablesReference, indexedVariables: v.indexedVariables, namedVariables: v.namedVariables };
}
