/**
 * The filters of the events list: a period (a preset or a range, never both), environments, a query
 * and the full / sample switches; what they send as the list's query parameters (eventRequestParams)
 * and a key that is equal exactly when two requests would be (filtersKey). Filters read from
 * untrusted input go through parseFilters (messages.ts). No `vscode`, no DOM: the page and the host
 * both use it.
 */
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
