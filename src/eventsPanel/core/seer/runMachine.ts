/**
 * A Seer run as the panel sees it, one pure transition function so the rules hold wherever the run is
 * shown: nothing starts without a click (only `click-start` leads to `starting`), a run the server
 * already has is shown, not started again, and an unavailable Seer stays unavailable until the panel
 * is opened anew. No `vscode` import.
 */
import type { AutofixAnswer } from '../../../model/seer/readRun';
import type { SeerRunView } from '../../../model/seer/runView';
import type { Unavailable } from '../../../model/seer/unavailable';

export type SeerPhase =
  | { kind: 'loading' }
  /** The server has no run for the issue: Find Root Cause is offered. */
  | { kind: 'idle' }
  | { kind: 'starting' }
  | { kind: 'running'; run: SeerRunView }
  | { kind: 'needs-input'; run: SeerRunView }
  | { kind: 'done'; run: SeerRunView }
  | { kind: 'failed'; run?: SeerRunView; message: string }
  /** The user stopped watching; Seer may go on on the server (the API has no cancel): Refresh reads it again. */
  | { kind: 'stopped'; run?: SeerRunView }
  | { kind: 'unavailable'; why: Unavailable };

export type SeerEvent =
  | { type: 'open' }
  | { type: 'answer'; answer: AutofixAnswer }
  | { type: 'click-start' }
  | { type: 'started'; runId: string }
  | { type: 'stop' }
  | { type: 'unavailable'; why: Unavailable }
  | { type: 'error'; message: string };

function runOf(p: SeerPhase): SeerRunView | undefined {
  return 'run' in p ? p.run : undefined;
}

function fromRun(run: SeerRunView): SeerPhase {
  switch (run.status) {
    case 'processing':
      return { kind: 'running', run };
    case 'needs-input':
      return { kind: 'needs-input', run };
    case 'completed':
      return { kind: 'done', run };
    case 'cancelled':
      return { kind: 'stopped', run };
    case 'error':
      return { kind: 'failed', run, message: run.error ?? '' };
  }
}

/** Whether the panel should keep polling in this phase. */
export function isPolling(p: SeerPhase): boolean {
  return p.kind === 'starting' || p.kind === 'running';
}

/** Whether Find Root Cause may be offered (a button only where a click can do something). */
export function canStart(p: SeerPhase): boolean {
  return p.kind === 'idle' || (p.kind === 'failed' && p.run !== undefined) || (p.kind === 'stopped' && p.run?.status === 'cancelled');
}

export function next(p: SeerPhase, e: SeerEvent): SeerPhase {
  if (p.kind === 'unavailable' && e.type !== 'open') return p;
  switch (e.type) {
    case 'open':
      return { kind: 'loading' };
    case 'click-start':
      return canStart(p) ? { kind: 'starting' } : p;
    case 'started':
      // The run id alone says nothing of its state: the next answer moves the phase on.
      return p;
    case 'stop':
      return isPolling(p) ? { kind: 'stopped', run: runOf(p) } : p;
    case 'unavailable':
      return { kind: 'unavailable', why: e.why };
    case 'error':
      return { kind: 'failed', run: runOf(p), message: e.message };
    case 'answer': {
      // A stopped panel ignores answers still in flight.
      if (p.kind === 'stopped') return p;
      if (e.answer.kind === 'run') return fromRun(e.answer.run);
      if (e.answer.kind === 'unreadable') return { kind: 'failed', run: runOf(p), message: '' };
      // No run yet: right after a start the server may not list it for a moment.
      return p.kind === 'starting' ? p : { kind: 'idle' };
    }
  }
}
