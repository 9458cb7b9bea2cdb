/**
 * What an issue's users wrote, in the two shapes servers keep it: feedback issues (the current way:
 * issues of `issueCategory: "feedback"`, whose `metadata.value` holds the message and `metadata.name`/
 * `contact_email` the author; src/sentry/feedback/usecases/ingest/create_feedback.py, and
 * getsentry/sentry-mcp's fixture packages/mcp-server-mocks/src/fixtures/feedback-issue.json), and the
 * older user reports (`GET …/issues/{id}/user-reports/`, UserReportSerializer in
 * src/sentry/api/serializers/models/userreport.py: `name`, `email`, `comments`, `dateCreated`,
 * `eventID`; sentry-mcp's issue-user-reports.json). One type for both; the author and the text are
 * masked and bounded where they enter (people paste tokens into feedback). No `vscode` import.
 */
import { EventReader } from '../event/eventReader';
import { idText, isRecord } from '../read';
import { epochMs } from '../trace/readTrace';

export const MAX_FEEDBACK = 50;
const MAX_MESSAGE = 4_000;

export interface FeedbackItem {
  /** The feedback issue's id, or the user report's. */
  readonly id: string;
  /** A name, else an email, masked; empty for an anonymous one. */
  readonly author: string;
  readonly message: string;
  /** Epoch milliseconds. */
  readonly when?: number;
  /** The error event it was sent about, when known. */
  readonly eventId?: string;
  readonly source: 'feedback' | 'user-report';
}

export interface FeedbackList {
  readonly items: readonly FeedbackItem[];
  readonly masked: number;
}

/** Feedback issues from an issues list answer; other issues in it are skipped. */
export function readFeedbackIssues(json: unknown): FeedbackList {
  const r = new EventReader();
  const items: FeedbackItem[] = [];
  for (const o of Array.isArray(json) ? r.c.list(json, MAX_FEEDBACK) : []) {
    if (!isRecord(o) || (o.issueCategory !== 'feedback' && o.issueType !== 'feedback' && o.type !== 'feedback')) continue;
    const id = idText(o.id);
    if (!id || !/^\d{1,30}$/.test(id)) continue;
    const m = isRecord(o.metadata) ? o.metadata : {};
    const when = epochMs(o.firstSeen);
    items.push({
      id,
      author: r.text(m.name ?? m.contact_email, 200) ?? '',
      message: r.text(m.value ?? m.message ?? o.title, MAX_MESSAGE) ?? '',
      ...(when !== undefined ? { when } : {}),
      ...(eventIdOf(m.associated_event_id) ? { eventId: eventIdOf(m.associated_event_id) } : {}),
      source: 'feedback',
    });
  }
  return { items, masked: r.masked };
}

/** User reports from the older endpoint's list. */
export function readUserReports(json: unknown): FeedbackList {
  const r = new EventReader();
  const items: FeedbackItem[] = [];
  for (const o of Array.isArray(json) ? r.c.list(json, MAX_FEEDBACK) : []) {
    if (!isRecord(o)) continue;
    const id = idText(o.id);
    if (!id) continue;
    const user = isRecord(o.user) ? o.user : {};
    const name = idText(o.name) || idText(user.name) || idText(o.email) || idText(user.email) || '';
    const when = epochMs(o.dateCreated);
    const eventId = eventIdOf(o.eventID);
    items.push({
      id: r.id(id) ?? '',
      author: r.text(name, 200) ?? '',
      message: r.text(o.comments, MAX_MESSAGE) ?? '',
      ...(when !== undefined ? { when } : {}),
      ...(eventId ? { eventId } : {}),
      source: 'user-report',
    });
  }
  return { items, masked: r.masked };
}

function eventIdOf(v: unknown): string | undefined {
  const s = idText(v);
  return s && /^[0-9a-fA-F]{32}$/.test(s.replace(/-/g, '')) ? s.replace(/-/g, '').toLowerCase() : undefined;
}
