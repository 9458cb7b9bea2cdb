/**
 * An issue's counts and dates over its whole life, which the issue lists send as `lifetime` beside
 * the counts of their own period and environments: read tolerantly, each field only when it is what
 * Sentry sends (a count as a decimal string, a user count as a whole number, dates as ISO text).
 * No `vscode` import.
 */
import { isRecord } from '../read';

export interface Lifetime {
  readonly count: string;
  readonly userCount?: number;
  readonly firstSeen?: string;
  readonly lastSeen?: string;
}

const time = (v: unknown) => (typeof v === 'string' && v.length <= 64 && Number.isFinite(Date.parse(v)) ? v : undefined);

/** The issue's lifetime counts, or undefined when the server sent none it could read. */
export function lifetimeOf(issue: object): Lifetime | undefined {
  const life = (issue as { lifetime?: unknown }).lifetime;
  if (!isRecord(life) || typeof life.count !== 'string' || !/^\d{1,20}$/.test(life.count)) return undefined;
  const userCount = typeof life.userCount === 'number' && Number.isSafeInteger(life.userCount) && life.userCount >= 0 ? life.userCount : undefined;
  return { count: life.count, userCount, firstSeen: time(life.firstSeen), lastSeen: time(life.lastSeen) };
}
