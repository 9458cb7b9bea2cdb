/**
 * Which issue belongs on which line: the latest event of each listed issue gives a `location`;
 * when it has no line and its file is open, the newest in-app frame of the latest full event does.
 * Events are fetched lazily, a few at a time, and cached until the issue's lastSeen (as the issue
 * store knows it) changes. Marks hold issue ids; their fields are the store's (see ./marks.ts).
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { IssueRef } from '../contracts/issueRef';
import type { IssueStore } from '../store/issueStore';
import { Disposable } from '../util/disposable';
import { mapPool } from '../util/pool';
import type { WorkspaceFileIndex } from './fileIndex';
import { parseServerLocation, type ServerLocation } from './location';
import { newestInAppLocation, type PlacedMark } from './marks';

/** What the locator reads of the store: the issues' fields, by id, and whether a change on one is still pending. */
export type IssueFields = Pick<IssueStore, 'issue' | 'pendingFor'>;

interface Known {
  /** The issue's lastSeen when the event was read (undefined: the store did not know the issue). */
  lastSeen: string | undefined;
  /** The latest event's location (null: the event has none). */
  location: string | null;
  /** From the latest full event, once fetched (null: no in-app frame with a line). */
  frame?: ServerLocation | null;
}

const CONCURRENCY = 4;
const MAX_ISSUES = 300;

export class IssueLocator extends Disposable {
  private readonly known = new Map<string, Known>();
  private marks = new Map<string, PlacedMark[]>();
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChange = this.changed.event;
  private running: Promise<void> | undefined;
  private again = false;
  /** Requests made so far (for the figures). */
  requests = 0;
  /** The server the current marks came from: links in Problems entries may point only there. */
  baseUrl: string | undefined;

  constructor(
    private readonly getClient: () => Promise<SentryClient | undefined>,
    /** Which issues to locate (the Issues view's listed ones); their fields come from `store`. */
    private readonly listed: () => readonly IssueRef[],
    private readonly store: IssueFields,
    private readonly files: WorkspaceFileIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {
    super();
  }

  /** Marks of a document, 0-based lines, as of the last refresh. */
  marksFor(uri: vscode.Uri): PlacedMark[] {
    return this.marks.get(uri.toString()) ?? [];
  }

  /** Every document's marks, as of the last refresh. */
  allMarks(): Iterable<PlacedMark[]> {
    return this.marks.values();
  }

  /** The latest event's location of an issue, fetching it when unknown. */
  async locationOf(ref: IssueRef): Promise<string | null> {
    return (await this.knownFor(ref))?.location ?? null;
  }

  /** Recomputes all marks; concurrent calls coalesce into one more run. */
  refresh(): Promise<void> {
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.running = (async () => {
      do {
        this.again = false;
        await this.compute();
      } while (this.again);
    })().finally(() => (this.running = undefined));
    return this.running;
  }

  forget(): void {
    this.known.clear();
    this.marks.clear();
    this.changed.fire();
  }

  private async compute(): Promise<void> {
    const client = await this.getClient();
    if (!client) {
      if (this.marks.size) this.forget();
      return;
    }
    this.baseUrl = client.baseUrl;
    const items = this.withPending(this.listed().slice(0, MAX_ISSUES));
    if (items.length === 0) {
      // Nothing listed: no need to index the workspace (yet).
      if (this.marks.size) this.forget();
      return;
    }
    await this.files.ready();
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    const next = new Map<string, PlacedMark[]>();
    await mapPool(items, CONCURRENCY, async (item) => {
      const known = await this.knownFor(item, client);
      if (!known?.location) return;
      const parsed = parseServerLocation(known.location);
      if (!parsed) return;
      // The raw path: user mappings match what the server sent, not the normalised form.
      const res = await this.files.resolve(parsed.raw);
      if (res.kind !== 'file') return;
      let target = { uri: res.uri, line: parsed.line, column: parsed.column, source: 'location' as PlacedMark['source'] };
      if (parsed.line === undefined) {
        // Only for files the user has open: a full event is a larger request.
        if (!open.has(res.uri.toString())) return;
        const frame = await this.frameFor(item, known, client);
        if (!frame?.line) return;
        const frameRes = await this.files.resolve(frame.raw);
        if (frameRes.kind !== 'file') return;
        target = { uri: frameRes.uri, line: frame.line, column: frame.column, source: 'frame' };
      }
      const key = target.uri.toString();
      next.set(key, [...(next.get(key) ?? []), { org: item.org, project: item.project, issueId: item.issueId, line: target.line! - 1, column: target.column, source: target.source }]);
    });
    this.marks = next;
    this.log.info(`[editor] ${[...next.values()].reduce((n, m) => n + m.length, 0)} issue marks in ${next.size} files from ${items.length} listed issues`);
    this.changed.fire();
  }

  /**
   * The listed issues, plus those placed before that left the list through a change still waiting
   * for the server (resolved optimistically): they keep their place, not drawn while the change
   * shows (see `isMarked`), so a rollback draws them again at once, without locating them anew.
   */
  private withPending(listed: readonly IssueRef[]): readonly IssueRef[] {
    const ids = new Set(listed.map((r) => r.issueId));
    const kept: IssueRef[] = [];
    for (const marks of this.marks.values()) {
      for (const m of marks) {
        if (ids.has(m.issueId) || this.store.pendingFor(m.issueId).length === 0) continue;
        ids.add(m.issueId);
        kept.push({ org: m.org, project: m.project, issueId: m.issueId });
      }
    }
    return kept.length ? [...listed, ...kept] : listed;
  }

  private async knownFor(ref: IssueRef, client?: SentryClient): Promise<Known | undefined> {
    const lastSeen = this.store.issue(ref.issueId)?.lastSeen;
    const cached = this.known.get(ref.issueId);
    // Without a lastSeen to compare, what was read before may be old: ask again.
    if (cached && lastSeen !== undefined && cached.lastSeen === lastSeen) return cached;
    client ??= await this.getClient();
    if (!client) return undefined;
    try {
      this.requests++;
      const page = await client.listIssueEvents(ref.org, ref.issueId, { perPage: 1 });
      const known: Known = { lastSeen, location: page.items[0]?.location ?? null };
      this.known.set(ref.issueId, known);
      return known;
    } catch (err) {
      this.log.warn(`[editor] could not read the latest event of ${this.nameOf(ref)}: ${(err as Error).message}`);
      return undefined;
    }
  }

  private async frameFor(ref: IssueRef, known: Known, client: SentryClient): Promise<ServerLocation | null | undefined> {
    if (known.frame !== undefined) return known.frame;
    try {
      this.requests++;
      const page = await client.listIssueEvents(ref.org, ref.issueId, { perPage: 1, full: true });
      known.frame = page.items[0] ? (newestInAppLocation(page.items[0]) ?? null) : null;
      return known.frame;
    } catch (err) {
      this.log.warn(`[editor] could not read the latest full event of ${this.nameOf(ref)}: ${(err as Error).message}`);
      return undefined;
    }
  }

  private nameOf(ref: IssueRef): string {
    return this.store.issue(ref.issueId)?.shortId ?? ref.issueId;
  }
}
