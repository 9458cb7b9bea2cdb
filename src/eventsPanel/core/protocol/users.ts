/**
 * The Replays and Feedback tabs' messages between the events panel's host and its page, beside
 * trace.ts and logs.ts: the page says the tab was shown (or Refresh, or which replay to open, by its
 * index in the view it was sent), the host answers with one whole view. What users saw and wrote
 * crosses as text the page draws as text. The page's messages are untrusted input, read by the
 * parse functions here. No `vscode`, DOM or valibot.
 */
import type { ErrorActionName } from './messages';

export const REPLAYS_ACTIONS = ['open', 'refresh', 'openReplay'] as const;
export type ReplaysActionName = (typeof REPLAYS_ACTIONS)[number];
export type ReplaysPageMessage = { type: 'replays'; action: ReplaysActionName; index?: number };

export const FEEDBACK_ACTIONS = ['open', 'refresh'] as const;
export type FeedbackActionName = (typeof FEEDBACK_ACTIONS)[number];
export type FeedbackPageMessage = { type: 'feedback'; action: FeedbackActionName };

/** One replay as the tab draws it: who, how long, how many errors, when. */
export interface ReplayRow {
  user: string;
  /** Seconds. */
  duration?: number;
  errors: number;
  /** Epoch milliseconds. */
  startedAt?: number;
  /** Browser and operating system, as one text. */
  client?: string;
}

/** One piece of feedback: who wrote it, what, and when. */
export interface FeedbackRow {
  author: string;
  message: string;
  /** Epoch milliseconds. */
  when?: number;
}

/** A tab's whole view; `rows` are the replays or the feedback, newest first. */
export interface UsersView<Row> {
  phase: 'loading' | 'ready' | 'failed';
  message?: string;
  actions?: ErrorActionName[];
  rows: Row[];
  /** Secrets masked in what users wrote. */
  masked?: number;
}

export type ReplaysView = UsersView<ReplayRow>;
export type FeedbackView = UsersView<FeedbackRow>;

export type UsersHostMessage = { type: 'replays'; view: ReplaysView } | { type: 'feedback'; view: FeedbackView };

export function parseReplaysPageMessage(v: Record<string, unknown>): ReplaysPageMessage | undefined {
  if (typeof v.action !== 'string' || !(REPLAYS_ACTIONS as readonly string[]).includes(v.action)) return undefined;
  const action = v.action as ReplaysActionName;
  if (action !== 'openReplay') return { type: 'replays', action };
  const i = v.index;
  return typeof i === 'number' && Number.isSafeInteger(i) && i >= 0 && i < 1_000 ? { type: 'replays', action, index: i } : undefined;
}

export function parseFeedbackPageMessage(v: Record<string, unknown>): FeedbackPageMessage | undefined {
  return v.action === 'open' || v.action === 'refresh' ? { type: 'feedback', action: v.action } : undefined;
}
