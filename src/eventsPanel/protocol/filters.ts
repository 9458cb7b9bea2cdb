/**
 * The filters of the events list: a period (a preset or a range, never both), environments, a query
 * and the full / sample switches. Read from untrusted input field by field (parseFilters: anything
 * invalid falls back to that field's default), and turned into the list's query parameters
 * (eventRequestParams) and a key that is equal exactly when two requests would be (filtersKey).
 * No `vscode`, no DOM: the page and the host both use it.
 */
import { isObj, isStr, MAX_TEXT } from './guards';

export const PERIOD_PRESETS = ['1h', '24h', '7d', '14d', '30d', '90d'] as const;
export type PeriodPreset = (typeof PERIOD_PRESETS)[number];

/** The server lets statsPeriod override start and end, so a period is one or the other, never both. */
export type Period = { kind: 'preset'; statsPeriod: PeriodPreset } | { kind: 'range'; start: string; end: string };

export interface EventFilters {
  period: Period;
  /** Environment names; empty means every environment. */
  environments: string[];
  /** Search query text, sent as `query` when not blank. */
  query: string;
  /** full=true: full event bodies with stack traces. */
  full: boolean;
  /** sample=true: pseudo-random but deterministic order. */
  sample: boolean;
}

export const DEFAULT_FILTERS: EventFilters = {
  period: { kind: 'preset', statsPeriod: '90d' },
  environments: [],
  query: '',
  full: false,
  sample: false,
};

export function isPeriodPreset(v: unknown): v is PeriodPreset {
  return (PERIOD_PRESETS as readonly unknown[]).includes(v);
}

/** A valid ISO-8601 timestamp (what `start` / `end` carry). */
export function isIsoDate(v: unknown): v is string {
  return isStr(v) && v.length <= 40 && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/.test(v) && Number.isFinite(Date.parse(v));
}

export function parsePeriod(v: unknown): Period | undefined {
  if (!isObj(v)) return undefined;
  if (v.kind === 'preset' && isPeriodPreset(v.statsPeriod)) return { kind: 'preset', statsPeriod: v.statsPeriod };
  if (v.kind === 'range' && isIsoDate(v.start) && isIsoDate(v.end) && Date.parse(v.start) < Date.parse(v.end)) {
    return { kind: 'range', start: v.start, end: v.end };
  }
  return undefined;
}

/** Filters from untrusted input; anything invalid falls back to the default of that field. */
export function parseFilters(v: unknown): EventFilters {
  const o = isObj(v) ? v : {};
  const envs = Array.isArray(o.environments) ? o.environments.filter((e): e is string => isStr(e) && e.length > 0 && e.length <= 200) : [];
  return {
    period: parsePeriod(o.period) ?? DEFAULT_FILTERS.period,
    environments: [...new Set(envs)].slice(0, 100),
    query: isStr(o.query) ? o.query.slice(0, MAX_TEXT) : '',
    full: o.full === true,
    sample: o.sample === true,
  };
}

// ---------------------------------------------------------------------------------------------
// Filters -> request parameters

export interface EventRequestParams {
  statsPeriod?: string;
  start?: string;
  end?: string;
  environment?: string[];
  full?: boolean;
  sample?: boolean;
  query?: string;
  cursor?: string;
}

/**
 * The query parameters for the events list: `statsPeriod` or `start`+`end`, never both;
 * `environment` only when some are chosen; `full` / `sample` only when on; `query` only when not blank.
 */
export function eventRequestParams(filters: EventFilters, cursor?: string): EventRequestParams {
  const out: EventRequestParams = {};
  if (filters.period.kind === 'preset') out.statsPeriod = filters.period.statsPeriod;
  else {
    out.start = filters.period.start;
    out.end = filters.period.end;
  }
  if (filters.environments.length) out.environment = [...filters.environments];
  if (filters.full) out.full = true;
  if (filters.sample) out.sample = true;
  const q = filters.query.trim();
  if (q) out.query = q;
  if (cursor) out.cursor = cursor;
  return out;
}

/** A stable key of filters: equal keys mean identical requests. */
export function filtersKey(filters: EventFilters): string {
  const p = eventRequestParams(filters);
  return JSON.stringify([p.statsPeriod ?? null, p.start ?? null, p.end ?? null, [...(p.environment ?? [])].sort(), !!p.full, !!p.sample, p.query ?? '']);
}
