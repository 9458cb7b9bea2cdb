/**
 * The `exceptionInfo` answer: the exception the program stopped at (type, value, mechanism) and the
 * exceptions chained to it (its causes, the one raised before first) as inner exceptions, so VS
 * Code's exception widget says at the line what was raised and why. The widget (VS Code 1.99) shows
 * the description and a stack trace only, so the causes are said in the description too; no stack
 * trace is given: CALL STACK shows it, and the widget would make links of its paths. No `vscode`
 * import.
 */
import * as l10n from '@vscode/l10n';
import type { DebugProtocol } from '@vscode/debugprotocol';
import type { DetailException } from '../../model/event/types';
import type { RecordedEvent } from '../../model/event/recordedEvent';
import { inert, inertLine } from './inertText';

/** Inner exceptions listed, and causes said in the description. */
const MAX_INNER = 10;
const MAX_SAID = 3;

function mechanismText(x: DetailException): string | undefined {
  const m = x.mechanism;
  if (!m) return undefined;
  const handled = m.handled === false ? l10n.t('unhandled') : m.handled === true ? l10n.t('handled') : undefined;
  const parts = [m.type, handled].filter((s): s is string => !!s);
  return parts.length ? l10n.t('Mechanism: {0}', parts.join(', ')) : undefined;
}

function details(x: DetailException, inner: readonly DetailException[]): DebugProtocol.ExceptionDetails {
  const out: DebugProtocol.ExceptionDetails = {
    message: inert([x.value, mechanismText(x)].filter(Boolean).join('\n'), 4000),
    typeName: inertLine(x.type ?? l10n.t('Error'), 300),
  };
  if (x.module) out.fullTypeName = inertLine(`${x.module}.${x.type ?? ''}`, 600);
  if (inner.length) out.innerException = [details(inner[0], inner.slice(1))];
  return out;
}

export function exceptionInfo(e: RecordedEvent): DebugProtocol.ExceptionInfoResponse['body'] {
  const x = e.stopped;
  if (!x) {
    return { exceptionId: l10n.t('Event'), description: inert(e.detail.messageEntry?.formatted ?? e.detail.title, 4000), breakMode: 'always' };
  }
  const at = e.chain.indexOf(x);
  // Causes: those raised before it, the nearest cause first.
  const causes = (at >= 0 ? e.chain.slice(at + 1) : e.chain.filter((c) => c !== x)).slice(0, MAX_INNER);
  return {
    exceptionId: inertLine(x.type ?? l10n.t('Error'), 300),
    description:
      inert([x.value, mechanismText(x), ...causes.slice(0, MAX_SAID).map((c) => l10n.t('Caused by {0}', [c.type, c.value].filter(Boolean).join(': ')))].filter(Boolean).join('\n'), 4000) || undefined,
    breakMode: x.mechanism?.handled === false ? 'unhandled' : 'always',
    details: details(x, causes),
  };
}
