/**
 * Update issue: resolve, archive (until it escalates) or assign to the user one issue, through the
 * triage code (optimistic view, Undo), one issue at a time. It runs only an input whose confirmation
 * was prepared just before: VS Code shows that preparation's text and asks the user (or the user
 * allowed the tool), so a model cannot change an issue the user was not shown. The issue is resolved
 * once, at preparation, and the invocation changes exactly that one (server, account, organization,
 * issue id) or nothing: a reference typed again could name another issue once the session or the
 * chosen organization changed. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../../api/client';
import type { Issue } from '../../../model/issue/schema';
import type { IssueRef } from '../../../contracts/issueRef';
import { escapeMarkdown } from '../../../model/event/markdown';
import { plainText } from '../../../util/untrusted';
import * as z from '../../../model/z';
import { StateKey, type ToolContext } from './context';
import { findIssue } from './findIssue';
import { defineTool, type Prepared, type UpdatePreview } from './tool';
import { errorText, isAbort, ToolCancelled } from './toolErrors';
import { issueInput, UPDATE_ACTIONS, type UpdateAction } from './toolInputs';

export const UpdateInput = z.lazySchema(() => z.object({ issue: issueInput, action: z.picklist(UPDATE_ACTIONS) }));
export type UpdateInput = z.InferOutput<typeof UpdateInput>;

/** How long a confirmation stays good for its invocation. */
const CONFIRMATION_MS = 10 * 60_000;

/**
 * What the user confirmed: the issue as resolved at preparation, and the session it was resolved in.
 * The client object stands for the server and the account: the session makes one per server and
 * signed-in session, so another object means the user switched one of them.
 */
interface Target {
  at: number;
  client: SentryClient;
  /** The organization the Issues view showed. */
  org: string;
  ref: IssueRef;
  shortId: string;
}

/** Inputs VS Code prepared (so confirmed, or the user allowed) and not yet run; and those whose preparation failed, with why. */
const CONFIRMATIONS = new StateKey(() => ({ confirmed: new Map<string, Target>(), refused: new Map<string, string>() }));

const updateKey = (input: UpdateInput) => JSON.stringify([input.issue.trim(), input.action]);

export const updateIssue = defineTool({
  key: 'updateIssue',
  name: 'sentryExplorer_updateIssue',
  referenceName: 'sentryUpdateIssue',
  input: UpdateInput,
  progress: () => l10n.t('Updating the Sentry issue…'),
  confirm: { prepare: prepareUpdate, checking: () => l10n.t('Checking the Sentry issue update…') },
  /** One PUT through the triage code, for an input prepared (so confirmed) just before. */
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const { confirmed, refused } = ctx.state(CONFIRMATIONS);
      const key = updateKey(input);
      const target = confirmed.get(key);
      const why = refused.get(key);
      confirmed.delete(key);
      refused.delete(key);
      if (why !== undefined) return `Not changed: ${why}`;
      if (target === undefined || ctx.deps.now() - target.at > CONFIRMATION_MS) {
        return 'Not changed: this tool changes an issue only after the user confirmed the change in VS Code. Call it through the chat so that VS Code asks the user.';
      }
      const changed = await sessionChange(ctx, target);
      if (changed) return `Not changed: ${changed} since the user confirmed this change, so nothing was sent. Call the tool again so that VS Code asks the user about the issue as it is now.`;
      // Bound to the confirmed client: a switch after the check above cannot redirect the write.
      const done = await ctx.deps.update(target.ref, input.action, target.client);
      const name = escapeMarkdown(target.shortId, 64);
      if (!done.ok) return `Not changed: ${errorText(done.error, ctx.deps.now())}`;
      const what = input.action === 'resolve' ? 'Resolved' : input.action === 'archive' ? 'Archived (until it escalates)' : 'Assigned to the user';
      return `${what}: ${name}. The user can undo it from the notification or the issue's menu.`;
    });
  },
});

/**
 * What an update will change, for VS Code's confirmation (reads only). Remembers the input so that
 * the handler runs only what was shown; a failure returns text and no preview.
 */
export async function prepareUpdate(input: UpdateInput, ctx: ToolContext, signal?: AbortSignal): Promise<Prepared> {
  const { confirmed, refused } = ctx.state(CONFIRMATIONS);
  const key = updateKey(input);
  confirmed.delete(key);
  refused.delete(key);
  let failed: string;
  try {
    const ready = await ctx.ready();
    if (!ready.ok) failed = ready.text;
    else {
      const found = await findIssue(ctx, input.issue, ready, signal);
      if (found.ok) {
        confirmed.set(key, { at: ctx.deps.now(), client: ready.client, org: ready.org, ref: found.ref, shortId: found.issue.shortId });
        return { ok: true, preview: preview(found.issue, input.action, ctx.deps.me(), { baseUrl: ready.client.baseUrl, org: found.ref.org }) };
      }
      failed = found.text;
    }
  } catch (e) {
    if (isAbort(e, signal)) throw new ToolCancelled();
    failed = errorText(e, ctx.deps.now());
  }
  refused.set(key, failed);
  return { ok: false, text: failed };
}

/** Why the confirmed target may no longer be written (the session or the chosen organization changed), or undefined. */
async function sessionChange(ctx: ToolContext, target: Target): Promise<string | undefined> {
  const client = await ctx.deps.getClient();
  if (!client) return 'the user signed out of Sentry';
  if (client !== target.client || client.baseUrl !== target.client.baseUrl) return 'the Sentry server or account changed';
  const org = ctx.deps.selection().org;
  if (org !== target.org) return `the organization chosen in Sentry Explorer changed from ${escapeMarkdown(target.org, 100)} to ${org === undefined ? 'none' : escapeMarkdown(org, 100)}`;
  return undefined;
}

/**
 * The confirmation: where the change goes (server, organization, short ID), the issue (escaped),
 * what changes from what to what, and that nothing else does.
 */
export function preview(issue: Issue, action: UpdateAction, me: string | undefined, where: { baseUrl: string; org: string }): UpdatePreview {
  const name = escapeMarkdown(issue.shortId, 64);
  // The title is shown as plain text (a dialog's or the chat's confirmation title), the message as Markdown.
  const plain = plainText(issue.shortId, 64);
  const status = escapeMarkdown(issue.status, 40);
  const change =
    action === 'resolve'
      ? { title: l10n.t('Resolve Sentry issue {0}?', plain), line: l10n.t('Status: {0} → **resolved**.', status) }
      : action === 'archive'
        ? { title: l10n.t('Archive Sentry issue {0}?', plain), line: l10n.t('Status: {0} → **archived until it escalates** (Sentry shows it again if it gets worse).', status) }
        : {
            title: l10n.t('Assign Sentry issue {0} to you?', plain),
            line: me ? l10n.t('Assignee: {0} → **you ({1})**.', assigned(issue), escapeMarkdown(me, 100)) : l10n.t('Assignee: {0} → **you**.', assigned(issue)),
          };
  return {
    title: change.title,
    message: [
      `**${name}** ${escapeMarkdown(issue.title || l10n.t('(no title)'), 300)}`,
      '',
      l10n.t('Server **{0}**, organization **{1}**, issue **{2}**.', escapeMarkdown(hostOf(where.baseUrl), 200), escapeMarkdown(where.org, 100), name),
      '',
      change.line,
      '',
      l10n.t('This changes this one issue (id {0}, project {1}) and nothing else. The notification that follows offers Undo.', escapeMarkdown(issue.id, 40), escapeMarkdown(issue.project.slug, 100)),
    ].join('\n'),
  };
}

function assigned(issue: Issue): string {
  const a = issue.assignedTo;
  if (!a) return l10n.t('nobody');
  const name = typeof a.name === 'string' ? a.name : typeof a.email === 'string' ? a.email : l10n.t('someone');
  return escapeMarkdown(a.type === 'team' ? `#${name}` : name, 100);
}

/** The server as the user knows it: its host (and port), or the whole address if it does not parse. */
function hostOf(baseUrl: string): string {
  try {
    return new URL(baseUrl).host || baseUrl;
  } catch {
    return baseUrl;
  }
}
