/**
 * The shapes the mark finder (./markFinder.ts) works with: what it reads of the store, the open
 * files and a request to find their issues, and what it keeps of each file's search and of the
 * shared search. No `vscode` import.
 */
import type { SentryClient } from '../../api/client';
import type { ListScope } from '../../store/listedIssues';
import type { IssueRef } from '../../contracts/issueRef';
import type { IssueStore } from '../../store/issueStore';
import type { LocationCache } from './locationCache';
import type { FinderLog, ResolveFrame } from './markPlacer';
import type { PlacedMark } from './marks';
import type { ExpectedText } from './movedLines';
import type { FileSearchReport } from './marksStatus';

/** What the finder reads of the store, and where found issues go. */
export type IssueFields = Pick<IssueStore, 'issue' | 'pendingFor' | 'upsert' | 'checkpoint' | 'source' | 'budget' | 'eventText'>;

/** What the marks search within: the scope of the Issues view's lists, so a file's search uses the same filters. */
export type MarkScope = ListScope;

/** An open file: a key (its URI), its workspace-relative path, whether an editor shows it. */
export interface OpenFile {
  readonly key: string;
  readonly relativePath: string;
  readonly visible: boolean;
}

export interface FinderDeps {
  store: IssueFields;
  /** The workspace files a frame maps to (src/editor/core/frameResolver.ts through the glue's index). */
  resolve: ResolveFrame;
  cache: LocationCache;
  /** An open document's line (0-based) and neighbours now, compacted: a mark's text when no event's is known. */
  lineText?: (file: string, line: number) => ExpectedText | undefined;
  /** The refresh interval (ms, 0: off): how long a visible file's search stays fresh. */
  intervalMs: () => number;
  now: () => number;
  log: FinderLog;
  /** `listed`: locate the listed issues on every server, the method before per-file searches (the benchmark's baseline). */
  method?: 'perFile' | 'listed';
  /** `latestEvent`: every line from its issue's latest event, the way before the events table (the benchmark's baseline). */
  lines?: 'eventsTable' | 'latestEvent';
  /** false: every open file searched on its own, the way before the shared search (the benchmark's baseline). */
  share?: boolean;
}

export interface FindRequest {
  client: SentryClient;
  /** Undefined while nothing is chosen: no marks. */
  scope: MarkScope | undefined;
  /** Visible files first. */
  files: readonly OpenFile[];
  /** The listed issues, for a server that refuses the search. */
  listed: () => readonly IssueRef[];
  /** Marks placed before, per file key (kept for issues whose change still waits for the server). */
  previous: ReadonlyMap<string, readonly PlacedMark[]>;
  /**
   * While event requests are out: the marks placed so far, plus the previous marks of issues not
   * looked at yet, so a busy file's marks appear as they are located and a refresh does not blank them.
   */
  onProgress?: (marks: Map<string, PlacedMark[]>) => void;
}

export interface FileSearch {
  /** The server, scope and file term it was made for. */
  readonly key: string;
  readonly ids: readonly string[];
  readonly at: number;
  /** When every page was last read (later refreshes of a busy file read only what changed since). */
  readonly fullAt: number;
  /** Pages that whole read took: a file of one page is read whole at every refresh, for the same one request. */
  readonly fullPages: number;
  /** The newest lastSeen among its issues, in the server's own clock. */
  readonly newest?: string;
  /**
   * The session it was made in (the client stands for server and account): a delta only ever adds
   * to a whole answer of the same session, so signing in again (the scope upgrade, the same token
   * pasted again) reads every file whole.
   */
  readonly session: object;
}

/** What one file's search answered in a run: its issue ids, or the failure of a search that read nothing. */
export interface FileAnswer {
  readonly ids: readonly string[];
  readonly error?: unknown;
}

/** A file's report, with the key of the search (server, scope, path) it answers. */
export interface KeyedReport {
  readonly key: string;
  readonly report: FileSearchReport;
}

/** The latest shared search (./sharedSearch.ts) of a server and scope: its ids per file term. */
export interface SharedSearch {
  readonly key: string;
  readonly byTerm: ReadonlyMap<string, readonly string[]>;
  /** When it was last asked (fresh for a refresh interval). */
  readonly at: number;
  /** When it was last asked whole (refreshes in between ask only since `newest`). */
  readonly fullAt: number;
  /** The newest last_seen() of its rows, in the server's clock (ms). */
  readonly newest?: number;
  readonly session: object;
}
