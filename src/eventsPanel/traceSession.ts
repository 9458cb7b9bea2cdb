/**
 * The host side of one panel's Trace tab: reads the trace when the page says the tab was shown (the
 * model, ./core/traceModel.ts, does the reading), posts the whole view, and answers the tab's
 * clicks: a span's code location opens through the panel's one location opener (the frame resolver
 * the marks use), another issue of the trace opens in its own panel. The page names only an index
 * into the view it was sent; what is opened comes from the trace the host read. Glue (VS Code).
 */
import * as vscode from 'vscode';
import { Commands } from '../constants';
import { isIssueRef } from '../contracts/issueRef';
import type { TracePageMessage, TraceView } from './core/protocol/trace';
import type { FrameRef } from './core/protocol/messages';
import { TraceModel, type TraceModelDeps } from './core/traceModel';

export interface TraceSessionDeps extends Omit<TraceModelDeps, 'org' | 'issueId'> {
  /** The panel's issue now (a preview panel takes over others). */
  issue: () => { org: string; issueId: string };
  post: (view: TraceView) => void;
  openLocation: (location: string, frame: FrameRef) => Promise<void>;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
}

export class TraceSession {
  private model: TraceModel;
  private key: string;

  constructor(private readonly deps: TraceSessionDeps) {
    this.key = this.issueKey();
    this.model = this.newModel();
  }

  private issueKey(): string {
    const i = this.deps.issue();
    return `${i.org}\u0000${i.issueId}`;
  }

  private newModel(): TraceModel {
    const { org, issueId } = this.deps.issue();
    return new TraceModel({ getClient: this.deps.getClient, event: this.deps.event, org, issueId });
  }

  /** The view read so far (tests, logs). */
  get view(): TraceView {
    return this.model.view;
  }

  /** Another issue, or another account: nothing read before belongs to it. */
  reset(): void {
    this.model.reset();
    this.key = this.issueKey();
    this.model = this.newModel();
  }

  async handle(msg: TracePageMessage): Promise<void> {
    if (this.key !== this.issueKey()) this.reset();
    const model = this.model;
    switch (msg.action) {
      case 'open':
      case 'refresh': {
        if (model.view.phase === 'ready' && msg.action === 'open') this.deps.post(model.view);
        else this.deps.post({ ...model.view, phase: 'loading' });
        const view = await model.open(msg.action === 'refresh');
        if (model === this.model) this.deps.post(view);
        return;
      }
      case 'openSpan': {
        const code = model.span(msg.index ?? -1)?.code;
        if (!code) return;
        const location = code.line !== undefined ? `${code.file}:${code.line}` : code.file;
        await this.deps.openLocation(location, { filename: code.file, ...(code.line !== undefined ? { lineNo: code.line } : {}), ...(code.function ? { function: code.function } : {}) });
        return;
      }
      case 'openIssue': {
        const issue = model.issue(msg.index ?? -1);
        const { org } = this.deps.issue();
        const ref = issue && { org, project: issue.project, issueId: issue.issueId };
        if (!ref || !isIssueRef(ref)) {
          this.deps.log.warn(`[events] cannot open an issue of the trace: its project or id is not known`);
          return;
        }
        await vscode.commands.executeCommand(Commands.showIssueEvents, { org: ref.org, project: ref.project, issueId: ref.issueId });
        return;
      }
    }
  }
}
