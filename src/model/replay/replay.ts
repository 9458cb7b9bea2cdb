/**
 * The replays of an issue: the one reader of `replay-count/` with `returnIds=true` (ids by issue id,
 * src/sentry/replays/endpoints/organization_replay_count.py; getsentry/sentry-mcp reads it as a record
 * of id lists, ReplayIdsByResourceSchema in packages/mcp-core/src/api-client/schema.ts) and of one
 * replay's `GET /organizations/{org}/replays/{id}/` (`{data: …}`, src/sentry/replays/post_process.py
 * generate_normalized_output; sentry-mcp's ReplayDetailsSchema and fixture replay-details.json): who,
 * how long, how many errors, when. Masked and bounded where they enter. No `vscode` import.
 */
import { EventReader } from '../event/eventReader';
import { idText, isRecord } from '../read';
import { epochMs } from '../trace/readTrace';

/** Replays listed of one issue. */
export const MAX_REPLAYS = 20;

export interface ReplaySummary {
  /** 32 hex digits, no dashes (how the replay's web page names it). */
  readonly id: string;
  /** The user's display name, email, username or id, masked; empty when the replay has none. */
  readonly user: string;
  /** Seconds. */
  readonly duration?: number;
  readonly errors: number;
  /** Epoch milliseconds. */
  readonly startedAt?: number;
  readonly browser?: string;
  readonly os?: string;
  readonly environment?: string;
  readonly urls: number;
}

/** A replay id as servers send it (with or without dashes), normalised; undefined when it is not one. */
export function replayId(v: unknown): string | undefined {
  const s = idText(v);
  if (s === undefined || !/^[0-9a-fA-F]{8}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{4}-?[0-9a-fA-F]{12}$/.test(s)) return undefined;
  return s.replace(/-/g, '').toLowerCase();
}

/** The replay ids of `issueId` in a `replay-count/?returnIds=true` answer, at most MAX_REPLAYS, without repeats. */
export function readReplayIds(json: unknown, issueId: string): string[] {
  const ids = isRecord(json) && Array.isArray(json[issueId]) ? (json[issueId] as unknown[]) : [];
  const out = new Set<string>();
  for (const v of ids) {
    const id = replayId(v);
    if (id) out.add(id);
    if (out.size === MAX_REPLAYS) break;
  }
  return [...out];
}

function nameOf(r: EventReader, o: unknown, max: number): string | undefined {
  if (!isRecord(o)) return undefined;
  const name = r.text(o.name, max);
  const version = r.text(o.version, max);
  return name ? (version ? `${name} ${version}` : name) : undefined;
}

/** One replay's summary from its details answer (`{data}`, or the bare object); undefined without an id. */
export function readReplay(json: unknown): ReplaySummary | undefined {
  const o = isRecord(json) && isRecord(json.data) ? json.data : json;
  if (!isRecord(o)) return undefined;
  const id = replayId(o.id);
  if (!id) return undefined;
  const r = new EventReader();
  const u = isRecord(o.user) ? o.user : {};
  const user = r.text(u.display_name ?? u.username ?? u.email ?? u.id, 200) ?? '';
  const duration = typeof o.duration === 'number' && Number.isFinite(o.duration) && o.duration >= 0 ? o.duration : undefined;
  const errors = typeof o.count_errors === 'number' && Number.isFinite(o.count_errors) ? Math.max(0, Math.round(o.count_errors)) : Array.isArray(o.error_ids) ? o.error_ids.length : 0;
  const startedAt = epochMs(o.started_at);
  const browser = nameOf(r, o.browser, 100);
  const os = nameOf(r, o.os, 100);
  const environment = r.text(o.environment, 200);
  return {
    id,
    user: user === 'None' ? '' : user,
    ...(duration !== undefined ? { duration } : {}),
    errors,
    ...(startedAt !== undefined ? { startedAt } : {}),
    ...(browser ? { browser } : {}),
    ...(os ? { os } : {}),
    ...(environment ? { environment } : {}),
    urls: typeof o.count_urls === 'number' && Number.isFinite(o.count_urls) ? Math.max(0, Math.round(o.count_urls)) : Array.isArray(o.urls) ? o.urls.length : 0,
  };
}

/**
 * The summaries of the replays index (`GET /organizations/{org}/replays/?query=id:[…]`, `{data: [...]}`,
 * src/sentry/replays/endpoints/organization_replay_index.py, the same post_process.py output per
 * replay), newest first, at most MAX_REPLAYS; replays it cannot read are skipped.
 */
export function readReplayList(json: unknown): ReplaySummary[] {
  const rows = isRecord(json) && Array.isArray(json.data) ? (json.data as unknown[]) : [];
  const out: ReplaySummary[] = [];
  for (const row of rows.slice(0, MAX_REPLAYS)) {
    const r = readReplay(row);
    if (r) out.push(r);
  }
  return out.sort((a, b) => (b.startedAt ?? 0) - (a.startedAt ?? 0));
}
