/**
 * Pure helpers of the Event tab: which frames show and which fold into "Show N system
 * frames", how breadcrumbs are filtered, searched and timed against the event, and the page's small
 * LRU of decoded details. No DOM here, so it is unit-tested in plain Node; ./eventView and its
 * parts draw what these return.
 */
import * as l10n from '@vscode/l10n';
import { isMasked, shownText, type Breadcrumb, type DetailFrame, type DetailPair } from '../../../model/event/types';

// ---------------------------------------------------------------------------------------------
// Frames

/** A run of frames drawn one by one (`frames`), or folded behind one "Show N system frames" button (`system`). */
export interface FrameGroup {
  kind: 'frames' | 'system';
  /** Index of the first frame of the run in the frame list. */
  start: number;
  /** One past the last. */
  end: number;
}

/** How many frames show when a stack has no in-app frame at all. */
export const FIRST_FEW_FRAMES = 3;

/**
 * The frames of a stack (newest first) as runs: in-app frames shown, each run of consecutive system
 * (not in-app) frames folded. A stack without any in-app frame shows its first `firstFew` frames
 * (the crash is among them) and folds the rest.
 */
export function frameGroups(frames: readonly Pick<DetailFrame, 'inApp'>[], firstFew = FIRST_FEW_FRAMES): FrameGroup[] {
  const n = frames.length;
  if (!n) return [];
  if (!frames.some((f) => f.inApp)) {
    const shown = Math.min(n, firstFew);
    return shown < n
      ? [
          { kind: 'frames', start: 0, end: shown },
          { kind: 'system', start: shown, end: n },
        ]
      : [{ kind: 'frames', start: 0, end: n }];
  }
  const out: FrameGroup[] = [];
  let start = 0;
  for (let i = 1; i <= n; i++) {
    if (i === n || !!frames[i].inApp !== !!frames[start].inApp) {
      out.push({ kind: frames[start].inApp ? 'frames' : 'system', start, end: i });
      start = i;
    }
  }
  return out;
}

// ---------------------------------------------------------------------------------------------
// Breadcrumbs

/** Sentry's levels, most severe first: the order of the level filter. */
export const LEVEL_ORDER = ['fatal', 'error', 'warning', 'info', 'debug'];

/** The levels present in the crumbs: the known ones in LEVEL_ORDER, then any others sorted. */
export function crumbLevels(crumbs: readonly Breadcrumb[]): string[] {
  const seen = new Set(crumbs.map((c) => c.level));
  return [...LEVEL_ORDER.filter((l) => seen.has(l)), ...[...seen].filter((l) => !LEVEL_ORDER.includes(l)).sort()];
}

/** The categories present in the crumbs, sorted (crumbs without one are not a category). */
export function crumbCategories(crumbs: readonly Breadcrumb[]): string[] {
  const seen = new Set<string>();
  for (const c of crumbs) if (c.category) seen.add(c.category);
  return [...seen].sort();
}

export interface CrumbFilter {
  /** The levels shown; undefined: every level. */
  levels?: ReadonlySet<string>;
  /** The one category shown; undefined or '': every category. */
  category?: string;
  /** Text the message, category, type or data must contain (case-insensitive); blank: no search. */
  search?: string;
}

/** The text a search looks through: message, category, type and the data's keys and values (masked ones as shown). */
export function crumbText(c: Breadcrumb): string {
  let t = `${c.message ?? ''}\n${c.category ?? ''}\n${c.type}`;
  if (c.data) for (const p of c.data) t += `\n${p.key}: ${shownText(p.value)}`;
  return t.toLowerCase();
}

/** Indexes (into `crumbs`, oldest first as recorded) of the crumbs the filter keeps. */
export function filterCrumbs(crumbs: readonly Breadcrumb[], f: CrumbFilter): number[] {
  const needle = f.search?.trim().toLowerCase() ?? '';
  const out: number[] = [];
  for (let i = 0; i < crumbs.length; i++) {
    const c = crumbs[i];
    if (f.levels && !f.levels.has(c.level)) continue;
    if (f.category && c.category !== f.category) continue;
    if (needle && !crumbText(c).includes(needle)) continue;
    out.push(i);
  }
  return out;
}

/** Breadcrumbs drawn before "Show N earlier breadcrumbs" is pressed. */
export const CRUMBS_SHOWN_FIRST = 100;

/**
 * Of the kept crumbs (oldest first), those to draw, NEWEST FIRST as Sentry's issue page lists them
 * by default: the last `limit` unless `all`; `earlier` counts the older ones left for the button.
 */
export function visibleCrumbs(kept: readonly number[], all: boolean, limit = CRUMBS_SHOWN_FIRST): { rows: number[]; earlier: number } {
  const from = all ? 0 : Math.max(0, kept.length - limit);
  return { rows: kept.slice(from).reverse(), earlier: from };
}

const MINUS = '\u2212';

/**
 * A crumb's time relative to the event: "−4.2 s", "−12 s", "−3.5 min", "−2.1 h", "−3 d" (a crumb
 * after the event: "+0.3 s"); '' when either time is missing or unreadable.
 */
export function crumbOffset(crumbTime: string | undefined, eventTime: string | undefined): string {
  if (!crumbTime || !eventTime) return '';
  const c = Date.parse(crumbTime);
  const e = Date.parse(eventTime);
  if (!Number.isFinite(c) || !Number.isFinite(e)) return '';
  const ms = c - e;
  const a = Math.abs(ms) / 1000;
  const sign = ms < 0 ? MINUS : '+';
  const one = (x: number) => (x < 10 ? x.toFixed(1).replace(/\.0$/, '') : String(Math.round(x)));
  if (a < 0.05) return '0 s';
  if (a < 60) return `${sign}${one(a)} s`;
  if (a < 3600) return `${sign}${one(a / 60)} min`;
  if (a < 86_400) return `${sign}${one(a / 3600)} h`;
  return `${sign}${one(a / 86_400)} d`;
}

/** The codicon of a breadcrumb type (Sentry's types; anything else: a dot). */
export function crumbIcon(type: string, category?: string): string {
  switch (type) {
    case 'http':
      return 'globe';
    case 'navigation':
      return 'arrow-right';
    case 'query':
      return 'database';
    case 'ui':
      return 'symbol-event';
    case 'user':
      return 'person';
    case 'error':
      return 'error';
    case 'debug':
      return category === 'console' ? 'terminal' : 'debug';
    case 'info':
      return 'info';
    case 'transaction':
      return 'pulse';
    default:
      return category === 'console' ? 'terminal' : 'circle-small';
  }
}

// ---------------------------------------------------------------------------------------------
// Other presentation helpers

/** A JSON value that fits on this many characters stays on one line. */
const INLINE_JSON = 60;
/** JSON text longer than this is shown as it came (indenting it would cost more than it helps). */
const PRETTY_MAX = 20_000;

/**
 * JSON text of an object or array made readable: objects a key a line (indented), arrays of plain
 * values on one (wrapping) line, anything short inline with spaces after `,` and `:`. Other text,
 * or JSON that does not parse, comes back as it is.
 */
export function readableJson(text: string): string {
  if (text.length > PRETTY_MAX || !(text.startsWith('{') || text.startsWith('['))) return text;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return text;
  }
  return typeof v === 'object' && v !== null ? formatJson(v, 0) : text;
}

function inline(v: unknown): string {
  if (v === null || typeof v !== 'object') return JSON.stringify(v);
  if (Array.isArray(v)) return `[${v.map(inline).join(', ')}]`;
  return `{${Object.entries(v)
    .map(([k, x]) => `${JSON.stringify(k)}: ${inline(x)}`)
    .join(', ')}}`;
}

function formatJson(v: unknown, depth: number): string {
  const one = inline(v);
  if (v === null || typeof v !== 'object' || one.length <= INLINE_JSON) return one;
  if (Array.isArray(v) && v.every((x) => x === null || typeof x !== 'object')) return one;
  const pad = '  '.repeat(depth + 1);
  const end = '  '.repeat(depth);
  if (Array.isArray(v)) return `[\n${v.map((x) => pad + formatJson(x, depth + 1)).join(',\n')}\n${end}]`;
  return `{\n${Object.entries(v)
    .map(([k, x]) => `${pad}${JSON.stringify(k)}: ${formatJson(x, depth + 1)}`)
    .join(',\n')}\n${end}}`;
}

/** How many values of a table are masked (for a table's heading, and tests). */
export function maskedIn(pairs: readonly DetailPair[] | undefined): number {
  return pairs ? pairs.reduce((n, p) => n + (isMasked(p.value) ? 1 : 0), 0) : 0;
}

/** The heading of a context card: the well-known keys by name, any other by its key. */
export function contextTitle(key: string): string {
  switch (key) {
    case 'browser':
      return l10n.t('Browser');
    case 'os':
      return l10n.t('OS');
    case 'client_os':
      return l10n.t('Client OS');
    case 'runtime':
      return l10n.t('Runtime');
    case 'device':
      return l10n.t('Device');
    case 'app':
      return l10n.t('App');
    case 'trace':
      return l10n.t('Trace');
    case 'gpu':
      return l10n.t('GPU');
    case 'culture':
      return l10n.t('Culture');
    case 'cloud_resource':
      return l10n.t('Cloud Resource');
    case 'response':
      return l10n.t('Response');
    case 'state':
      return l10n.t('State');
    case 'otel':
      return l10n.t('OpenTelemetry');
    default:
      return key;
  }
}

/** "1 value masked", "3 values masked". */
export function maskedLabel(n: number): string {
  return n === 1 ? l10n.t('1 value masked') : l10n.t('{0} values masked', n.toLocaleString('en'));
}

/** "Show 1 system frame", "Show 12 system frames". */
export function systemFramesLabel(n: number): string {
  return n === 1 ? l10n.t('Show 1 system frame') : l10n.t('Show {0} system frames', n.toLocaleString('en'));
}

// ---------------------------------------------------------------------------------------------
// The page's cache of decoded details

/** A small least-recently-used map: `get` refreshes an entry; `set` beyond `max` drops the oldest. */
export class Lru<K, V> {
  private readonly map = new Map<K, V>();

  constructor(readonly max: number) {}

  get(key: K): V | undefined {
    const v = this.map.get(key);
    if (v === undefined) return undefined;
    this.map.delete(key);
    this.map.set(key, v);
    return v;
  }

  set(key: K, value: V): void {
    this.map.delete(key);
    this.map.set(key, value);
    while (this.map.size > this.max) this.map.delete(this.map.keys().next().value as K);
  }

  has(key: K): boolean {
    return this.map.has(key);
  }

  clear(): void {
    this.map.clear();
  }

  get size(): number {
    return this.map.size;
  }
}

/** Decoded details kept by the page (the host keeps its own): a step back and forth costs no request. */
export const PAGE_DETAIL_CACHE = 20;
