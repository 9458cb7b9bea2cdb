/**
 * What one event of the Events tab's list carries to the page: trimmed to what the page shows, plus
 * its exceptions when full events were asked for. Built on the host by
 * src/eventsPanel/core/eventData.ts; the list crosses as one JSON string (encodeEvents in
 * messages.ts). Types only, so nothing of it is bundled.
 */
import type { ExceptionHead } from '../../../model/event/frame';

/** An exception with its frames (the one frame type, src/model/event/types.ts's DetailFrame), newest first. */
export type ExceptionData = ExceptionHead;

/** One event of an issue's event list, trimmed to what the page shows (plus exceptions when full=true). */
export interface EventData {
  id: string;
  eventID: string;
  groupID?: string;
  projectID?: string;
  dateCreated: string;
  message: string;
  title: string;
  platform?: string;
  /** Its SDK's name: with the platform, what Sentry chooses the path a code mapping applies to by. */
  sdkName?: string;
  type?: string;
  location?: string;
  culprit?: string;
  user?: Record<string, unknown> | null;
  tags: { key: string; value: string }[];
  metadata?: Record<string, unknown> | null;
  crashFile?: unknown;
  /** Present only for full events (full=true); [] when the event has no exception. */
  exceptions?: ExceptionData[];
  /** Some of the event was too large or too deeply nested to send to the page and was left out. */
  trimmed?: true;
}
