/**
 * The triage commands (Resolve, Archive…, Assign…, Bookmark, …): they work out which issues they
 * act on, ask what is needed (a release, a condition, an assignee), show the change at once through
 * the store's writer, and say what happened: a confirmation with Undo, or what failed and what to do
 * (a read-only token is offered a sign-in that adds `event:write`).
 */
import * as vscode from 'vscode';
import { ApiError, ForbiddenError } from '../api/errors';
import type { SentryClient } from '../api/client';
import type { Issue } from '../model/issue/schema';
import { Commands } from '../constants';
import { actionLabel, ERROR_ACTIONS, noticeActions, pickedAction, presentError } from '../contracts/errorPresentation';
import { SignedOutError } from '../contracts/errors';
import { looksLikeShortId, type IssueRef } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import type { TriageRunner } from '../store/triageRunner';
import { SessionChangedError, type Binding, type IssueWriter, type WriteOutcome } from './core/issueWriter';
import { Disposable } from '../util/disposable';
import { UiHolder } from '../util/ui';
import { plainText } from '../util/untrusted';
import { type TriageAction, optimisticChange, requestBody, undoOf } from './core/actions';
import { needsSingleProject } from './core/requestBody';
import { AssigneeCache } from './core/assignees';
import { recentCommits, type CommitSource } from './gitCommits';
import { describeAction, describeFailure, describeUnchanged, failureAdvice } from './core/describe';
import { askArchive, askAssignee, askPriority, askResolveIn } from './triagePrompts';
import { targetsOf } from './core/triageTargets';
import { getLatestRelease } from '../api/releaseEndpoints';

export interface TriageDeps {
  readonly store: IssueStore;
  readonly writer: IssueWriter;
  readonly getClient: () => Promise<SentryClient | undefined>;
  readonly log: vscode.LogOutputChannel;
  /** The signed-in user (Assign to Me), from the session. */
  readonly me: () => { id: string; name: string; email?: string } | undefined;
  /** Whether a session is there (a token that acts for no user has a session but no `me`). */
  readonly signedIn?: () => boolean;
  /** A new sign-in that keeps the session's scopes and adds these. */
  readonly signIn: (scopes: readonly string[]) => Promise<unknown>;
  /** Issues marked on the line under the cursor (the palette's default target). */
  readonly cursorIssues: () => readonly IssueRef[];
  /** Where a typed short ID is looked up: the selected organization and a project of it. */
  readonly lookupScope: () => { org: string; project: string } | undefined;
  /** Where the AI tools run one action on one issue (runOne, set here), when given. */
  readonly triageRunner?: TriageRunner;
}

/**
 * The issues as the first try found them, carried into a retry: a new sign-in clears the store, and
 * the retry's confirmation still names the issue and its Undo still knows what to put back.
 */
interface FirstSeen {
  readonly before: readonly Issue[];
  readonly label: string | undefined;
}

/** What a run did, for the suites. */
export interface TriageRun {
  readonly action: TriageAction;
  readonly refs: readonly IssueRef[];
  readonly outcome: WriteOutcome;
  /** Resolves when Undo (if clicked) has run. */
  readonly undone?: Promise<WriteOutcome | undefined>;
}

const WRITE_SCOPE = 'event:write';
/** How long Resolve In… waits for the project's newest release before it asks without naming it. */
const RELEASE_WAIT_MS = 3000;
/** Read when shown, so it follows VS Code's display language. */
/** Signed in with a token that acts for no user (an internal integration's or an organization's): nobody is "me". */
const noMe = (signedIn: boolean) =>
  signedIn
    ? vscode.l10n.t("This token acts for no Sentry user (an internal integration's or organization's token): Assign to Me needs a user's auth token. Use Assign… instead.")
    : vscode.l10n.t('Sign in to Sentry first: Assign to Me needs to know who you are.');

export class TriageCommands extends Disposable {
  /** Replaceable by the suites; every message is made safe on its way through. */
  readonly ui = new UiHolder();
  readonly assignees = new AssigneeCache();
  /** The workspace's recent commits (git extension); replaceable by the suites, whose window runs without git. */
  commits: () => Promise<CommitSource | undefined> = recentCommits;
  /**
   * The newest release of the issues' one project, named beside "in the next release" and "in the current
   * release" before the user picks: one request (after the project's id, which the client keeps), at most
   * RELEASE_WAIT_MS, else the menu says it generically. Undefined for issues of several projects.
   */
  currentRelease = async (refs: readonly IssueRef[]): Promise<string | undefined> => {
    const projects = new Set(refs.map((r) => `${r.org}\n${r.project}`));
    if (projects.size !== 1 || !refs[0]) return undefined;
    const { org, project } = refs[0];
    const ac = new AbortController();
    const timer = setTimeout(() => ac.abort(), RELEASE_WAIT_MS);
    try {
      const client = await this.deps.getClient();
      if (!client) return undefined;
      const [id] = await client.projectIds.idsOf(org, [project]);
      return id ? (await getLatestRelease(client.http, org, id, ac.signal))?.version : undefined;
    } catch (e) {
      this.deps.log.info(`[triage] the latest release of ${project}: ${(e as Error)?.message ?? String(e)}`);
      return undefined;
    } finally {
      clearTimeout(timer);
    }
  };
  private readonly runs = this._register(new vscode.EventEmitter<TriageRun>());
  /** Fires after each write (and its messages were shown), for the suites. */
  readonly onDidRun = this.runs.event;

  constructor(private readonly deps: TriageDeps) {
    super();
    if (deps.triageRunner) this._register(deps.triageRunner.set((ref, action, client) => this.runOne(ref, action, client)));
    const on = (id: string, act: (refs: IssueRef[]) => Promise<TriageAction | undefined>, quiet = false) =>
      this._register(vscode.commands.registerCommand(id, async (first?: unknown, second?: unknown) => this.command(first, second, act, quiet)));
    on(Commands.resolve, async () => ({ kind: 'resolve' }));
    on(Commands.resolveIn, async (refs) =>
      askResolveIn(
        this.ui.ui,
        () => this.commits(),
        () => this.currentRelease(refs),
      ),
    );
    on(Commands.archive, async () => askArchive(this.ui.ui));
    // One command for both: its message says which, from what the issues were.
    on(Commands.unresolve, async (refs) => ({ kind: refs.every((r) => this.deps.store.issue(r.issueId)?.status === 'ignored') ? 'unarchive' : 'unresolve' }));
    on(Commands.assign, async (refs) => this.askAssign(refs));
    on(Commands.assignToMe, async () => this.assignToMe());
    on(Commands.bookmark, async () => ({ kind: 'bookmark', on: true }));
    on(Commands.unbookmark, async () => ({ kind: 'bookmark', on: false }));
    on(Commands.subscribe, async () => ({ kind: 'subscribe', on: true }));
    on(Commands.unsubscribe, async () => ({ kind: 'subscribe', on: false }));
    on(Commands.markReviewed, async () => ({ kind: 'markReviewed' }));
    on(Commands.setPriority, async () => askPriority(this.ui.ui));
    on(Commands.markSeen, async () => ({ kind: 'markSeen' }), true);
  }

  /**
   * Runs one action on issues (also for other features' entry points, through the command ids).
   * `failures: 'log'` (the AI tools, whose caller reports the failure itself) logs a failure instead
   * of asking the user about it, so the run never waits on a notification. `boundTo` (a retry): the
   * client the failed change went through; the run sends nothing if the session changed since.
   * `seen` (a retry): the issues as the first try found them.
   */
  async run(refs: readonly IssueRef[], action: TriageAction, quiet = false, failures: 'report' | 'log' = 'report', boundTo?: Binding, seen?: FirstSeen): Promise<TriageRun> {
    const before = seen?.before ?? refs.map((r) => this.deps.store.issue(r.issueId)).filter((i): i is Issue => i !== undefined);
    const label = seen ? seen.label : this.label(refs);
    const body = requestBody(action);
    const request = { refs, body, change: optimisticChange(action, { me: this.deps.me() }), perProject: needsSingleProject(body), boundTo };
    const outcome = quiet
      ? await this.deps.writer.write(request)
      : await this.withProgress(vscode.l10n.t('{0}…', describeAction(action, refs.length, label, 'progress')), () => this.deps.writer.write(request));
    this.deps.log.info(`[triage] ${action.kind} ${refs.length} issue(s): ${outcome.done.length} done, ${outcome.failed.length} failed, ${outcome.requests} request(s)`);
    let undone: Promise<WriteOutcome | undefined> | undefined;
    if (outcome.failed.length) {
      if (!quiet && failures === 'report') await this.reportFailure(action, outcome, refs, { before, label });
      else this.deps.log.warn(`[triage] ${action.kind} failed: ${plainText(presentError(outcome.error).message, 300)}`);
    } else if (outcome.unchanged?.length) {
      undone = this.reportUnchanged(action, outcome, refs, before, quiet || failures === 'log');
    } else if (!quiet) {
      const undo = undoOf(action, before);
      const undoLabel = vscode.l10n.t('Undo');
      const pick = this.ui.ui.showInformationMessage(vscode.l10n.t('{0}.', describeAction(action, refs.length, label)), {}, ...(undo.length ? [undoLabel] : []));
      undone = Promise.resolve(pick).then(async (choice) => {
        if (choice !== undoLabel) return undefined;
        // Bound to where the change went: the same slug and ids name other issues on another server or account.
        return this.runUndo(undo, refs, outcome.client);
      });
    }
    const run: TriageRun = { action, refs, outcome, undone };
    this.runs.fire(run);
    return run;
  }

  private async command(first: unknown, second: unknown, act: (refs: IssueRef[]) => Promise<TriageAction | undefined>, quiet: boolean): Promise<TriageRun | undefined> {
    const refs = targetsOf(first, second) ?? (quiet ? undefined : await this.askTargets());
    if (!refs?.length) return undefined;
    const action = await act(refs);
    if (!action) return undefined;
    return this.run(refs, action, quiet);
  }

  /** The palette: the issue of the line under the cursor, else a short ID typed in. */
  private async askTargets(): Promise<IssueRef[] | undefined> {
    const here = this.deps.cursorIssues();
    if (here.length === 1) return [...here];
    if (here.length > 1) {
      const items = here.map((ref) => ({
        label: plainText(this.deps.store.issue(ref.issueId)?.shortId ?? ref.issueId, 100),
        description: plainText(this.deps.store.issue(ref.issueId)?.title ?? '', 200),
        ref,
      }));
      const pick = await this.ui.ui.showQuickPick(items, { title: vscode.l10n.t('Issues on this line'), placeHolder: vscode.l10n.t('Which issue?') });
      return pick ? [pick.ref] : undefined;
    }
    const scope = this.deps.lookupScope();
    if (!scope) {
      void this.ui.ui.showWarningMessage(vscode.l10n.t('Choose a Sentry project first: the short ID is looked up in its organization.'), {});
      return undefined;
    }
    const typed = await this.ui.ui.showInputBox({
      title: vscode.l10n.t('Sentry issue'),
      prompt: vscode.l10n.t('The short ID of the issue (the cursor is on no marked line)'),
      placeHolder: 'WEB-FRONTEND-4',
      validateInput: (v) => (looksLikeShortId(v) ? undefined : vscode.l10n.t('A short ID looks like PROJECT-123.')),
    });
    if (!typed) return undefined;
    try {
      const issue = await this.deps.store.lookupShortId(scope.org, scope.project, typed.trim());
      const ref = issue && this.deps.store.ref(issue.id);
      if (!ref) void this.ui.ui.showWarningMessage(vscode.l10n.t('No issue {0} in organization {1}. Check the short ID.', typed.trim(), scope.org), {});
      return ref ? [ref] : undefined;
    } catch (err) {
      void this.ui.ui.showErrorMessage(vscode.l10n.t('Could not look up {0}: {1}', typed.trim(), presentError(err).message), {});
      return undefined;
    }
  }

  private assignToMe(): TriageAction | undefined {
    const action = this.assignToMeAction();
    if (!action) void this.ui.ui.showWarningMessage(noMe(this.deps.signedIn?.() ?? false), {});
    return action;
  }

  private assignToMeAction(): TriageAction | undefined {
    const me = this.deps.me();
    return me && { kind: 'assign', assignee: { type: 'user', id: me.id, name: me.name, email: me.email } };
  }

  /**
   * Resolve, archive until escalating, or assign to me, on one issue, for a caller that reports the
   * outcome itself (the AI update tool): the optimistic view and the Undo notification as always,
   * but a failure is logged and returned, never asked about, so the caller never waits on a notification.
   */
  async runOne(ref: IssueRef, kind: 'resolve' | 'archive' | 'assignToMe', client?: SentryClient): Promise<{ ok: true } | { ok: false; error: unknown }> {
    const action: TriageAction | undefined = kind === 'resolve' ? { kind: 'resolve' } : kind === 'archive' ? { kind: 'archive', until: 'escalating' } : this.assignToMeAction();
    if (!action) return { ok: false, error: new SignedOutError(noMe(this.deps.signedIn?.() ?? false)) };
    const run = await this.run([ref], action, false, 'log', client ? { client } : undefined);
    if (run.outcome.failed.length) return { ok: false, error: run.outcome.error };
    return run.outcome.unchanged?.length ? { ok: false, error: new Error(describeUnchanged(action, 1, 0, unchangedCounts(run.outcome), this.label([ref]))) } : { ok: true };
  }

  private async askAssign(refs: readonly IssueRef[]): Promise<TriageAction | undefined> {
    const client = await this.deps.getClient();
    if (!client) {
      void this.ui.ui.showWarningMessage(vscode.l10n.t('Sign in to Sentry first.'), {});
      return undefined;
    }
    const list = this.assignees.get(client, refs[0].org);
    const me = this.deps.me();
    const picked = await askAssignee(this.ui.ui, list, me && { type: 'user', ...me }, async (scopes) => {
      this.assignees.clear();
      await this.deps.signIn(scopes);
    });
    return picked === undefined ? undefined : { kind: 'assign', assignee: picked };
  }

  private async runUndo(groups: ReturnType<typeof undoOf>, refs: readonly IssueRef[], client: SentryClient | undefined): Promise<WriteOutcome> {
    const byId = new Map(refs.map((r) => [r.issueId, r]));
    let last: WriteOutcome = { done: [], failed: [], requests: 0 };
    let requests = 0;
    for (const g of groups) {
      last = await this.deps.writer.write({
        refs: g.ids.flatMap((id) => byId.get(id) ?? []),
        body: g.body,
        change: g.change,
        perProject: needsSingleProject(g.body),
        boundTo: client && { client },
      });
      requests += last.requests;
      if (last.error instanceof SessionChangedError) {
        void this.ui.ui.showWarningMessage(vscode.l10n.t('You are now signed in to another Sentry server or account: the undo was not sent.'), {});
        return { ...last, requests };
      }
      if (last.failed.length) {
        void this.ui.ui.showErrorMessage(vscode.l10n.t('Could not undo: {0}', presentError(last.error).message), {});
        return { ...last, requests };
      }
    }
    void this.ui.ui.showInformationMessage(vscode.l10n.t('Undone.'), {});
    return { ...last, requests };
  }

  /**
   * Sentry answered, but left some issues as they were (IssueWriter rolled their change back): says how
   * many and why, asks again the lists that show issues it did not find (they may be gone), and offers
   * Undo for the issues it did change. `silent`: only the log hears of it.
   */
  private reportUnchanged(action: TriageAction, outcome: WriteOutcome, refs: readonly IssueRef[], before: readonly Issue[], silent: boolean): Promise<WriteOutcome | undefined> | undefined {
    const counts = unchangedCounts(outcome);
    const message = describeUnchanged(action, refs.length, outcome.done.length, counts, this.label(refs));
    this.deps.log.warn(`[triage] ${action.kind}: ${counts.notFound + counts.skipped} of ${refs.length} issue(s) not changed (${counts.notFound} not found, ${counts.skipped} skipped)`);
    const store = this.deps.store;
    const lists = new Set((outcome.unchanged ?? []).filter((u) => u.why === 'notFound').flatMap((u) => store.listsContaining(u.ref.issueId)));
    for (const key of lists) {
      const view = store.list(key);
      if (view) void store.load(view.spec, true).catch(() => undefined);
    }
    if (silent) return undefined;
    const changed = new Set(outcome.done.map((r) => r.issueId));
    const undo = changed.size
      ? undoOf(
          action,
          before.filter((i) => changed.has(i.id)),
        )
      : [];
    const undoLabel = vscode.l10n.t('Undo');
    const pick = this.ui.ui.showWarningMessage(`${message}.`, {}, ...(undo.length ? [undoLabel] : []));
    return Promise.resolve(pick).then((choice) => (choice === undoLabel ? this.runUndo(undo, outcome.done, outcome.client) : undefined));
  }

  private async reportFailure(action: TriageAction, outcome: WriteOutcome, refs: readonly IssueRef[], seen: FirstSeen): Promise<void> {
    const err = outcome.error;
    const label = seen.label;
    // A retry runs on the issues that failed, as they were before the first try.
    const failedIds = new Set(outcome.failed.map((r) => r.issueId));
    const before = seen.before.filter((i) => failedIds.has(i.id));
    const retrySeen: FirstSeen = { before, label: outcome.failed.length === 1 ? (before[0]?.shortId ?? (refs.length === 1 ? label : undefined)) : undefined };
    if (err instanceof SessionChangedError) {
      // A retry refused before sending: retrying again would be refused the same way.
      void this.ui.ui.showWarningMessage(vscode.l10n.t('You are now signed in to another Sentry server or account: the change was not sent.'), {});
      return;
    }
    const what = describeFailure(action, outcome.failed.length, label);
    // A retry goes where the change was meant to go; after a sign-in made for it, to the same server.
    const retried = outcome.client && { client: outcome.client };
    const afterSignIn = outcome.client && { client: outcome.client, anyAccount: true };
    if (err instanceof ForbiddenError && (err.missingScopes.includes(WRITE_SCOPE) || err.missingScopes.length === 0)) {
      // Either of event:write / event:admin would do; ask for the lesser one.
      const scopes = [WRITE_SCOPE];
      const signInAgain = vscode.l10n.t('Sign In Again');
      const choice = await this.ui.ui.showErrorMessage(
        vscode.l10n.t({
          message: '{0}: your sign-in can read issues but not change them. Changing an issue needs the {1} scope; sign in again to add it (your other scopes stay).',
          args: [what, scopes.join(', ')],
          comment: '{0} says what failed: "Could not resolve WEB-4"; {1} is a scope name',
        }),
        {},
        signInAgain,
      );
      if (choice === signInAgain) {
        await this.deps.signIn(scopes);
        if (await this.deps.getClient()) await this.run(outcome.failed, action, false, 'report', afterSignIn, retrySeen);
      }
      return;
    }
    const status = err instanceof ApiError ? err.status : undefined;
    const reason = presentError(err).message.replace(/[.\s]+$/, '');
    const advice = failureAdvice(status);
    const message = outcome.done.length
      ? vscode.l10n.t({
          message: '{0} ({1} of {2} were changed): {3}. {4}',
          args: [what, outcome.done.length, refs.length, reason, advice],
          comment: '{0} says what failed: "Could not resolve 3 issues"; {3} is the reason; {4} what to do',
        })
      : vscode.l10n.t({ message: '{0}: {1}. {2}', args: [what, reason, advice], comment: '{0} says what failed: "Could not resolve WEB-4"; {1} is the reason; {2} what to do' });
    // The table's buttons; Retry runs the same change on the issues it failed for, and so does a Sign In that went through.
    const offered = noticeActions(err, true);
    const choice = pickedAction(offered, await this.ui.ui.showErrorMessage(message, {}, ...offered.map(actionLabel)));
    if (choice === 'retry') await this.run(outcome.failed, action, false, 'report', retried, retrySeen);
    else if (choice === 'showLog') this.deps.log.show();
    else if (choice === 'signIn') {
      await this.deps.signIn(presentError(err).scopesToAsk ?? []);
      if (await this.deps.getClient()) await this.run(outcome.failed, action, false, 'report', afterSignIn, retrySeen);
    } else if (choice) await vscode.commands.executeCommand(ERROR_ACTIONS[choice].command);
  }

  private label(refs: readonly IssueRef[]): string | undefined {
    return refs.length === 1 ? this.deps.store.issue(refs[0].issueId)?.shortId : undefined;
  }

  private withProgress<T>(title: string, work: () => Promise<T>): Promise<T> {
    return Promise.resolve(this.ui.ui.withProgress({ location: vscode.ProgressLocation.Window, title: plainText(title, 200) }, work));
  }
}

/** How many issues a write left unchanged, by why. */
function unchangedCounts(outcome: WriteOutcome): { notFound: number; skipped: number } {
  const unchanged = outcome.unchanged ?? [];
  const notFound = unchanged.filter((u) => u.why === 'notFound').length;
  return { notFound, skipped: unchanged.length - notFound };
}
