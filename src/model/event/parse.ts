/**
 * Reads the whole event (`GET …/issues/{id}/events/{event_id}/`) into the bounded, masked
 * EventDetail the page receives. Every field is hostile: missing, null, mistyped, huge or deeply
 * nested; nothing here throws on such data (only on an answer that is not an object) and the work is
 * bounded. Secret values cross as MaskedValues, their text kept in the `secrets` table beside the
 * detail. Stacks and the request have files of their own. No `vscode` import.
 */
import { emptyEventDetail, MASK, type Breadcrumb, type DetailContext, type DetailPair, type EventDetail } from './types';
import {
  EventReader,
  MAX_BREADCRUMBS,
  MAX_CONTEXTS,
  MAX_ENTRIES,
  MAX_ID,
  MAX_NAME,
  MAX_OTHER_ENTRIES,
  MAX_OTHER_JSON,
  MAX_PAIRS,
  MAX_PARAMS,
  MAX_TAG_TEXT,
  MAX_TAGS,
  MAX_TEXT,
  MAX_VALUE,
  fields,
} from './eventReader';
import { idText, isRecord, put, valuesOf } from '../read';
import { isSecretName } from './secretNames';
import { collectThreadSecrets, readExceptions, readThreads } from './parseStack';
import { readRequest } from './parseRequest';
import { vaultOf } from './maskAnswer';

/** An ISO time from an ISO string or epoch seconds. */
function isoTime(v: unknown): string | undefined {
  if (typeof v === 'string') return v.slice(0, MAX_ID);
  if (typeof v !== 'number' || !Number.isFinite(v)) return undefined;
  const d = new Date(v * 1000);
  return Number.isNaN(d.getTime()) ? undefined : d.toISOString();
}

function readBreadcrumb(r: EventReader, b: unknown): Breadcrumb | undefined {
  if (!isRecord(b)) return undefined;
  const out: Breadcrumb = { type: r.id(b.type) || 'default', level: r.id(b.level) || 'info' };
  put(out, 'timestamp', isoTime(b.timestamp));
  put(out, 'category', r.text(b.category, MAX_NAME));
  put(out, 'message', r.text(b.message, MAX_TEXT));
  if (isRecord(b.data)) {
    const data = r.pairs(b.data, { value: (k, v, original) => (k === 'url' && typeof v === 'string' ? (r.url(v) ?? '') : r.value(k, v, original)) });
    if (data.length) out.data = data;
  }
  return out;
}

function readBreadcrumbs(r: EventReader, data: unknown): { crumbs: Breadcrumb[]; omitted: number } {
  const values = valuesOf(data);
  const kept = r.c.last(values, MAX_BREADCRUMBS);
  const crumbs = kept.flatMap((b) => readBreadcrumb(r, b) ?? []);
  return { crumbs, omitted: values.length - kept.length };
}

function readMessage(r: EventReader, data: unknown): EventDetail['messageEntry'] {
  if (!isRecord(data)) return undefined;
  const formatted = r.text(idText(data.formatted) || data.message, MAX_TEXT);
  if (formatted === undefined) return undefined;
  const out: NonNullable<EventDetail['messageEntry']> = { formatted };
  if (Array.isArray(data.params)) out.params = r.c.list(data.params as unknown[], MAX_PARAMS).map((p) => (typeof p === 'string' ? (r.text(p, MAX_VALUE) ?? '') : r.json(p, MAX_VALUE)));
  return out;
}

function readContexts(r: EventReader, v: unknown): DetailContext[] {
  if (!isRecord(v)) return [];
  return fields(v, MAX_CONTEXTS, r.c).flatMap(([key, ctx]): DetailContext[] => {
    if (!isRecord(ctx)) return [];
    const out: DetailContext = { key: r.text(key, MAX_NAME) ?? '', pairs: [] };
    put(out, 'type', r.text(ctx.type, MAX_NAME));
    out.pairs = r.pairs(ctx).filter((p) => p.key !== 'type');
    return [out];
  });
}

function readUser(r: EventReader, v: unknown): DetailPair[] | undefined {
  if (!isRecord(v)) return undefined;
  const out: DetailPair[] = [];
  const known = ['id', 'email', 'username', 'ip_address', 'name'];
  for (const k of known) if (v[k] !== null && v[k] !== undefined) out.push({ key: k, value: r.value(k, v[k], r.original(v, k)) });
  if (isRecord(v.geo)) out.push(...r.pairs(v.geo, { prefix: 'geo.' }));
  if (isRecord(v.data)) out.push(...r.pairs(v.data, { prefix: 'data.' }));
  out.push(...r.pairs(fields(v, MAX_PAIRS, r.c).filter(([k, x]) => !known.includes(k) && k !== 'geo' && k !== 'data' && x !== null && x !== undefined)));
  return out.length ? out : undefined;
}

function readTags(r: EventReader, v: unknown): EventDetail['tags'] {
  if (!Array.isArray(v)) return [];
  return r.c.list(v as unknown[], MAX_TAGS).flatMap((t): EventDetail['tags'] => {
    if (!isRecord(t)) return [];
    const key = idText(t.key);
    if (key === undefined) return [];
    const raw = typeof t.value === 'boolean' ? String(t.value) : (idText(t.value) ?? '');
    let value: string;
    if (raw && isSecretName(key)) {
      r.masked++;
      value = MASK;
    } else value = r.text(raw, MAX_TAG_TEXT) ?? '';
    return [{ key: r.text(key, MAX_TAG_TEXT) ?? '', value }];
  });
}

function readOther(r: EventReader, type: string, data: unknown): { type: string; json: string } {
  return { type: r.text(type, MAX_NAME) ?? '', json: r.json(data, MAX_OTHER_JSON) };
}

/** A release as its version: a string, or an object with `version` / `shortVersion`. */
function releaseOf(v: unknown): unknown {
  return isRecord(v) ? (v.version ?? v.shortVersion) : v;
}

/**
 * The detail the page shows, and the secrets (texts of the MaskedValues, by their `secret` index)
 * that stay on the host. Throws a TypeError only when `raw` is not an object.
 */
export function parseEventDetail(raw: unknown, issueId: string): { detail: EventDetail; secrets: string[] } {
  if (!isRecord(raw)) throw new TypeError('event: the server did not answer with an object');
  // An answer of the API client was masked where it entered; its vault holds what a Reveal shows.
  const vault = vaultOf(raw);
  const p = new EventReader(vault);
  const id = p.id(raw.id) ?? p.id(raw.eventID) ?? '';
  const detail = emptyEventDetail({ issueId: String(issueId), id, eventID: p.id(raw.eventID) ?? id, title: p.text(raw.title, MAX_TEXT) ?? '' });
  const set = <K extends keyof EventDetail>(k: K, v: EventDetail[K] | undefined) => {
    if (v !== undefined && v !== '') detail[k] = v;
  };
  set('projectID', p.id(raw.projectID));
  set('dateCreated', p.id(raw.dateCreated));
  set('dateReceived', p.id(raw.dateReceived));
  set('message', p.text(raw.message, MAX_TEXT));
  set('platform', p.id(raw.platform));
  set('type', p.id(raw.type) ?? p.id(raw['event.type']));
  set('location', p.text(raw.location, MAX_VALUE));
  set('culprit', p.text(raw.culprit, MAX_VALUE));
  set('release', p.text(releaseOf(raw.release), MAX_ID));
  set('dist', p.text(raw.dist, MAX_ID));
  if (typeof raw.previousEventID === 'string') set('previousEventID', p.id(raw.previousEventID));
  if (typeof raw.nextEventID === 'string') set('nextEventID', p.id(raw.nextEventID));

  const entries = Array.isArray(raw.entries) ? p.c.list(raw.entries as unknown[], MAX_ENTRIES) : [];
  const seen = new Set<string>();
  let threads: unknown;
  for (const entry of entries) {
    if (!isRecord(entry)) continue;
    const type = idText(entry.type) ?? '';
    // The first entry of a known type is shown as such; a second one as an unknown entry.
    const known = !seen.has(type);
    seen.add(type);
    if (known && type === 'exception') detail.exceptions = readExceptions(p, entry.data);
    else if (known && type === 'threads') threads = entry.data;
    else if (known && type === 'breadcrumbs') {
      const { crumbs, omitted } = readBreadcrumbs(p, entry.data);
      detail.breadcrumbs = crumbs;
      if (omitted) detail.breadcrumbsOmitted = omitted;
    } else if (known && type === 'request') set('request', readRequest(p, entry.data));
    else if (known && type === 'message') set('messageEntry', readMessage(p, entry.data));
    else if (detail.otherEntries.length < MAX_OTHER_ENTRIES) detail.otherEntries.push(readOther(p, type, entry.data));
    else p.c.cut = true;
  }
  // Threads repeat the exception's stack (the crashed thread's): shown only when there is none.
  if (!seen.has('exception') && threads !== undefined) detail.threads = readThreads(p, threads);
  else if (threads !== undefined) collectThreadSecrets(p, threads);

  detail.contexts = readContexts(p, raw.contexts);
  set('user', readUser(p, raw.user));
  if (isRecord(raw.sdk)) {
    const sdk: NonNullable<EventDetail['sdk']> = {};
    put(sdk, 'name', p.text(raw.sdk.name, MAX_NAME));
    put(sdk, 'version', p.text(raw.sdk.version, MAX_ID));
    if (sdk.name !== undefined || sdk.version !== undefined) detail.sdk = sdk;
  }
  detail.tags = readTags(p, raw.tags);
  set('environment', p.text(raw.environment, MAX_ID) ?? detail.tags.find((t) => t.key === 'environment')?.value);
  detail.extra = p.pairs(raw.context);

  // Every secret was counted once where the answer was masked; an event read unmasked counts here.
  detail.maskedCount = vault.count || p.masked;
  if (p.c.cut) detail.trimmed = true;
  return { detail, secrets: p.secrets };
}
