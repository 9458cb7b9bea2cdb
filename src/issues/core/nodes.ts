/**
 * The Issues tree's rows as data, built from the issue store's list views; tree.ts only draws them.
 * Pure (no `vscode` import): what the tree shows for a list, an error or an empty answer is decided
 * here and unit-tested.
 */
import * as l10n from '@vscode/l10n';
import type { Issue } from '../../model/issue/schema';
import { presentError, type ErrorAction } from '../../contracts/errorPresentation';
import { errorKind, isCutOffBody } from '../../contracts/errors';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueListView } from '../../store/issueStore';
import { plainText } from '../../util/untrusted';

/**
 * An issue row. It is an IssueRef itself (org, the issue's own project, its id), so a context-menu
 * command that VS Code hands the row parses it with parseIssueRef; the issue's fields are read from
 * the store by id when the row is drawn, never copied here.
 */
export interface IssueNode extends IssueRef {
  readonly type: 'issue';
  /** The project whose list shows it: a short-ID lookup can list an issue of another project. */
  readonly listedIn: string;
  readonly otherProject: boolean;
  /** The list's stats period, for the tooltip's sparkline. */
  readonly period: string;
}

export interface ErrorNode {
  readonly type: 'error';
  readonly org: string;
  readonly project: string;
  /** Bounded plain text: it quotes the server's detail. */
  readonly message: string;
  readonly actions: readonly ErrorAction[];
  /** After a 403: what Sign In asks for (only the scopes the token lacks). */
  readonly scopesToAsk?: readonly string[];
}

export type Node =
  | { readonly type: 'project'; readonly org: string; readonly project: string }
  | IssueNode
  | {
      readonly type: 'loadMore';
      readonly org: string;
      /** The project, or for the chosen projects' one list its label (their slugs joined by commas). */
      readonly project: string;
      readonly shown: number;
      readonly hits?: number;
      readonly maxHits?: number;
      /** The next page of the chosen projects' one list, shown after the project rows. */
      readonly combined?: boolean;
    }
  | ErrorNode
  | { readonly type: 'action'; readonly action: ErrorAction; readonly org: string; readonly project: string; readonly scopesToAsk?: readonly string[] }
  | { readonly type: 'info'; readonly label: string; readonly tooltip?: string; readonly icon: string };

/** How one project's list is shown. */
export interface ListContext {
  readonly org: string;
  readonly project: string;
  /** The filter's stats period (rows' sparklines). */
  readonly period: string;
  /** The query as a user reads it, for "no issues match …". */
  readonly queryText: string;
  /** The only project shown: an empty answer is the view's message instead of a row. */
  readonly only: boolean;
  /**
   * The list holds several projects: show this project's issues only, without "Load more" (the
   * list's own row follows the project rows). Issues of no chosen project go under the first one.
   */
  readonly group?: boolean;
}

export interface ListRows {
  readonly nodes: Node[];
  /** For the view's empty state (the `emptyResult` welcome), when set. */
  readonly emptyMessage?: string;
}

/** The rows of one project: a hashes search's note, an error with its actions, or issues and "Load more". */
export function rowsOfList(list: IssueListView, ctx: ListContext): ListRows {
  const { org, project } = ctx;
  const hashes = !!list.spec.hashes;
  const nodes: Node[] = [];
  if (hashes) {
    const label = list.droppedHashes
      ? l10n.t('Issues found by hashes: {0} (only the first 100 hashes were used; {1} left out)', list.issues.length, list.droppedHashes)
      : l10n.t('Issues found by hashes: {0}', list.issues.length);
    nodes.push({ type: 'info', label, icon: 'symbol-key', tooltip: l10n.t('Run Refresh or Filter Issues to go back to the list.') });
  }
  if (list.error && !keptThrough(list)) {
    nodes.push(errorNode(org, project, list.error));
    return { nodes };
  }
  const issues = ctx.group ? groupOf(list, project) : list.issues;
  for (const issue of issues) nodes.push(issueNode(org, project, issue, ctx.period));
  if (ctx.group) {
    if (issues.length === 0)
      nodes.push({
        type: 'info',
        label: list.nextCursor ? l10n.t('None among the first {0}: Load more below', list.issues.length.toLocaleString('en')) : l10n.t('No issues match {0}', ctx.queryText),
        icon: 'pass',
      });
    return { nodes };
  }
  if (list.nextCursor) nodes.push({ type: 'loadMore', org, project, shown: list.issues.length, hits: list.hits, maxHits: list.maxHits });
  if (list.issues.length === 0 && ctx.only && !hashes) return { nodes: [], emptyMessage: l10n.t('No issues in {0} match {1}.', project, ctx.queryText) };
  if (list.issues.length === 0) nodes.push({ type: 'info', label: l10n.t('No issues match {0}', ctx.queryText), icon: 'pass' });
  return { nodes };
}

export function issueNode(org: string, listedIn: string, issue: Pick<Issue, 'id' | 'project'>, period: string): IssueNode {
  return { type: 'issue', org, project: issue.project.slug, issueId: issue.id, listedIn, otherProject: issue.project.slug !== listedIn, period };
}

/** Failures that may pass on their own (ApiError kinds; a body cut off is one too, isCutOffBody). */
const PASSING_FAILURES = new Set(['server', 'network', 'timeout', 'rateLimited', 'queryTimeout']);

/**
 * Whether a failed list keeps its rows: a refresh that fails for now (a proxy's 502, a dropped
 * connection, a body cut off) must not empty the view, nor rebuild every row twice (the error, then its end), so
 * the last answer stays as drawn and failureNotice says what happened. One that fails for good (a
 * 401, 403 or 404) is an error row: the list may no longer be the user's to read, or exist; so is
 * a browser's refusal (CORS, mixed content), which names a setting to change.
 */
export function keptThrough(list: IssueListView): boolean {
  return list.error !== undefined && list.issues.length > 0 && (PASSING_FAILURES.has(errorKind(list.error) ?? '') || isCutOffBody(list.error)) && !refusedByBrowser(list.error);
}

/** A request the browser refused (src/api/browser.ts, CORS or mixed content): a setting to change, not a failure that passes. */
function refusedByBrowser(error: unknown): boolean {
  return typeof error === 'object' && error !== null && typeof (error as { block?: unknown }).block === 'string';
}

/** The view's message while shown lists keep their last answer through a failure; undefined when none does. */
export function failureNotice(lists: readonly (IssueListView | undefined)[]): string | undefined {
  const kept = lists.filter((l): l is IssueListView => !!l && keptThrough(l));
  if (kept.length === 0) return undefined;
  const which = kept.length === 1 ? kept[0].project : l10n.t('{0} (and {1} more)', kept[0].project, kept.length - 1);
  return plainText(l10n.t('Could not refresh {0}: {1} the issues shown are its last answer; the next refresh asks again, or Refresh now.', which, presentError(kept[0].error).message), 1000);
}

export function errorNode(org: string, project: string, error: unknown): ErrorNode {
  const { message, actions, scopesToAsk } = presentError(error);
  // A 403 for another reason than scopes (an org-limited token) asks for none.
  return { type: 'error', org, project, message: plainText(message, 1000), actions, scopesToAsk: scopesToAsk?.length ? scopesToAsk : undefined };
}

/** The children of an error row: one per action. */
export function actionRows(node: ErrorNode): Node[] {
  return node.actions.map((action) => ({ type: 'action', action, org: node.org, project: node.project, scopesToAsk: node.scopesToAsk }));
}

/** The arguments of an action row's command: Sign In asks for the scopes a 403 named as missing. */
export function actionArgs(node: Extract<Node, { type: 'action' }>): unknown[] | undefined {
  return node.action === 'signIn' && node.scopesToAsk?.length ? [{ neededScopes: node.scopesToAsk }] : undefined;
}

/** "100 of 1,234", "100 of 1,000+" when the total hit the server's cap, "100+" when unknown. */
export function countText(shown: number, hits: number | undefined, more: boolean, maxHits?: number): string {
  if (hits !== undefined) return l10n.t('{0} of {1}', shown.toLocaleString('en'), `${hits.toLocaleString('en')}${maxHits !== undefined && hits >= maxHits ? '+' : ''}`);
  return `${shown.toLocaleString('en')}${more ? '+' : ''}`;
}

/**
 * A project row's description: its count once its list answered without an error. In a list of
 * several projects, while more pages wait, the project's own total where the server told it
 * ("90 of 1,234", "90 of 1,000+"), else its loaded issues ("90+"); all pages loaded, "12".
 */
export function projectDescription(list: IssueListView | undefined, project?: string): string | undefined {
  if (!list || list.error || list.loadedAt === undefined) return undefined;
  if (list.spec.projects && project !== undefined) {
    const shown = groupOf(list, project).length;
    const total = list.nextCursor ? list.projectTotals?.[project] : undefined;
    if (total) return l10n.t('{0} of {1}', shown.toLocaleString('en'), `${total.hits.toLocaleString('en')}${total.atLeast ? '+' : ''}`);
    return countText(shown, undefined, !!list.nextCursor);
  }
  return countText(list.issues.length, list.hits, !!list.nextCursor, list.maxHits);
}

/** One project's issues of a list of several; issues of no chosen project count as the first one's. */
export function groupOf(list: IssueListView, project: string): readonly Issue[] {
  const chosen = list.spec.projects ?? [list.spec.project];
  const home = (issue: Issue) => (chosen.includes(issue.project.slug) ? issue.project.slug : chosen[0]);
  return list.issues.filter((issue) => home(issue) === project);
}
