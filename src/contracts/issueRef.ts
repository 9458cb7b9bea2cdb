/**
 * How features name an issue to each other: `IssueRef` (`{ org, project, issueId }`), never a tree
 * node or a whole Issue. Commands take one as their argument; the tree, hovers, CodeLens, the
 * events panel and the palette build their arguments and `command:` links with the helpers here.
 * No `vscode` import. The issue itself comes from the issue store: `store.issue(ref.issueId)`.
 */
import type { Commands } from '../constants';
import { escapeMarkdown } from '../util/untrusted';

export interface IssueRef {
  readonly org: string;
  /** The slug of the project the issue belongs to (`issue.project.slug`), not the list it was shown in. */
  readonly project: string;
  /** Sentry's numeric issue id, as a string of digits. */
  readonly issueId: string;
}

/** A command id the extension registers. */
export type CommandId = (typeof Commands)[keyof typeof Commands];

/** Issue ids are digits (parsePanelState uses the same bound). */
const ISSUE_ID = /^\d{1,30}$/;
/**
 * Organization and project slugs: Sentry's are lower-case letters, digits, `_` and `-` (50 at
 * most); older self-hosted servers allow more, so this is looser, but a slug never starts with a
 * dot (no `.`/`..` path segment) and never holds `/`, `?`, `#`, `%`, spaces or markup.
 */
const SLUG = /^[A-Za-z0-9_][A-Za-z0-9_.-]{0,99}$/;
const COMMAND_ID = /^[A-Za-z0-9_.-]{1,200}$/;

export function isIssueId(v: unknown): v is string {
  return typeof v === 'string' && ISSUE_ID.test(v);
}

export function isSlug(v: unknown): v is string {
  return typeof v === 'string' && SLUG.test(v);
}

export function isIssueRef(v: unknown): v is IssueRef {
  if (typeof v !== 'object' || v === null) return false;
  const o = v as Record<string, unknown>;
  return isSlug(o.org) && isSlug(o.project) && isIssueId(o.issueId);
}

/** An IssueRef from trusted parts; a RangeError names the part that is not valid. */
export function issueRef(org: string, project: string, issueId: string): IssueRef {
  if (!isSlug(org)) throw new RangeError(`Not an organization slug: ${JSON.stringify(String(org).slice(0, 100))}`);
  if (!isSlug(project)) throw new RangeError(`Not a project slug: ${JSON.stringify(String(project).slice(0, 100))}`);
  if (!isIssueId(issueId)) throw new RangeError(`An issue id is a number, not ${JSON.stringify(String(issueId).slice(0, 100))}`);
  return { org, project, issueId };
}

/** The IssueRef of an issue as the API returns it, listed in `org`; undefined when invalid. */
export function refOfIssue(org: string, issue: { id: unknown; project?: { slug?: unknown } | null }): IssueRef | undefined {
  const ref = { org, project: issue.project?.slug, issueId: issue.id };
  return isIssueRef(ref) ? { org: ref.org, project: ref.project, issueId: ref.issueId } : undefined;
}

/**
 * What a command received, as an IssueRef: an IssueRef (extra fields dropped), `issueId` given as a
 * safe integer, or a legacy tree node `{ type: 'issue', org, project, issue: { id, project: { slug } } }`
 * (the issue's own project wins over the listed one, as a short-ID lookup can list an issue of
 * another project). Anything else, or any invalid part: undefined, which a handler takes as "ask"
 * (run from the palette) or "ignore".
 */
export function parseIssueRef(arg: unknown): IssueRef | undefined {
  if (typeof arg !== 'object' || arg === null || Array.isArray(arg)) return undefined;
  const a = arg as Record<string, unknown>;
  if (a.type === 'issue' && typeof a.issue === 'object' && a.issue !== null) {
    const issue = a.issue as Record<string, unknown>;
    const own = typeof issue.project === 'object' && issue.project !== null ? (issue.project as Record<string, unknown>).slug : undefined;
    const project = isSlug(own) ? own : a.project;
    const ref = { org: a.org, project, issueId: issue.id };
    return isIssueRef(ref) ? { org: ref.org, project: ref.project, issueId: ref.issueId } : undefined;
  }
  const issueId = typeof a.issueId === 'number' && Number.isSafeInteger(a.issueId) && a.issueId >= 0 ? String(a.issueId) : a.issueId;
  const ref = { org: a.org, project: a.project, issueId };
  return isIssueRef(ref) ? { org: ref.org, project: ref.project, issueId: ref.issueId } : undefined;
}

/** The arguments of a command on one issue (a tree item's `command.arguments`): a copy of the ref with nothing else in it. */
export function commandArgs(ref: IssueRef): [IssueRef] {
  const checked = issueRef(ref.org, ref.project, ref.issueId);
  return [{ org: checked.org, project: checked.project, issueId: checked.issueId }];
}

/** The second argument of `sentryExplorer.showIssueEvents` from a click that browses: open a preview panel. */
export const PREVIEW = { preview: true } as const;

/** The second argument of `sentryExplorer.showIssueEvents` from a hover's link to the trace's logs: open the panel on its Logs tab. */
export const LOGS_TAB = { tab: 'logs' } as const;

/**
 * `command:<id>?<encoded JSON arguments>`, the target of a Markdown command link. `options`: a
 * constant of ours (PREVIEW, LOGS_TAB), never built from server text.
 */
export function commandUri(commandId: CommandId, ref: IssueRef, options?: typeof PREVIEW | typeof LOGS_TAB): string {
  if (!COMMAND_ID.test(commandId)) throw new RangeError(`Not a command id: ${JSON.stringify(commandId)}`);
  // encodeURIComponent leaves ( ) ' ! * ~ as they are; a `)` would end the Markdown link early.
  const args = encodeURIComponent(JSON.stringify(options ? [...commandArgs(ref), options] : commandArgs(ref))).replace(/[()'!*~]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `command:${commandId}?${args}`;
}

/**
 * `[title](command:id?args)` for hovers and tooltips; `title` is escaped, so server text is safe in it.
 * The MarkdownString must list the command ids in `isTrusted: { enabledCommands }`, or VS Code does not run the link.
 */
export function commandLink(title: string, commandId: CommandId, ref: IssueRef): string {
  return `[${escapeMarkdown(title, 200)}](${commandUri(commandId, ref)})`;
}

/** One key per issue of a server (the events panel's key: org and id). */
export function refKey(ref: Pick<IssueRef, 'org' | 'issueId'>): string {
  return `${ref.org}/${ref.issueId}`;
}

export function sameIssue(a: Pick<IssueRef, 'org' | 'issueId'>, b: Pick<IssueRef, 'org' | 'issueId'>): boolean {
  return a.org === b.org && a.issueId === b.issueId;
}

/** A Sentry short ID such as `PROJ-123` or `WEB-FRONTEND-1A` (how the palette tells one from a search). */
export function looksLikeShortId(text: string): boolean {
  return /^[A-Za-z][A-Za-z0-9_]*(?:-[A-Za-z0-9_]+)*-[A-Za-z0-9]+$/.test(text.trim()) && /\d/.test(text.split('-').pop() ?? '');
}
