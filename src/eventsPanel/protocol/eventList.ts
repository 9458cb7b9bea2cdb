/**
 * The events of the Events tab as they cross to the page: each trimmed to what the page shows (plus
 * its exceptions when full events were asked for), and the whole list encoded as one JSON string,
 * which the webview copies far faster than an object graph. Built on the host by
 * src/eventsPanel/model/eventData.ts. No `vscode`, no DOM.
 */

export interface FrameData {
  function?: string;
  module?: string;
  filename?: string;
  absPath?: string;
  lineNo?: number;
  colNo?: number;
  inApp?: boolean;
  /** `[lineNo, code]` pairs around the line, when the server sent them. */
  context?: [number, string][];
}

export interface ExceptionData {
  type?: string;
  value?: string;
  module?: string;
  /** Newest (crash) frame first. */
  frames: FrameData[];
}

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

/**
 * Events cross the boundary as one JSON string: the webview's postMessage copies an object graph
 * node by node (10,000 events: about half a second), a string in one piece (about 10 ms), and
 * JSON.parse in the page is fast. The host already sends strings through JSON, so nothing is lost.
 */
export function encodeEvents(events: readonly EventData[]): string {
  return JSON.stringify(events);
}

export function decodeEvents(json: string): EventData[] {
  const v: unknown = JSON.parse(json);
  if (!Array.isArray(v)) throw new TypeError('events: not an array');
  return v as EventData[];
}
