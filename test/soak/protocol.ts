// What the soak (scripts/soak.ts) and its two windows (./window.ts, inside each extension host) tell
// each other, through files in one folder both see: the runner writes plan.json and, to end it,
// stop; each window appends a sample line to <window>.jsonl every few seconds.

/** The folder of plan.json, stop and the windows' samples (the VS Code server passes it to every extension host). */
export const SOAK_DIR_ENV = 'SENTRY_EXPLORER_SOAK_DIR';

/**
 * Every request a window's extension host sends carries this header with the window's name, so the
 * sandbox's request log tells the two windows apart (they share one account, and so one token).
 */
export const WINDOW_HEADER = 'x-sentry-explorer-soak-window';

export interface SoakPlan {
  sandboxUrl: string;
  /** The window that signs in (the device flow); the other one must pick the session up from the shared SecretStorage. */
  signsIn: string;
  /** Seeds each window's random actions (with its name). */
  seed: number;
  /** Mean time between two actions of a window (open or close a file or an events panel). */
  actionEveryMs: number;
  /** How often a window writes a sample. */
  sampleEveryMs: number;
  /**
   * Heap snapshots (`--heap-snapshots`): each window writes <dir>/<window>-<minute>.heapsnapshot at
   * its first sample after `afterMs` and at its last, for test/soak/heapDiff.ts to compare.
   */
  heapSnapshots?: { afterMs: number; dir: string };
}

/** An error state of a window: from when it was first seen to when it was seen gone. */
export interface Episode {
  kind: 'list' | 'signedOut';
  /** Epoch ms. */
  start: number;
  end?: number;
  /** What the list showed (its error's message), or why it counts as signed out. */
  what: string;
}

export interface WindowSample {
  window: string;
  /** Epoch ms. */
  at: number;
  pid: number;
  /** The extension host's heap in use and resident set, in bytes, right after a full garbage collection. */
  heapUsed: number;
  rss: number;
  /** Whether the heap figure followed a forced full collection (false when the host gave no way to force one). */
  collected: boolean;
  signedIn: boolean;
  /** The lists the Issues view shows, and how many of them show an error instead of issues. */
  lists: number;
  listErrors: number;
  /** Issues the view lists now. */
  listed: number;
  treeVisible: boolean;
  /** So far: Issues rows handed to VS Code (each a store its extension host keeps, src/issues/core/drawing.ts), and whole redraws. */
  rowsDrawn: number;
  wholeRedraws: number;
  /** The store's issues (listed or not, src/store/issueTable.ts) and the editor's known locations (src/editor/core/locationCache.ts) now. */
  issuesKept: number;
  locationsKept: number;
  /** The store's refresh budget: consecutive refreshes that ended in a 429, and the latest reset (epoch ms). */
  rateLimitedRuns: number;
  resetAt?: number;
  /** Error states that ended since the last sample, and the one going on now (if any), per kind. */
  ended: Episode[];
  ongoing: Episode[];
  /** So far: error and warning notifications shown, and the extension log's refresh and adopt lines. */
  errorMessages: number;
  warningMessages: number;
  refreshed: number;
  adopted: number;
  /** Open text editors and events panels now, and the actions done so far. */
  editors: number;
  panels: number;
  actions: number;
  /** The last action that failed, if any (the soak prints it once). */
  actionError?: string;
  /** The window has stopped (after the stop file): its last sample. */
  final?: boolean;
}
