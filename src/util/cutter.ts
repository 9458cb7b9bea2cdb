/**
 * Cutting server data down to bounds while remembering that something was cut (so a view can say
 * "trimmed"). Shared by the events list's trimmed events (src/eventsPanel/core/eventData.ts) and the whole
 * event (src/model/event/parse.ts). No `vscode` import.
 */

/** Records whether anything was cut. */
export class Cutter {
  cut = false;

  text(v: string, max: number): string {
    if (v.length <= max) return v;
    this.cut = true;
    return v.slice(0, max);
  }

  opt(v: string | null | undefined, max: number): string | undefined {
    return typeof v === 'string' ? this.text(v, max) : undefined;
  }

  /** The first `max` items. */
  list<T>(v: readonly T[], max: number): T[] {
    if (v.length > max) this.cut = true;
    return v.slice(0, max);
  }

  /** The last `max` items (the newest frames, the latest breadcrumbs). */
  last<T>(v: readonly T[], max: number): T[] {
    if (v.length <= max) return v.slice();
    this.cut = true;
    return v.slice(v.length - max);
  }
}

/**
 * At most `max` of a frame's context lines (`[lineNo, code]` pairs), centred on the frame's own line
 * `lineNo` when it is among them, else the first ones.
 */
export function contextAround<T>(context: readonly T[], lineNo: unknown, max: number): T[] {
  if (context.length <= max) return context.slice();
  const at = context.findIndex((l) => Array.isArray(l) && l[0] === lineNo);
  const start = at < 0 ? 0 : Math.max(0, Math.min(at - Math.floor(max / 2), context.length - max));
  return context.slice(start, start + max);
}
