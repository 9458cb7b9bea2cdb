/**
 * Which event a debug session is for, read from untrusted input: the argument of
 * `sentryExplorer.debugEvent` (an IssueRef from the Issues view, a hover or the events panel, with
 * an event id from the panel) or a launch configuration (`issue`: an issue id or a short ID;
 * `event`: an event id, or latest / oldest / recommended). Anything else is refused, never guessed.
 * No `vscode` import.
 */
import { isIssueId, isSlug, looksLikeShortId, parseIssueRef, type IssueRef } from '../../contracts/issueRef';
import { isEventId, isEventRef, type EventRef } from '../../model/event/types';

/** The debug type package.json contributes. */
export const DEBUG_TYPE = 'sentry-event';

/** An issue and one of its events: an id (from the panel) or an alias (the tree, a hover: the latest). */
export interface DebugTarget {
  readonly ref: IssueRef;
  readonly event: EventRef;
}

/** The command's argument: an IssueRef (a tree node parses as one) and, optionally, `eventId`. */
export function parseDebugArg(arg: unknown): DebugTarget | undefined {
  const ref = parseIssueRef(arg);
  if (!ref) return undefined;
  const eventId = (arg as { eventId?: unknown }).eventId;
  if (eventId !== undefined && !isEventId(eventId)) return undefined;
  return { ref, event: typeof eventId === 'string' ? eventId.toLowerCase() : 'latest' };
}

/**
 * What a launch configuration names: the issue (digits or a short ID) and the event of it, or only
 * an event id (its issue is looked up: `issue` absent), and the organization.
 */
export interface LaunchTarget {
  readonly org?: string;
  readonly issue?: string;
  readonly event: EventRef;
}

/** A launch configuration's target, or undefined when it names neither an issue nor an event id in a form we read. */
export function parseLaunch(config: Record<string, unknown>): LaunchTarget | undefined {
  const issue = typeof config.issue === 'string' ? config.issue.trim() : typeof config.issue === 'number' && Number.isSafeInteger(config.issue) ? String(config.issue) : undefined;
  if (config.issue !== undefined && !(issue && (isIssueId(issue) || looksLikeShortId(issue)))) return undefined;
  const event = config.event === undefined && issue ? 'latest' : typeof config.event === 'string' ? config.event.trim() : config.event;
  // Without an issue only an event id names one event: an alias would be any issue's.
  if (!isEventRef(event) || (!issue && !isEventId(event))) return undefined;
  if (config.org !== undefined && !isSlug(config.org)) return undefined;
  return { ...(issue ? { issue } : {}), event: isEventId(event) ? event.toLowerCase() : event, ...(typeof config.org === 'string' ? { org: config.org } : {}) };
}

/** The command's argument for a target: what the panel, a hover and the tree hand on (no server text). */
export function debugArg(ref: IssueRef, eventId?: string): IssueRef & { eventId?: string } {
  const base = { org: ref.org, project: ref.project, issueId: ref.issueId };
  return eventId && isEventId(eventId) ? { ...base, eventId: eventId.toLowerCase() } : base;
}

/** Whether two base URLs name the same server (host case, default port and trailing slash aside). */
export function sameServer(a: string, b: string): boolean {
  const key = (s: string) => {
    try {
      const u = new URL(s.trim());
      return `${u.origin}${u.pathname.replace(/\/+$/, '')}`;
    } catch {
      return undefined;
    }
  };
  const ka = key(a);
  return ka !== undefined && ka === key(b);
}
