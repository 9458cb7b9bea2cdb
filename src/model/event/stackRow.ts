/**
 * One row of the events table asked for an issue and its stack (`issue.id`, `issue`, `title`,
 * `project`, `stack.filename`, `stack.abs_path`, `stack.lineno`): the issue it belongs to and its
 * frames' file names and lines, read defensively (every value is the server's, untrusted). The
 * `stack.*` fields are arrays in the stack's order (exception_frames.* in src/sentry/snuba/events.py).
 * No `vscode` import.
 */
import { idText, list, trimmedText } from '../read';
import type { EventsTableRow } from './eventsTable';

/** Frames read of one row at most: a stack is bounded by the SDKs (Sentry's own cap is 250 a stack). */
const MAX_ROW_FRAMES = 1000;

export interface StackRow {
  readonly issueId: string;
  readonly shortId: string;
  readonly title: string;
  readonly project: string;
  /** Each frame's paths (filename, abs_path, whichever were sent) and line. */
  readonly frames: readonly { readonly paths: readonly string[]; readonly line: number | undefined }[];
}

const text = (v: unknown, max: number): string => trimmedText(idText(v), max) ?? '';

/** The row's issue and stack, or undefined when it names no issue id (digits). */
export function readStackRow(row: EventsTableRow): StackRow | undefined {
  const issueId = text(row['issue.id'], 30);
  if (!/^\d{1,30}$/.test(issueId)) return undefined;
  const files = list(row['stack.filename'], MAX_ROW_FRAMES);
  const abs = list(row['stack.abs_path'], MAX_ROW_FRAMES);
  const lines = list(row['stack.lineno'], MAX_ROW_FRAMES);
  const frames: StackRow['frames'][number][] = [];
  for (let k = 0; k < lines.length; k++) {
    const n = typeof lines[k] === 'number' ? (lines[k] as number) : Number(lines[k]);
    const paths = [files[k], abs[k]].map((p) => trimmedText(p, 1000)).filter((p): p is string => p !== undefined);
    frames.push({ paths, line: Number.isSafeInteger(n) && n > 0 ? n : undefined });
  }
  return { issueId, shortId: text(row.issue, 100), title: text(row.title, 300), project: text(row.project, 100), frames };
}
