/**
 * The Seer tab of one events panel, host side: reads the issue's run when the tab is opened (a GET:
 * never a start), starts one only on a click on Find Root Cause, polls while it runs (the schedule of
 * src/eventsPanel/core/seer/pollSchedule.ts, inside the limits the endpoint declares), stops polling on Stop, and
 * takes the run on to its solution and code changes on request. Each change's workspace file is found
 * by exactly its path in the repository Seer names (seerTargets.ts), never by its name, and its URI
 * carried to the diff editor and Apply. Opening a diff records what it showed (review.ts); Apply
 * writes the changes as one WorkspaceEdit, which Undo reverts, only while every review still holds,
 * after a modal naming each path that can run code or change the editor, the repository or CI
 * (seerApply.ts). Where Seer is not there the tab says which case, once, with what to do: no toast.
 * Writes go only through the session the panel was opened with (the panel's writeRefusal).
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import { ApiError, RateLimitedError } from '../api/errors';
import { continueAutofix, getAutofix, startAutofix, summarizeIssue, type AutofixNextStep } from '../api/seerEndpoints';
import type { RepoMapping } from './core/seer/changeTarget';
import { failureOf } from '../model/seer/failureOf';
import { githubPullUrl } from './core/seer/links';
import { nextPollDelay, POLL, tick, type PollClock } from './core/seer/pollSchedule';
import { readAutofixAnswer, type AutofixAnswer } from '../model/seer/readRun';
import { readSummary, type SeerSummary } from '../model/seer/readSummary';
import { next, type SeerPhase } from './core/seer/runMachine';
import type { SeerRunView } from '../model/seer/runView';
import { classifyFailure } from '../model/seer/unavailable';
import { Disposable } from '../util/disposable';
import type { AuthUi } from '../util/ui';
import { safeWebUrl } from '../util/untrusted';
import { seerView } from './core/seerView';
import type { SeerPageMessage, SeerView } from './core/protocol/seer';
import { SeerChanges } from './seerChanges';
import type { SeerDiffDocuments } from './seerDiffDocuments';

export interface SeerSessionDeps {
  getClient: () => Promise<SentryClient | undefined>;
  log: vscode.LogOutputChannel;
  /** The panel's issue now (a preview panel changes issue), and the event it shows, if known. */
  issue: () => { org: string; issueId: string; eventId?: string };
  /** The code mappings of the issue's organization (the editor's), which locate Seer's repositories in the workspace. */
  codeMappings?: () => Promise<readonly RepoMapping[]>;
  writeRefusal: () => string | undefined;
  /** The modal that names the sensitive paths before they are written (the panel's UiHolder). */
  ui: () => Pick<AuthUi, 'showWarningMessage'>;
  /** Opens the issue's page in Sentry (for what the tab cannot apply). */
  openIssuePage?: () => Promise<unknown>;
  post: (view: SeerView) => void;
  documents: Pick<SeerDiffDocuments, 'show'>;
  /** Opens a checked web link (the panel's own link rules). */
  openLink: (url: URL) => Thenable<unknown>;
  /** The configured server: with sentry.io, the only origin besides GitHub a pull request link may have. */
  baseUrl?: () => string | undefined;
}

/** After a step is asked for, answers equal to the one before are the server not having moved yet. */
const MAX_STALE_POLLS = 5;

export class SeerSession extends Disposable {
  private phase: SeerPhase = { kind: 'loading' };
  private summary: SeerSummary | undefined;
  /** The run's code changes: their files, what their diffs showed, Apply. */
  private readonly changes: SeerChanges;
  private polls = 0;
  private message: string | undefined;
  /** The run whose changes were applied: Apply is not offered again for it. */
  private applied: string | undefined;
  private loaded = false;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private clock: PollClock = { unchanged: 0, startedAt: 0 };
  private lastAnswer = '';
  /** The run last taken from an answer, kept while a Refresh reads it again (the phase is then loading). */
  private shownRun: SeerRunView | undefined;
  /** A step was asked for: the answer before it, until the server shows the step. */
  private staleAnswer: { text: string; left: number } | undefined;
  private key = '';
  /** Bumped on every issue change and Stop: answers of an older generation are dropped. */
  private generation = 0;
  /** When Find Root Cause was clicked, and when the first progress was drawn (figures). */
  readonly timings: { clickedAt?: number; firstProgressAt?: number } = {};

  constructor(private readonly deps: SeerSessionDeps) {
    super();
    this._register({ dispose: () => this.clearTimer() });
    this.changes = this._register(
      new SeerChanges({
        log: deps.log,
        run: () => this.run(),
        mappings: async () => (await deps.codeMappings?.().catch(() => undefined)) ?? [],
        documents: deps.documents,
        ui: deps.ui,
        draw: () => this.draw(),
      }),
    );
  }

  private run(): SeerRunView | undefined {
    return 'run' in this.phase ? this.phase.run : undefined;
  }

  /** The view as drawn last (tests). */
  view(): SeerView {
    const run = this.run();
    return seerView(this.phase, {
      summary: this.summary,
      targets: this.changes.info(),
      reviewed: this.changes.reviewed(),
      polls: this.polls,
      message: this.message,
      continuing: this.staleAnswer !== undefined,
      applied: run !== undefined && run.runId === this.applied,
    });
  }

  async handle(msg: SeerPageMessage): Promise<void> {
    this.followIssue();
    switch (msg.action) {
      case 'open':
        if (this.loaded) return this.draw();
        this.loaded = true;
        return this.load();
      case 'refresh':
        if (this.phase.kind === 'unavailable') return this.draw();
        this.phase = next(this.phase, { type: 'open' });
        return this.load();
      case 'start':
        return this.start();
      case 'stop':
        this.clearTimer();
        this.generation++;
        this.staleAnswer = undefined;
        this.phase = next(this.phase, { type: 'stop' });
        return this.draw();
      case 'solution':
      case 'code_changes':
        return this.continueTo(msg.action);
      case 'openDiff':
        return this.openDiff(msg.index ?? -1);
      case 'apply':
        return this.apply();
      case 'openPr':
        return this.openPr(msg.index ?? -1);
      case 'openIssuePage':
        await this.deps.openIssuePage?.();
        return;
    }
  }

  /** A preview panel took over another issue: its Seer state starts again. */
  private followIssue(): void {
    const { org, issueId } = this.deps.issue();
    const key = `${org}\n${issueId}`;
    if (key === this.key) return;
    this.key = key;
    this.clearTimer();
    this.generation++;
    this.phase = { kind: 'loading' };
    this.summary = undefined;
    this.changes.reset();
    this.shownRun = undefined;
    this.polls = 0;
    this.message = undefined;
    this.loaded = false;
    this.staleAnswer = undefined;
  }

  private draw(): void {
    if (this.isDisposed) return;
    const view = this.view();
    if (view.progress.length > 0 && this.timings.clickedAt !== undefined && this.timings.firstProgressAt === undefined) this.timings.firstProgressAt = Date.now();
    this.deps.post(view);
  }

  private async client(): Promise<SentryClient | undefined> {
    const client = await this.deps.getClient().catch(() => undefined);
    if (!client) {
      this.phase = next(this.phase, { type: 'error', message: vscode.l10n.t('Sign in to Sentry to see Seer.') });
      this.draw();
    }
    return client;
  }

  /** A failure of a Seer request: an unavailable case (said once, in the tab) or an error of this run. */
  private failed(e: unknown, method: 'GET' | 'POST'): void {
    const f = failureOf(e, method);
    const why = f && classifyFailure(f);
    if (why) {
      this.deps.log.info(`[seer] unavailable for issue ${this.deps.issue().issueId}: ${why.reason}`);
      this.phase = next(this.phase, { type: 'unavailable', why });
    } else {
      const message = e instanceof ApiError ? e.message : vscode.l10n.t('Seer could not be reached: {0}', (e as Error).message);
      this.deps.log.warn(`[seer] ${method} of issue ${this.deps.issue().issueId}: ${message}`);
      this.phase = next(this.phase, { type: 'error', message });
    }
    this.draw();
  }

  private async load(): Promise<void> {
    this.draw();
    const client = await this.client();
    if (!client) return;
    const gen = this.generation;
    const { org, issueId } = this.deps.issue();
    try {
      const body = await getAutofix(client.http, org, issueId);
      if (gen !== this.generation) return;
      this.polls++;
      this.take(readAutofixAnswer(body));
    } catch (e) {
      if (gen === this.generation) this.failed(e, 'GET');
      return;
    }
    void this.loadSummary(client, gen);
  }

  /** The summary is a nicety: a server or plan without it leaves the tab as it is, without a word. */
  private async loadSummary(client: SentryClient, gen: number): Promise<void> {
    if (this.summary || this.phase.kind === 'unavailable' || this.deps.writeRefusal()) return;
    const { org, issueId } = this.deps.issue();
    try {
      const summary = readSummary(await summarizeIssue(client.http, org, issueId));
      if (gen !== this.generation) return;
      this.summary = summary;
      this.draw();
    } catch (e) {
      this.deps.log.info(`[seer] no summary for issue ${issueId}: ${(e as Error).message}`);
    }
  }

  private take(answer: AutofixAnswer): void {
    const text = JSON.stringify(answer);
    if (this.staleAnswer) {
      if (text === this.staleAnswer.text && this.staleAnswer.left-- > 0) {
        this.schedule(false);
        return;
      }
      this.staleAnswer = undefined;
    }
    const changed = text !== this.lastAnswer;
    this.lastAnswer = text;
    const before = this.run() ?? this.shownRun;
    this.phase = next(this.phase, { type: 'answer', answer });
    const run = this.run();
    // The same run read again, unchanged: its object (and with it its files and reviews) stays.
    if (run && before && run !== before && JSON.stringify(run) === JSON.stringify(before)) this.phase = { ...this.phase, run: before } as SeerPhase;
    else if (run && run !== before) this.changes.runChanged(run, before);
    this.shownRun = this.run() ?? this.shownRun;
    this.draw();
    this.schedule(changed);
  }

  private schedule(changed: boolean): void {
    this.clearTimer();
    const polling = this.phase.kind === 'starting' || this.phase.kind === 'running' || this.staleAnswer !== undefined;
    if (!polling) return;
    this.clock = tick(this.clock, changed);
    const delay = nextPollDelay(this.clock, Date.now());
    if (delay === undefined) {
      this.message = vscode.l10n.t('Seer is still working on the server; Refresh shows where it is.');
      this.phase = next(this.phase, { type: 'stop' });
      this.draw();
      return;
    }
    const gen = this.generation;
    this.timer = setTimeout(() => void this.poll(gen), delay);
  }

  private async poll(gen: number): Promise<void> {
    if (gen !== this.generation || this.isDisposed) return;
    const client = await this.client();
    if (!client) return;
    const { org, issueId } = this.deps.issue();
    try {
      const body = await getAutofix(client.http, org, issueId);
      if (gen !== this.generation) return;
      this.polls++;
      this.take(readAutofixAnswer(body));
    } catch (e) {
      if (gen !== this.generation) return;
      this.polls++;
      if (e instanceof RateLimitedError) {
        // The client held the budget until the reset it was told; polling goes on at the slowest pace.
        this.message = e.message;
        this.draw();
        this.timer = setTimeout(() => void this.poll(gen), POLL.maxMs);
        return;
      }
      this.failed(e, 'GET');
    }
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  private refused(): boolean {
    const refusal = this.deps.writeRefusal();
    if (!refusal) return false;
    this.message = refusal;
    this.draw();
    return true;
  }

  private async start(): Promise<void> {
    const started = next(this.phase, { type: 'click-start' });
    if (started.kind !== 'starting' || this.refused()) return;
    const client = await this.client();
    if (!client) return;
    this.timings.clickedAt = Date.now();
    this.timings.firstProgressAt = undefined;
    this.phase = started;
    this.message = undefined;
    this.changes.reset();
    this.shownRun = undefined;
    this.draw();
    const gen = ++this.generation;
    const { org, issueId, eventId } = this.deps.issue();
    try {
      const runId = await startAutofix(client.http, org, issueId, eventId);
      if (gen !== this.generation) return;
      this.polls++;
      this.deps.log.info(`[seer] started run ${runId} of issue ${issueId}`);
      this.phase = next(this.phase, { type: 'started', runId });
      this.clock = { unchanged: 0, startedAt: Date.now() };
      this.timer = setTimeout(() => void this.poll(gen), POLL.firstMs);
    } catch (e) {
      if (gen === this.generation) this.failed(e, 'POST');
    }
  }

  private async continueTo(step: AutofixNextStep): Promise<void> {
    const run = 'run' in this.phase ? this.phase.run : undefined;
    const view = this.view();
    const allowed = step === 'solution' ? view.can.solution : view.can.codeChanges;
    if (!run || !allowed || this.refused()) return;
    const client = await this.client();
    if (!client) return;
    const gen = ++this.generation;
    const { org, issueId } = this.deps.issue();
    this.staleAnswer = { text: this.lastAnswer, left: MAX_STALE_POLLS };
    this.message = undefined;
    this.draw();
    try {
      await continueAutofix(client.http, org, issueId, { shape: run.shape, runId: run.runId }, step);
      if (gen !== this.generation) return;
      this.polls++;
      this.clock = { unchanged: 0, startedAt: Date.now() };
      this.timer = setTimeout(() => void this.poll(gen), POLL.firstMs);
    } catch (e) {
      this.staleAnswer = undefined;
      if (gen === this.generation) this.failed(e, 'POST');
    }
  }

  private async openDiff(index: number): Promise<void> {
    const opened = await this.changes.openDiff(index);
    if (!opened) return;
    this.message = opened.message;
    this.draw();
  }

  private async apply(): Promise<void> {
    const run = this.run();
    if (!run || this.refused()) return;
    const view = this.view();
    if (!view.can.apply) {
      // The page offers no Apply now: a message that asks anyway (a stale or forged page) is told why.
      if (view.phase === 'done' && !view.can.stop) this.message = view.applyNote ?? vscode.l10n.t('There is nothing to apply in this run now.');
      return this.draw();
    }
    const outcome = await this.changes.apply(run);
    if (!outcome) return;
    if (outcome.applied) this.applied = run.runId;
    this.message = outcome.message;
    this.draw();
  }

  private async openPr(index: number): Promise<void> {
    const run = this.run();
    const raw = run?.pullRequests[index]?.url;
    if (!raw) return;
    // A pull request page on GitHub (the repositories Seer writes to), or a page of Sentry itself.
    const url = githubPullUrl(raw) ?? safeWebUrl(raw, this.deps.baseUrl?.());
    if (url) await this.deps.openLink(url);
  }
}
