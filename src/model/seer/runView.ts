/**
 * One view of a Seer autofix run, whichever shape the server answered in. Sentry changed the shape
 * of GET /organizations/{org}/issues/{id}/autofix/ in June 2026 (getsentry/sentry#116162,
 * src/sentry/seer/endpoints/group_ai_autofix.py): servers since then answer the agent shape
 * (`run_id, status, blocks, pending_user_input, repo_pr_states`, lower-case statuses), older ones
 * (self-hosted servers update slowly) the legacy `steps`. readRun.ts turns either into this, so the
 * panel, the AI tools and the diff editor read one thing. Every string is bounded here; secrets were
 * masked by the API client where the answer entered (src/model/event/maskAnswer.ts). No `vscode` import.
 */

/** Which shape the answer was in, detected from the answer itself, never from a version guess. */
export type SeerShape = 'agent' | 'legacy';

/** A run's status, the same for both shapes. */
export type SeerRunStatus = 'processing' | 'completed' | 'error' | 'needs-input' | 'cancelled';

export interface SeerStep {
  title: string;
  detail?: string;
  /** A file the step points at, as Seer names it (repository and path inside it). */
  file?: { repo?: string; path: string };
}

export interface SeerCause {
  summary: string;
  /** Why it happens (the agent's "five whys"), may be empty. */
  whys: string[];
  /** How it comes about, step by step: the reproduction steps or the legacy timeline. */
  reproduction: SeerStep[];
  repo?: string;
}

export interface SeerSolution {
  summary: string;
  steps: SeerStep[];
}

export interface SeerHunk {
  oldStart: number;
  oldLines: number;
  newStart: number;
  newLines: number;
  /** Lines with their unified-diff prefix (' ', '+', '-'), without line ends. */
  lines: string[];
}

/**
 * What of a change was left out to fit LIMITS, or dropped as unreadable: its hunks (more than
 * LIMITS.hunks), its lines (more than LIMITS.hunkLines, or a diff text cut short), a line longer
 * than LIMITS.text, its path (longer than LIMITS.short), a hunk of unknown form. Such a change is
 * shown, never applied: what it would write is not Seer's change.
 */
export type SeerCut = 'hunks' | 'lines' | 'line-length' | 'path' | 'unreadable';

export interface SeerFileChange {
  repo: string;
  path: string;
  kind: 'add' | 'modify' | 'delete';
  added: number;
  removed: number;
  /** Empty when the server sent only the counts (then there is nothing to apply). */
  hunks: SeerHunk[];
  /** Set when something of the change was cut (see SeerCut). */
  cut?: SeerCut[];
}

export interface SeerPullRequest {
  repo: string;
  /** Shown as text; opened only through the app's own link check, never as sent. */
  url?: string;
  number?: number;
  state?: string;
}

export interface SeerRunView {
  shape: SeerShape;
  runId: string;
  status: SeerRunStatus;
  updatedAt?: string;
  /** What Seer is doing now (latest progress message or active todo); bounded, newest last. */
  progress: string[];
  causes: SeerCause[];
  solution?: SeerSolution;
  changes: SeerFileChange[];
  pullRequests: SeerPullRequest[];
  /** Seer's question when it waits for the user. */
  question?: string;
  /** What Seer said when the run failed (its last message). */
  error?: string;
  /** The repositories the server says the run can read (legacy only); undefined when it does not say. */
  repositories?: string[];
  /** Files of the code change left out to fit LIMITS.files: then no part of it is applied. */
  filesCut?: number;
}

/** Bounds: a server can answer anything; these keep the panel and the AI hand-off small. */
export const LIMITS = {
  text: 4000,
  short: 500,
  items: 50,
  progress: 8,
  files: 100,
  hunks: 200,
  hunkLines: 5000,
} as const;
