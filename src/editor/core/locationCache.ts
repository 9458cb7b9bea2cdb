/**
 * What is known of where issues happened: per issue, its latest event's `location` (and, for a
 * bare file name, the line of its newest in-app frame), valid while the issue's `lastSeen` is the
 * one it was read under (seenVersion). The editor keeps it in workspace storage, so a window reload
 * costs no event request for an issue that did not change. Pure: no `vscode` import.
 */
import type { Issue } from '../../model/issue/schema';
import { CONTEXT_MAX } from '../../model/event/frameText';
import { readFrameFields, type FrameFields } from '../../model/event/framePath';
import { LINE_KEY } from './movedLines';

/**
 * What a known location stays valid under: the issue's lastSeen, or, when the server has no seen
 * stats of it (null), its event count, which a new event changes too; otherwise every refresh would
 * read its latest event again. undefined (no issue): unknown, never reused.
 */
export function seenVersion(issue: Pick<Issue, 'lastSeen' | 'count'> | undefined): string | undefined {
  if (!issue) return undefined;
  return issue.lastSeen ?? `events:${issue.count}`;
}

/** A frame's place as parsed from a server path (see src/editor/core/location.ts). */
export interface KnownFrame {
  readonly raw: string;
  readonly path: string;
  readonly line?: number;
  readonly column?: number;
  /** The frame's own path fields (module, abs_path, package…), which tell same-named files apart. */
  readonly fields?: FrameFields;
}

/**
 * The source text of a location, as the keys of its compacted lines (movedLines.ts `lineKey`: a
 * fingerprint, never the text, so no source line of the user's, secrets included, is kept in
 * workspace storage): from a full event's frame, or, when no full event was read, as the editor
 * showed that line when the mark first went there, so a change of the file between sessions still
 * shows.
 */
export interface KnownText {
  /** The location it is the text of: server path (as sent) and 1-based line, `path:line`. */
  readonly at: string;
  /** The line's key; `before` and `after` hold keys too. */
  readonly line: string;
  /** Nearest last. */
  readonly before?: readonly string[];
  /** Nearest first. */
  readonly after?: readonly string[];
  readonly source: 'event' | 'editor';
}

export interface KnownLocation {
  /** The issue's seenVersion (its lastSeen) when the event was read; undefined: unknown then, so never reused. */
  readonly lastSeen: string | undefined;
  /** The latest event's location (null: it has none). */
  readonly location: string | null;
  /** The path fields of the frame the location names, when known (the events table's row). */
  readonly fields?: FrameFields;
  /** From the latest full event, once read (null: no in-app frame with a line). */
  frame?: KnownFrame | null;
  /** The source text of a location of the issue, kept over new events: `at` says which location. */
  text?: KnownText;
  /** When it was read (epoch ms), to keep the newest when the cache is full. */
  readonly at: number;
}

/** Entries kept (a few hundred bytes each in workspace storage). */
export const LOCATION_CACHE_MAX = 3000;
/** Distinct path texts and field sets shared before the pool starts over (far more than a workspace's files). */
const SHARED_MAX = 4096;

/**
 * One copy of each path text and each set of path fields: a full cache names a few hundred files
 * 3,000 times, and every server answer and storage read brings its own copies (the soak's hour
 * kept over 2,000 copies of one file's path).
 */
class SharedParts {
  private readonly texts = new Map<string, string>();
  private readonly fieldSets = new Map<string, FrameFields>();

  text<T extends string | null | undefined>(s: T): T {
    if (typeof s !== 'string') return s;
    const had = this.texts.get(s);
    if (had !== undefined) return had as T;
    if (this.texts.size >= SHARED_MAX) this.texts.clear();
    this.texts.set(s, s);
    return s;
  }

  fields(f: FrameFields | undefined): FrameFields | undefined {
    if (!f) return f;
    const key = JSON.stringify(f);
    const had = this.fieldSets.get(key);
    if (had) return had;
    if (this.fieldSets.size >= SHARED_MAX) this.fieldSets.clear();
    const own: FrameFields = Object.freeze(Object.fromEntries(Object.entries(f).map(([k, v]) => [k, this.text(v as string)])));
    this.fieldSets.set(key, own);
    return own;
  }

  frame(f: KnownFrame | null | undefined): KnownFrame | null | undefined {
    if (!f) return f;
    const fields = this.fields(f.fields);
    return { ...f, raw: this.text(f.raw), path: this.text(f.path), ...withFields(fields) };
  }

  entry(known: KnownLocation): KnownLocation {
    const fields = this.fields(known.fields);
    const out: KnownLocation = { ...known, location: this.text(known.location), ...withFields(fields) };
    if (known.frame !== undefined) out.frame = this.frame(known.frame);
    return out;
  }
}

export class LocationCache {
  private readonly map = new Map<string, KnownLocation>();
  private readonly shared = new SharedParts();
  private dirty = false;

  constructor(private readonly max = LOCATION_CACHE_MAX) {}

  /** A cache from what workspace storage held; whatever is not an entry is dropped. */
  static fromJSON(data: unknown, max = LOCATION_CACHE_MAX): LocationCache {
    const cache = new LocationCache(max);
    if (typeof data !== 'object' || data === null) return cache;
    const entries = Object.entries(data as Record<string, unknown>)
      .filter((e): e is [string, KnownLocation] => isEntry(e[1]))
      .sort((a, b) => a[1].at - b[1].at);
    for (const [key, value] of entries.slice(-max)) {
      const t = isText(value.text) ? value.text : undefined;
      // Text kept before lines were keyed (the lines themselves) is dropped, and storage rewritten without it.
      if (value.text !== undefined && !t) cache.dirty = true;
      const text: KnownText | undefined = t && { at: t.at, line: t.line, ...(t.before ? { before: t.before } : {}), ...(t.after ? { after: t.after } : {}), source: t.source };
      const fields = storedFields(value.fields);
      const frame = value.frame ? { ...value.frame, ...withFields(storedFields(value.frame.fields)) } : value.frame;
      cache.map.set(key, cache.shared.entry({ lastSeen: value.lastSeen, location: value.location, frame, at: value.at, ...withFields(fields), ...(text ? { text } : {}) }));
    }
    return cache;
  }

  /** What is known for `key` (server and issue id), only when read under this very lastSeen. */
  get(key: string, lastSeen: string | undefined): KnownLocation | undefined {
    const known = this.map.get(key);
    return known && lastSeen !== undefined && known.lastSeen === lastSeen ? known : undefined;
  }

  /** What is known for `key`, whatever its lastSeen. */
  peek(key: string): KnownLocation | undefined {
    return this.map.get(key);
  }

  /** Keeps `known` for `key` (its shared parts, SharedParts) and returns the entry kept, which setFrame and setText change. */
  set(key: string, known: KnownLocation): KnownLocation {
    // A new event of the issue may still be at the line whose text is known.
    const text = known.text ?? this.map.get(key)?.text;
    const kept = this.shared.entry(text ? { ...known, text } : known);
    this.map.delete(key);
    this.map.set(key, kept);
    this.dirty = true;
    // Oldest first in insertion order: the first keys are the ones to let go.
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as string);
    return kept;
  }

  setFrame(key: string, frame: KnownFrame | null): void {
    const known = this.map.get(key);
    if (!known) return;
    known.frame = this.shared.frame(frame);
    this.dirty = true;
  }

  setText(key: string, text: KnownText): void {
    const known = this.map.get(key);
    if (!known) return;
    known.text = text;
    this.dirty = true;
  }

  clear(): void {
    if (this.map.size) this.dirty = true;
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }

  /** The entries to store when something changed since the last call; undefined otherwise. */
  takeChanges(): Record<string, KnownLocation> | undefined {
    if (!this.dirty) return undefined;
    this.dirty = false;
    return Object.fromEntries(this.map);
  }
}

/** Stored path fields, read as any server's (bounded strings only); none when there are none. */
function storedFields(v: unknown): FrameFields | undefined {
  const stored = (typeof v === 'object' && v !== null ? v : {}) as { eventPlatform?: unknown; sdkName?: unknown };
  const fields = readFrameFields(v, typeof stored.eventPlatform === 'string' ? stored.eventPlatform : undefined, typeof stored.sdkName === 'string' ? stored.sdkName : undefined);
  return Object.keys(fields).length ? fields : undefined;
}

function withFields(fields: FrameFields | undefined): { fields?: FrameFields } {
  return fields ? { fields } : {};
}

function isEntry(v: unknown): v is KnownLocation {
  if (typeof v !== 'object' || v === null) return false;
  const e = v as Record<string, unknown>;
  const frameOk = e.frame === undefined || e.frame === null || (typeof e.frame === 'object' && typeof (e.frame as KnownFrame).raw === 'string' && typeof (e.frame as KnownFrame).path === 'string');
  return (
    (e.lastSeen === undefined || typeof e.lastSeen === 'string') &&
    (e.location === null || (typeof e.location === 'string' && e.location.length <= 4096)) &&
    typeof e.at === 'number' &&
    Number.isFinite(e.at) &&
    frameOk
  );
}

const isLine = (v: unknown) => typeof v === 'string' && LINE_KEY.test(v);
const isLines = (v: unknown) => v === undefined || (Array.isArray(v) && v.length <= CONTEXT_MAX && v.every(isLine));

/** Stored text as it is kept (keys, bounded, one of the sources); anything else is dropped, the entry kept. */
function isText(v: unknown): v is KnownText {
  if (typeof v !== 'object' || v === null) return false;
  const t = v as Record<string, unknown>;
  return typeof t.at === 'string' && t.at.length <= 4096 && isLine(t.line) && isLines(t.before) && isLines(t.after) && (t.source === 'event' || t.source === 'editor');
}
