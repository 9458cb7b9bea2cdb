/**
 * The five language model tools' work (issue 14), without `vscode`: each takes the checked input
 * and an AbortSignal and returns text for the model. Failures come back as text the model can act on
 * (./toolErrors); only a cancellation throws (ToolCancelled). Reads go through the API client the
 * session holds, on the organization the Issues view shows; the one write goes through the triage
 * code (deps.update), one issue at a time, and only after prepareUpdate (whose text VS Code shows in
 * its confirmation) was called for the same input.
 */
import * as l10n from '@vscode/l10n';
import type { SentryClient } from '../../api/client';
import { BadRequestError, NotFoundError } from '../../api/errors';
import type { Issue } from '../../api/schemas';
import type { DetailFrame } from '../../sentryEvent/types';
import { issueHeader, toTagData } from '../../contracts/fromApi';
import { refOfIssue, type IssueRef } from '../../contracts/issueRef';
import { issueDetailsText } from '../text/issueDetails';
import { issueListMarkdown } from '../text/issueList';
import { locationIssuesMarkdown, type LocatedIssue } from '../text/locationIssues';
import { tagDistributionMarkdown } from '../text/tagDistribution';
import { escapeMarkdown } from '../../sentryEvent/markdown';
import { parseEventDetail } from '../../sentryEvent/parse';
import type { LocationSource } from '../../store/editorLocations';
import type { IssueStore } from '../../store/issueStore';
import { plainText, safeWebUrl } from '../../util/untrusted';
import { parseIssueArg, projectOfShortId } from './issueArg';
import { CHOOSE_PROJECT_FIRST, errorText, isAbort, SIGN_IN_FIRST, ToolCancelled } from './toolErrors';
import type { DetailsInput, LocationInput, SearchInput, TagInput, UpdateAction, UpdateInput } from './toolInputs';

export interface AiToolsDeps {
  getClient(): Promise<SentryClient | undefined>;
  store: Pick<IssueStore, 'issue' | 'lookupShortId' | 'upsert' | 'checkpoint' | 'source'>;
  /** The organization and projects the Issues view shows. */
  selection(): { org?: string; projects: readonly string[] };
  locations(): LocationSource;
  /** One triage action on one issue through the triage code (optimistic view, Undo); never throws. */
  update(ref: IssueRef, action: UpdateAction): Promise<{ ok: true } | { ok: false; error: unknown }>;
  /** The signed-in account's name, for the confirmation of "assign to me". */
  me(): string | undefined;
  now(): number;
}

/** What VS Code's confirmation shows before an update: a title, and Markdown (server text escaped). */
export interface UpdatePreview {
  title: string;
  message: string;
}

/** Issues searched per project, and projects searched at most when none is named. */
const DEFAULT_LIMIT = 10;
const MAX_PROJECTS = 5;
/** Distinct frame files mapped to the workspace per event. */
const MAX_MAPPED = 40;
/** Short IDs remembered. */
const MAX_SHORT_IDS = 200;
/** How long a confirmation stays good for its invocation. */
const CONFIRMATION_MS = 10 * 60_000;

type Ready = { ok: true; client: SentryClient; org: string } | { ok: false; text: string };
type Resolved = { ok: true; issue: Issue; ref: IssueRef } | { ok: false; text: string };

const SORT_KEY: Record<NonNullable<SearchInput['sort']>, (i: Issue) => number> = {
  date: (i) => Date.parse(i.lastSeen) || 0,
  new: (i) => Date.parse(i.firstSeen) || 0,
  freq: (i) => Number(i.count) || 0,
  user: (i) => i.userCount,
};

export class AiTools {
  /** Inputs of updates VS Code prepared (and so confirmed or had the user allow) and not yet run. */
  private readonly confirmed = new Map<string, number>();
  /** Inputs whose preparation failed (signed out, no such issue): their invocation says why, not "not confirmed". */
  private readonly refused = new Map<string, string>();
  /** `org SHORT-ID` → issue id, for short IDs looked up before: the store then has the issue, fresh. */
  private readonly shortIds = new Map<string, string>();

  constructor(private readonly deps: AiToolsDeps) {}

  /** Search issues: one request for every project searched (one per project on a server without the organization endpoint). */
  async search(input: SearchInput, signal?: AbortSignal): Promise<string> {
    return this.guard(signal, async () => {
      const ready = await this.ready();
      if (!ready.ok) return ready.text;
      const projects = input.project ? [input.project] : this.deps.selection().projects.slice(0, MAX_PROJECTS);
      if (!projects.length) return CHOOSE_PROJECT_FIRST;
      const limit = input.limit ?? DEFAULT_LIMIT;
      const query = input.query?.trim() || 'is:unresolved';
      const sort = input.sort ?? 'date';
      const window = input.period ? { period: input.period } : undefined;
      const page = await this.deps.store.source.page(ready.client, { org: ready.org, projects, query, sort, limit, statsPeriod: '', window }, undefined, signal);
      const found: Issue[] = [...page.items];
      const total = Math.max(page.hits ?? 0, page.items.length);
      const key = SORT_KEY[sort];
      found.sort((a, b) => key(b) - key(a));
      const within = input.period ? ` seen in the last ${escapeMarkdown(input.period, 20)}` : '';
      const head = `Sentry issues in ${projects.map((p) => escapeMarkdown(p, 100)).join(', ')} matching ${escapeMarkdown(query, 1000)}${within} (sorted by ${sort}):\n\n`;
      return head + issueListMarkdown(found.slice(0, limit), { now: this.deps.now(), total, max: limit, link: (i) => this.link(i, ready.client) });
    });
  }

  /** Get issue details: the event request (with `llmFormat`), plus whatever naming the issue costs. */
  async details(input: DetailsInput, signal?: AbortSignal): Promise<string> {
    return (await this.detailsOf(input, signal)).text;
  }

  /** The same, saying whether it is the issue's text or a failure's (Copy as Markdown copies only the first). */
  async detailsOf(input: DetailsInput, signal?: AbortSignal): Promise<{ ok: boolean; text: string }> {
    let ok = false;
    const text = await this.guard(signal, async () => {
      const ready = await this.ready();
      if (!ready.ok) return ready.text;
      const found = await this.resolve(input.issue, ready, signal);
      if (!found.ok) return found.text;
      const { issue } = found;
      const raw = await this.event(ready, issue.id, input.event ?? 'latest', signal);
      const parsed = raw === undefined ? undefined : parseEventDetail(raw, issue.id);
      const mapped = parsed
        ? await this.mapFrames(
            parsed.detail.exceptions.flatMap((x) => x.frames),
            signal,
          )
        : new Map<string, string>();
      const formatted = isRecord(raw) && isRecord(raw.formatted) && typeof raw.formatted.content === 'string' ? raw.formatted.content : undefined;
      ok = true;
      return issueDetailsText(issueHeader(issue), parsed?.detail, {
        budgetTokens: input.maxTokens,
        link: this.link(issue, ready.client),
        mapPath: (f) => {
          const path = mapped.get(frameKey(f));
          return path && (f.lineNo !== undefined ? `${path}:${f.lineNo}` : path);
        },
        now: this.deps.now(),
        serverText: formatted,
        secrets: parsed?.secrets,
      }).text;
    });
    return { ok, text };
  }

  /** The issues marked in the active editor's file (the chat's /file); no request. */
  async activeFile(signal?: AbortSignal): Promise<string> {
    const at = await this.deps.locations().activeFile();
    if (at.kind !== 'file') return 'No workspace file is open in the active editor. Open a file and ask again.';
    return this.atLocation({ file: at.file }, signal);
  }

  /** Tag distribution: one tag request, plus whatever naming the issue costs. */
  async tags(input: TagInput, signal?: AbortSignal): Promise<string> {
    return this.guard(signal, async () => {
      const ready = await this.ready();
      if (!ready.ok) return ready.text;
      const found = await this.resolve(input.issue, ready, signal);
      if (!found.ok) return found.text;
      const tag = await ready.client.getTagDetails(ready.org, found.issue.id, input.tag.trim(), {}, signal);
      return `Issue ${escapeMarkdown(found.issue.shortId, 64)}: ${tagDistributionMarkdown(toTagData(tag))}`;
    });
  }

  /** Issues at a location: what the editor marks there now; no request. */
  async atLocation(input: LocationInput, signal?: AbortSignal): Promise<string> {
    return this.guard(signal, async () => {
      const ready = await this.ready();
      if (!ready.ok) return ready.text;
      const at = await this.deps.locations().marksIn(input.file);
      if (at.kind === 'none') return `${escapeMarkdown(input.file, 300)} is not a file of this workspace, and no path mapping leads to one. Give a path relative to the workspace folder.`;
      if (at.kind === 'ambiguous')
        return `Several workspace files match ${escapeMarkdown(input.file, 300)}: ${at.candidates.map((c) => escapeMarkdown(c, 300)).join(', ')}. Call the tool again with one of them.`;
      const located: LocatedIssue[] = [];
      for (const m of at.marks) {
        if (input.line !== undefined && m.line !== input.line) continue;
        const issue = this.deps.store.issue(m.ref.issueId);
        if (issue) located.push({ issue, line: m.line });
      }
      return locationIssuesMarkdown(at.file, located, { now: this.deps.now(), line: input.line, link: (i) => this.link(i, ready.client) });
    });
  }

  /**
   * What an update will change, for VS Code's confirmation (reads only). Remembers the input so that
   * `update` runs only what was shown; a failure returns text and no preview.
   */
  async prepareUpdate(input: UpdateInput, signal?: AbortSignal): Promise<{ ok: true; preview: UpdatePreview } | { ok: false; text: string }> {
    const key = updateKey(input);
    this.confirmed.delete(key);
    this.refused.delete(key);
    let failed: string;
    try {
      const ready = await this.ready();
      const found = ready.ok ? await this.resolve(input.issue, ready, signal) : ready;
      if (found.ok) {
        this.confirmed.set(key, this.deps.now());
        return { ok: true, preview: preview(found.issue, input.action, this.deps.me()) };
      }
      failed = found.text;
    } catch (e) {
      if (isAbort(e, signal)) throw new ToolCancelled();
      failed = errorText(e, this.deps.now());
    }
    this.refused.set(key, failed);
    return { ok: false, text: failed };
  }

  /** Update issue: one PUT through the triage code, for an input prepared (so confirmed) just before. */
  async update(input: UpdateInput, signal?: AbortSignal): Promise<string> {
    return this.guard(signal, async () => {
      const key = updateKey(input);
      const at = this.confirmed.get(key);
      const refused = this.refused.get(key);
      this.confirmed.delete(key);
      this.refused.delete(key);
      if (refused !== undefined) return `Not changed: ${refused}`;
      if (at === undefined || this.deps.now() - at > CONFIRMATION_MS) {
        return 'Not changed: this tool changes an issue only after the user confirmed the change in VS Code. Call it through the chat so that VS Code asks the user.';
      }
      const ready = await this.ready();
      if (!ready.ok) return ready.text;
      const found = await this.resolve(input.issue, ready, signal);
      if (!found.ok) return found.text;
      const done = await this.deps.update(found.ref, input.action);
      const name = escapeMarkdown(found.issue.shortId, 64);
      if (!done.ok) return `Not changed: ${errorText(done.error, this.deps.now())}`;
      const what = input.action === 'resolve' ? 'Resolved' : input.action === 'archive' ? 'Archived (until it escalates)' : 'Assigned to the user';
      return `${what}: ${name}. The user can undo it from the notification or the issue's menu.`;
    });
  }

  private async guard(signal: AbortSignal | undefined, work: () => Promise<string>): Promise<string> {
    if (signal?.aborted) throw new ToolCancelled();
    try {
      return await work();
    } catch (e) {
      if (isAbort(e, signal)) throw new ToolCancelled();
      return errorText(e, this.deps.now());
    }
  }

  private async ready(): Promise<Ready> {
    const client = await this.deps.getClient();
    if (!client) return { ok: false, text: SIGN_IN_FIRST };
    const org = this.deps.selection().org;
    return org ? { ok: true, client, org } : { ok: false, text: CHOOSE_PROJECT_FIRST };
  }

  /** The issue a model named: from the store when it holds it, else one GET (an id) or a short-ID lookup per project tried. */
  private async resolve(text: string, ready: Extract<Ready, { ok: true }>, signal?: AbortSignal): Promise<Resolved> {
    const arg = parseIssueArg(text);
    if (!arg) return { ok: false, text: `${escapeMarkdown(text, 200)} does not name a Sentry issue: give its short ID (like PROJECT-1A), its numeric id or its Sentry web address.` };
    const org = arg.kind === 'id' && arg.org ? arg.org : ready.org;
    let issue: Issue | undefined;
    const known = arg.kind === 'id' ? this.deps.store.issue(arg.id) : this.knownShortId(org, arg.shortId);
    if (known && org === ready.org) issue = known;
    else if (arg.kind === 'id') {
      const since = this.deps.store.checkpoint();
      issue = await ready.client.getIssue(org, arg.id, signal);
      this.deps.store.upsert(org, [issue], since);
    } else {
      const selected = this.deps.selection().projects;
      const guess = projectOfShortId(arg.shortId);
      const order = [...new Set([...(guess && selected.includes(guess) ? [guess] : []), ...selected, ...(guess ? [guess] : [])])].slice(0, MAX_PROJECTS + 1);
      for (const project of order) {
        try {
          issue = await this.deps.store.lookupShortId(org, project, arg.shortId);
        } catch (e) {
          // A guessed project that does not exist is not an error of the lookup.
          if (!(e instanceof NotFoundError) || project !== guess || selected.includes(project)) throw e;
        }
        if (issue) {
          this.remember(org, issue);
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

  private knownShortId(org: string, shortId: string): Issue | undefined {
    const id = this.shortIds.get(`${org} ${shortId.toUpperCase()}`);
    const issue = id === undefined ? undefined : this.deps.store.issue(id);
    return issue && issue.shortId.toUpperCase() === shortId.toUpperCase() ? issue : undefined;
  }

  private remember(org: string, issue: Issue): void {
    if (this.shortIds.size >= MAX_SHORT_IDS) this.shortIds.delete(this.shortIds.keys().next().value!);
    this.shortIds.set(`${org} ${issue.shortId.toUpperCase()}`, issue.id);
  }

  /** The whole event, asking for Sentry's own rendering too; a server that refuses `llmFormat` is asked without it. */
  private async event(ready: Extract<Ready, { ok: true }>, issueId: string, ref: string, signal?: AbortSignal): Promise<unknown> {
    try {
      return await ready.client.getIssueEvent(ready.org, issueId, ref, { llmFormat: 'markdown' }, signal);
    } catch (e) {
      if (e instanceof NotFoundError) return undefined;
      if (!(e instanceof BadRequestError) || !/llmFormat/i.test(e.message)) throw e;
    }
    return ready.client.getIssueEvent(ready.org, issueId, ref, {}, signal);
  }

  private async mapFrames(frames: readonly DetailFrame[], signal?: AbortSignal): Promise<Map<string, string>> {
    const out = new Map<string, string>();
    const source = this.deps.locations();
    for (const f of frames) {
      if (f.inApp !== true || out.size >= MAX_MAPPED || out.has(frameKey(f))) continue;
      if (signal?.aborted) throw new ToolCancelled();
      const path = await source.mapFrame({ filename: f.filename, absPath: f.absPath });
      if (path) out.set(frameKey(f), path);
    }
    return out;
  }

  private link(issue: Issue, client: SentryClient): string | undefined {
    return safeWebUrl(issue.permalink, client.baseUrl)?.href;
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const frameKey = (f: Pick<DetailFrame, 'filename' | 'absPath'>) => `${f.filename ?? ''}\u0000${f.absPath ?? ''}`;
const updateKey = (input: UpdateInput) => JSON.stringify([input.issue.trim(), input.action]);

/** The confirmation: the issue (escaped), what changes from what to what, and that nothing else does. */
export function preview(issue: Issue, action: UpdateAction, me: string | undefined): UpdatePreview {
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
