/**
 * The issue a model named (short ID, id or web address), for the tools that read or change one
 * issue: from the store when it holds it, else one GET (an id) or a short-ID lookup per project
 * tried. Short IDs found are remembered, so naming the same issue again costs no lookup. No `vscode` import.
 */
import { NotFoundError } from '../../../api/errors';
import type { Issue } from '../../../model/issue/schema';
import { refOfIssue, type IssueRef } from '../../../contracts/issueRef';
import { escapeMarkdown } from '../../../model/event/markdown';
import { MAX_PROJECTS, StateKey, type Ready, type ToolContext } from './context';
import { parseIssueArg, projectOfShortId } from './issueArg';

/** Short IDs remembered. */
const MAX_SHORT_IDS = 200;
/** `org SHORT-ID` → issue id, for short IDs looked up before: the store then has the issue, fresh. */
const SHORT_IDS = new StateKey(() => new Map<string, string>());

export type Resolved = { ok: true; issue: Issue; ref: IssueRef } | { ok: false; text: string };

export async function findIssue(ctx: ToolContext, text: string, ready: Extract<Ready, { ok: true }>, signal?: AbortSignal): Promise<Resolved> {
  const { store, selection } = ctx.deps;
  const arg = parseIssueArg(text);
  if (!arg) return { ok: false, text: `${escapeMarkdown(text, 200)} does not name a Sentry issue: give its short ID (like PROJECT-1A), its numeric id or its Sentry web address.` };
  const org = arg.kind === 'id' && arg.org ? arg.org : ready.org;
  let issue: Issue | undefined;
  const known = arg.kind === 'id' ? store.issue(arg.id) : knownShortId(ctx, org, arg.shortId);
  if (known && org === ready.org) issue = known;
  else if (arg.kind === 'id') {
    const since = store.checkpoint();
    issue = await ready.client.getIssue(org, arg.id, signal);
    store.upsert(org, [issue], since);
  } else {
    const selected = selection().projects;
    const guess = projectOfShortId(arg.shortId);
    const order = [...new Set([...(guess && selected.includes(guess) ? [guess] : []), ...selected, ...(guess ? [guess] : [])])].slice(0, MAX_PROJECTS + 1);
    for (const project of order) {
      try {
        issue = await store.lookupShortId(org, project, arg.shortId);
      } catch (e) {
        // A guessed project that does not exist is not an error of the lookup.
        if (!(e instanceof NotFoundError) || project !== guess || selected.includes(project)) throw e;
      }
      if (issue) {
        remember(ctx, org, issue);
        break;
      }
    }
    if (!issue)
      return {
        ok: false,
        text: `No issue ${escapeMarkdown(arg.shortId, 100)} was found in ${order.map((p) => escapeMarkdown(p, 100)).join(', ') || 'the chosen projects'}. Search issues to find its short ID.`,
      };
  }
  const ref = refOfIssue(org, issue);
  return ref ? { ok: true, issue, ref } : { ok: false, text: 'The server answered an issue without a usable id or project.' };
}

function knownShortId(ctx: ToolContext, org: string, shortId: string): Issue | undefined {
  const id = ctx.state(SHORT_IDS).get(`${org} ${shortId.toUpperCase()}`);
  const issue = id === undefined ? undefined : ctx.deps.store.issue(id);
  return issue && issue.shortId.toUpperCase() === shortId.toUpperCase() ? issue : undefined;
}

function remember(ctx: ToolContext, org: string, issue: Issue): void {
  const shortIds = ctx.state(SHORT_IDS);
  if (shortIds.size >= MAX_SHORT_IDS) shortIds.delete(shortIds.keys().next().value!);
  shortIds.set(`${org} ${issue.shortId.toUpperCase()}`, issue.id);
}
