/**
 * Which issue belongs on which line: the latest event of each listed issue gives a `location`;
 * when it has no line and its file is open, the newest in-app frame of the latest full event does.
 * Events are fetched lazily, a few at a time, and cached until the issue's lastSeen changes.
 */
import * as vscode from 'vscode';
import type { SentryClient } from '../api/client';
import type { Issue } from '../api/schemas';
import { mapPool } from '../util/pool';
import type { WorkspaceFileIndex } from './fileIndex';
import { parseServerLocation, type ServerLocation } from './location';
import { newestInAppLocation, type Mark } from './marks';

export interface ListedIssue {
  org: string;
  project: string;
  issue: Issue;
}

interface Known {
  lastSeen: string;
  /** The latest event's location (null: the event has none). */
  location: string | null;
  /** From the latest full event, once fetched (null: no in-app frame with a line). */
  frame?: ServerLocation | null;
}

const CONCURRENCY = 4;
const MAX_ISSUES = 300;

export class IssueLocator implements vscode.Disposable {
  private readonly known = new Map<string, Known>();
  private marks = new Map<string, Mark[]>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private running: Promise<void> | undefined;
  private again = false;
  /** Requests made so far (for the figures). */
  requests = 0;
  /** The server the current marks came from: links in Problems entries may point only there. */
  baseUrl: string | undefined;

  constructor(
    private readonly getClient: () => Promise<SentryClient | undefined>,
    private readonly listed: () => ListedIssue[],
    private readonly files: WorkspaceFileIndex,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  dispose(): void {
    this.changed.dispose();
  }

  /** Marks of a document, 0-based lines, as of the last refresh. */
  marksFor(uri: vscode.Uri): Mark[] {
    return this.marks.get(uri.toString()) ?? [];
  }

  /** The latest event's location of an issue, fetching it when unknown. */
  async locationOf(item: ListedIssue): Promise<string | null> {
    return (await this.knownFor(item))?.location ?? null;
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
    const items = this.listed().slice(0, MAX_ISSUES);
    if (items.length === 0) {
      // Nothing listed: no need to index the workspace (yet).
      if (this.marks.size) this.forget();
      return;
    }
    await this.files.ready();
    const open = new Set(vscode.workspace.textDocuments.map((d) => d.uri.toString()));
    const next = new Map<string, Mark[]>();
    await mapPool(items, CONCURRENCY, async (item) => {
      const known = await this.knownFor(item, client);
      if (!known?.location) return;
      const parsed = parseServerLocation(known.location);
      if (!parsed) return;
      // The raw path: user mappings match what the server sent, not the normalised form.
      const res = await this.files.resolve(parsed.raw);
      if (res.kind !== 'file') return;
      let target = { uri: res.uri, line: parsed.line, column: parsed.column, source: 'location' as Mark['source'] };
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
      next.set(key, [...(next.get(key) ?? []), { org: item.org, project: item.project, issue: item.issue, line: target.line! - 1, column: target.column, source: target.source }]);
    });
    this.marks = next;
    this.log.info(`[editor] ${[...next.values()].reduce((n, m) => n + m.length, 0)} issue marks in ${next.size} files from ${items.length} listed issues`);
    this.changed.fire();
  }

  private async knownFor(item: ListedIssue, client?: SentryClient): Promise<Known | undefined> {
    const cached = this.known.get(item.issue.id);
    if (cached && cached.lastSeen === item.issue.lastSeen) return cached;
    client ??= await this.getClient();
    if (!client) return undefined;
    try {
      this.requests++;
      const page = await client.listIssueEvents(item.org, item.issue.id, { perPage: 1 });
      const known: Known = { lastSeen: item.issue.lastSeen, location: page.items[0]?.location ?? null };
      this.known.set(item.issue.id, known);
      return known;
    } catch (err) {
      this.log.warn(`[editor] could not read the latest event of ${item.issue.shortId}: ${(err as Error).message}`);
      return undefined;
    }
  }

  private async frameFor(item: ListedIssue, known: Known, client: SentryClient): Promise<ServerLocation | null | undefined> {
    if (known.frame !== undefined) return known.frame;
    try {
      this.requests++;
      const page = await client.listIssueEvents(item.org, item.issue.id, { perPage: 1, full: true });
      known.frame = page.items[0] ? newestInAppLocation(page.items[0]) ?? null : null;
      return known.frame;
    } catch (err) {
      this.log.warn(`[editor] could not read the latest full event of ${item.issue.shortId}: ${(err as Error).message}`);
      return undefined;
    }
  }
}
