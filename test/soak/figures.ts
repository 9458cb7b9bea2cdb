// The soak's figures and its acceptance (scripts/soak.ts), from the sandbox's request log and the
// windows' samples (./protocol.ts). Pure: test/unit/soak/figures.test.ts shows that each acceptance
// line fails on the data it is there to catch.
import type { RequestLogEntry } from '../sandbox/index';
import { WINDOW_HEADER, type Episode, type WindowSample } from './protocol';

/** A window's name as its requests carry it, or '?' for a request that carries none. */
export function windowOf(entry: Pick<RequestLogEntry, 'headers'>): string {
  return entry.headers[WINDOW_HEADER] ?? '?';
}

export interface Grant {
  /** Sandbox clock, epoch ms. */
  at: number;
  window: string;
  /** Answered 200 (a new pair issued); anything else is a refused or failed grant. */
  ok: boolean;
  status: number;
}

/** The refresh_token grants of the token endpoint in a request log. */
export function refreshGrants(entries: readonly RequestLogEntry[]): Grant[] {
  return entries
    .filter((e) => e.method === 'POST' && e.path === '/oauth/token/' && new URLSearchParams(e.body ?? '').get('grant_type') === 'refresh_token')
    .map((e) => ({ at: e.at, window: windowOf(e), ok: e.status === 200, status: e.status }));
}

/** The sign-in grants (device code or authorization code) that issued a first pair. */
export function signInGrants(entries: readonly RequestLogEntry[]): Grant[] {
  return entries
    .filter(
      (e) => e.method === 'POST' && e.path === '/oauth/token/' && /^(urn:ietf:params:oauth:grant-type:device_code|authorization_code)$/.test(new URLSearchParams(e.body ?? '').get('grant_type') ?? ''),
    )
    .map((e) => ({ at: e.at, window: windowOf(e), ok: e.status === 200, status: e.status }));
}

export interface MinuteRow {
  window: string;
  requests: number;
  /** Answers that failed: reset (no status), 429, 5xx. */
  failed: number;
  grants: number;
  /** API answers 401: a token used after another window replaced it (then adopted), or past its expiry. */
  unauthorized: number;
}

/** One minute of the request log, per window (the windows named first, in order; then any other that sent). */
export function minuteRows(entries: readonly RequestLogEntry[], windows: readonly string[]): MinuteRow[] {
  const rows = new Map<string, MinuteRow>(windows.map((w) => [w, { window: w, requests: 0, failed: 0, grants: 0, unauthorized: 0 }]));
  for (const e of entries) {
    const w = windowOf(e);
    let row = rows.get(w);
    if (!row) rows.set(w, (row = { window: w, requests: 0, failed: 0, grants: 0, unauthorized: 0 }));
    row.requests++;
    if (e.status === 0 || e.status === 429 || e.status >= 500) row.failed++;
    if (e.status === 401 && e.path.startsWith('/api/0/')) row.unauthorized++;
  }
  for (const g of refreshGrants(entries)) if (g.ok) rows.get(g.window)!.grants++;
  return [...rows.values()];
}

export interface GrantCheck {
  /** Tokens that came due (each needs exactly one grant): the grants that were due, and a token in use past its expiry at the end. */
  due: number;
  granted: number;
  /** Grants that replaced a token in the first half of its life: a second refresh of one expiry (another window, or a refresh storm). */
  early: number;
  /** Grants that replaced a token only after it had expired. */
  late: number;
  /** 1 when the token in use at the end had expired without a grant. */
  missed: number;
  refused: number;
  /** Age of each replaced token at its grant, ms. */
  ages: number[];
  pass: boolean;
}

export interface GrantTimeline {
  /** When the first pair was issued (the sign-in's grant), sandbox clock. */
  firstIssuedAt: number;
  lifetimeMs: number;
  grants: readonly Grant[];
  /** The end of the run, sandbox clock. */
  end: number;
}

/**
 * Exactly one refresh grant per expiry, across every window. A token comes due in the second half
 * of its life (a client refreshes some time before the expiry; one that refreshes earlier than
 * half-way spends more than one grant per lifetime); each grant must replace the pair in use after
 * it came due and before it expired; no grant may be refused (a refresh token used twice, by two
 * windows, is refused and revokes the whole family); and the pair in use at the end has not expired.
 */
export function checkGrants(t: GrantTimeline): GrantCheck {
  const tolerance = 2000;
  let issued = t.firstIssuedAt;
  let early = 0;
  let late = 0;
  const ages: number[] = [];
  const ok = t.grants.filter((g) => g.ok).sort((a, b) => a.at - b.at);
  for (const g of ok) {
    const age = g.at - issued;
    if (age < t.lifetimeMs / 2 - tolerance) early++;
    else if (age >= t.lifetimeMs) late++;
    ages.push(age);
    issued = g.at;
  }
  const missed = t.end - issued >= t.lifetimeMs ? 1 : 0;
  const refused = t.grants.length - ok.length;
  return { due: ok.length - early + missed, granted: ok.length, early, late, missed, refused, ages, pass: early === 0 && late === 0 && missed === 0 && refused === 0 };
}

export interface MemoryCheck {
  window: string;
  baseline: number;
  end: number;
  /** (end - baseline) / baseline. */
  change: number;
  pass: boolean;
}

/** The end figure within `tolerance` (0.15: 15 %) of the baseline's, either way. */
export function checkMemory(window: string, baseline: number, end: number, tolerance = 0.15): MemoryCheck {
  const change = baseline > 0 ? (end - baseline) / baseline : Infinity;
  return { window, baseline, end, change, pass: Math.abs(change) <= tolerance };
}

export interface RecoveryCheck {
  window: string;
  episodes: number;
  /** Error states still going on at the end. */
  open: Episode[];
  /** The longest error state that ended, ms. */
  longestMs: number;
  pass: boolean;
}

/** Every error state of the window ended (the list came back after every fault). */
export function checkRecovery(window: string, episodes: readonly Episode[]): RecoveryCheck {
  const open = episodes.filter((e) => e.end === undefined);
  const longestMs = Math.max(0, ...episodes.filter((e) => e.end !== undefined).map((e) => e.end! - e.start));
  return { window, episodes: episodes.length, open, longestMs, pass: open.length === 0 };
}

/** The window's state at the end: signed in, the view listing issues, no list in error. */
export function checkFinal(sample: WindowSample | undefined): { pass: boolean; why: string } {
  if (!sample) return { pass: false, why: 'no sample from the window' };
  if (!sample.signedIn) return { pass: false, why: 'signed out' };
  if (sample.listErrors > 0) return { pass: false, why: `${sample.listErrors} of ${sample.lists} lists in error` };
  if (sample.lists === 0 || sample.listed === 0) return { pass: false, why: 'the view lists nothing' };
  return { pass: true, why: `signed in, ${sample.listed} issues listed, no error` };
}

export const MB = 1024 * 1024;

export function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

export function pct(x: number): string {
  return `${x >= 0 ? '+' : ''}${(x * 100).toFixed(1)} %`;
}
