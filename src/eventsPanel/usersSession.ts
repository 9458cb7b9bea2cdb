/**
 * The host side of one panel's Replays and Feedback tabs: reads each when the page says its tab was
 * shown (the models, ./core/usersModel.ts, do the reading), posts the whole view, and opens a
 * replay's page in the browser. The page names only an index into the view it was sent; the replay
 * opened is one the host read, its page made from the server's own address and opened only when it
 * is a web page of that server (util/untrusted.ts safeWebUrl). Glue (VS Code).
 */
import * as vscode from 'vscode';
import { replayWebUrl } from '../api/replayEndpoints';
import type { SentryClient } from '../api/client';
import { safeWebUrl } from '../util/untrusted';
import type { FeedbackPageMessage, ReplaysPageMessage, UsersHostMessage, FeedbackView, ReplaysView } from './core/protocol/users';
import { FeedbackModel, ReplaysModel } from './core/usersModel';

export interface UsersSessionDeps {
  getClient: () => Promise<SentryClient | undefined>;
  /** The server's address the session uses, when the panel's deps know it better than the client. */
  baseUrl?: () => string | undefined;
  /** The panel's issue now (a preview panel takes over others). */
  issue: () => { org: string; issueId: string };
  post: (m: UsersHostMessage) => void;
  openExternal: (uri: vscode.Uri) => Thenable<boolean>;
  log: Pick<vscode.LogOutputChannel, 'info' | 'warn'>;
}

export class UsersSession {
  private replays: ReplaysModel;
  private feedback: FeedbackModel;
  private key: string;

  constructor(private readonly deps: UsersSessionDeps) {
    this.key = this.issueKey();
    ({ replays: this.replays, feedback: this.feedback } = this.newModels());
  }

  private issueKey(): string {
    const i = this.deps.issue();
    return `${i.org}\u0000${i.issueId}`;
  }

  private newModels(): { replays: ReplaysModel; feedback: FeedbackModel } {
    const { org, issueId } = this.deps.issue();
    const deps = { getClient: this.deps.getClient, org, issueId };
    return { replays: new ReplaysModel(deps), feedback: new FeedbackModel(deps) };
  }

  /** The views read so far (tests, logs). */
  get replaysView(): ReplaysView {
    return this.replays.view;
  }

  get feedbackView(): FeedbackView {
    return this.feedback.view;
  }

  /** Another issue, or another account: nothing read before belongs to it. */
  reset(): void {
    this.replays.reset();
    this.feedback.reset();
    this.key = this.issueKey();
    ({ replays: this.replays, feedback: this.feedback } = this.newModels());
  }

  async handle(msg: ReplaysPageMessage | FeedbackPageMessage): Promise<void> {
    if (this.key !== this.issueKey()) this.reset();
    if (msg.type === 'feedback') {
      const model = this.feedback;
      this.deps.post({ type: 'feedback', view: msg.action === 'open' && model.view.phase === 'ready' ? model.view : { ...model.view, phase: 'loading' } });
      const view = await model.open(msg.action === 'refresh');
      if (model === this.feedback) this.deps.post({ type: 'feedback', view });
      return;
    }
    const model = this.replays;
    if (msg.action === 'openReplay') return this.openReplay(model, msg.index ?? -1);
    this.deps.post({ type: 'replays', view: msg.action === 'open' && model.view.phase === 'ready' ? model.view : { ...model.view, phase: 'loading' } });
    const view = await model.open(msg.action === 'refresh');
    if (model === this.replays) this.deps.post({ type: 'replays', view });
  }

  private async openReplay(model: ReplaysModel, index: number): Promise<void> {
    const replay = model.replay(index);
    const client = await this.deps.getClient().catch(() => undefined);
    if (!replay || !client) return;
    const base = this.deps.baseUrl?.() ?? client.baseUrl;
    const url = safeWebUrl(replayWebUrl(base, this.deps.issue().org, replay.id), base);
    if (!url) {
      this.deps.log.warn(`[events] not opening replay ${replay.id}: its page is not a web page of ${base}`);
      return;
    }
    await this.deps.openExternal(vscode.Uri.parse(url.href, true));
  }
}
