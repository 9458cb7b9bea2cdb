/**
 * The host side of one panel's Logs tab: reads the logs when the page says the tab was shown (the
 * model, ./core/logsModel.ts), posts the whole view, runs Follow's poll every few seconds while the
 * panel is visible (it stops when the panel hides or closes, and the page turns it on again), and
 * opens a log's code location through the panel's one location opener (the frame resolver the marks
 * use). The page names only an index into the view it was sent. Glue (VS Code).
 */
import type * as vscode from 'vscode';
import type { FrameRef } from './core/protocol/messages';
import type { LogsPageMessage, LogsView } from './core/protocol/logs';
import { FOLLOW_INTERVAL_MS, LogsModel, type LogsModelDeps } from './core/logsModel';

export interface LogsSessionDeps extends Omit<LogsModelDeps, 'org'> {
  issue: () => { org: string; issueId: string };
  post: (view: LogsView) => void;
  openLocation: (location: string, frame: FrameRef) => Promise<void>;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
  /** Follow's interval (tests shorten it). */
  intervalMs?: number;
}

export class LogsSession {
  private model: LogsModel;
  private key: string;
  private timer: ReturnType<typeof setInterval> | undefined;
  /** Follow polls made (tests, figures). */
  polls = 0;

  constructor(private readonly deps: LogsSessionDeps) {
    this.key = this.issueKey();
    this.model = this.newModel();
  }

  private issueKey(): string {
    const i = this.deps.issue();
    return `${i.org}\u0000${i.issueId}`;
  }

  private newModel(): LogsModel {
    return new LogsModel({ getClient: this.deps.getClient, event: this.deps.event, org: this.deps.issue().org });
  }

  get view(): LogsView {
    return this.model.view;
  }

  get following(): boolean {
    return this.timer !== undefined;
  }

  /** The panel hid (its page is torn down) or closed: Follow stops. */
  stopFollowing(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.model.setFollowing(false);
  }

  reset(): void {
    this.stopFollowing();
    this.model.reset();
    this.key = this.issueKey();
    this.model = this.newModel();
  }

  dispose(): void {
    this.stopFollowing();
    this.model.reset();
  }

  async handle(msg: LogsPageMessage): Promise<void> {
    if (this.key !== this.issueKey()) this.reset();
    const model = this.model;
    switch (msg.action) {
      case 'open':
      case 'refresh': {
        if (model.view.phase !== 'loading') this.deps.post(msg.action === 'open' ? model.view : { ...model.view, phase: 'loading' });
        const view = await model.open(msg.action === 'refresh');
        if (model === this.model) this.deps.post(view);
        return;
      }
      case 'follow': {
        this.deps.post(model.setFollowing(true));
        if (!model.isFollowing || this.timer) return;
        this.timer = setInterval(() => void this.poll(model), this.deps.intervalMs ?? FOLLOW_INTERVAL_MS);
        return;
      }
      case 'unfollow':
        this.stopFollowing();
        this.deps.post(model.view);
        return;
      case 'openLog': {
        const code = model.log(msg.index ?? -1)?.code;
        if (!code) return;
        const location = code.line !== undefined ? `${code.file}:${code.line}` : code.file;
        await this.deps.openLocation(location, { filename: code.file, ...(code.line !== undefined ? { lineNo: code.line } : {}), ...(code.function ? { function: code.function } : {}) });
        return;
      }
    }
  }

  private polling = false;

  private async poll(model: LogsModel): Promise<void> {
    // A slow answer is not overtaken by the next tick's request.
    if (model !== this.model || !this.timer || this.polling) return;
    this.polling = true;
    this.polls++;
    try {
      const view = await model.poll();
      if (model === this.model && this.timer) this.deps.post(view);
    } finally {
      this.polling = false;
    }
  }
}
