/**
 * The source lines of the full events read so far, per server and issue: whichever feature reads a
 * full event (the marks' fallback, the events panel, the AI tools) records it, and the marks compare
 * its frames' text with the editor's, with no request of their own. Bounded; kept for the window's
 * life (an event's text does not change). No `vscode` import.
 */
import { frameTexts, type FrameText } from '../model/event/frameText';

/** Issues kept: the ones recorded last. */
const ISSUES_MAX = 300;
/** Frames kept of one issue, over the events recorded of it: the latest event's first. */
const FRAMES_PER_ISSUE = 20;

export class EventTextMemory {
  private readonly map = new Map<string, FrameText[]>();

  constructor(private readonly max = ISSUES_MAX) {}

  /** Keeps the text of a full event of `issueId` (raw, as the server answered it); anything else is ignored. */
  record(baseUrl: string, issueId: string, event: unknown): void {
    const frames = frameTexts(event);
    if (!frames.length) return;
    const key = `${baseUrl} ${issueId}`;
    const same = (a: FrameText, b: FrameText) => a.lineNo === b.lineNo && a.paths.join('\n') === b.paths.join('\n');
    const older = (this.map.get(key) ?? []).filter((o) => !frames.some((f) => same(f, o)));
    this.map.delete(key);
    this.map.set(key, [...frames, ...older].slice(0, FRAMES_PER_ISSUE));
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
  }

  /** The text of a frame of `issueId` at `path` (its filename or absPath as sent) and `lineNo` (1-based). */
  find(baseUrl: string, issueId: string, path: string, lineNo: number): FrameText | undefined {
    return this.map.get(`${baseUrl} ${issueId}`)?.find((f) => f.lineNo === lineNo && f.paths.includes(path));
  }
}
