/**
 * The host's reader of the page's messages: each message checked field by field, anything malformed
 * refused (undefined), so a compromised page can ask only for what the protocol allows. Only the host
 * imports this file; the page never parses its own messages, so none of it is in the page's bundle.
 */
import { isEventId, isEventRef } from '../../../model/event/types';
import { parseSeerPageMessage } from './seer';
import { parseTracePageMessage } from './trace';
import { parseLogsPageMessage } from './logs';
import { parseFeedbackPageMessage, parseReplaysPageMessage } from './users';
import { isHandOffKind, isObj, isStr, isTriageCommand, parseFilters, parsePanelState, type ErrorActionName, type FrameRef, type PageMessage } from './messages';

// Dots only (`.`, `..`) would be a path segment of their own in the request URL.
const TAG_KEY = /^(?!\.+$)[a-zA-Z0-9_.:-]{1,200}$/;
const MAX_CURSOR = 500;
/** Every action a page may ask for: a new ErrorAction fails to compile until it is listed here. */
const ACTION_NAMES: Record<ErrorActionName | 'openInBrowser', true> = { retry: true, signIn: true, chooseProject: true, showLog: true, filter: true, openInBrowser: true };
const ACTIONS = new Set(Object.keys(ACTION_NAMES));

/** A frame the page names (in a message or a context menu's `data-vscode-context`), field by field. */
export function parseFrameRef(v: unknown): FrameRef | undefined {
  if (!isObj(v)) return undefined;
  const out: FrameRef = {};
  for (const k of ['filename', 'absPath', 'module', 'package', 'platform', 'eventPlatform', 'sdkName', 'function'] as const) if (isStr(v[k])) out[k] = (v[k] as string).slice(0, 4096);
  for (const k of ['lineNo', 'colNo'] as const) {
    const n = v[k];
    if (typeof n === 'number' && Number.isSafeInteger(n) && n >= 0) out[k] = n;
  }
  return out;
}

/** A message from the page, checked field by field; undefined for anything malformed. */
export function parsePageMessage(v: unknown): PageMessage | undefined {
  if (!isObj(v) || !isStr(v.type)) return undefined;
  switch (v.type) {
    case 'ready':
      return { type: 'ready', version: typeof v.version === 'number' ? v.version : 0, state: v.state };
    case 'state': {
      const state = parsePanelState(v.state);
      return state && { type: 'state', state };
    }
    case 'openLocation':
      if (!isStr(v.location) || !v.location || v.location.length > 4096) return undefined;
      return { type: 'openLocation', location: v.location, frame: parseFrameRef(v.frame) };
    case 'copy':
      if (!isStr(v.text) || v.text.length > 100_000) return undefined;
      return { type: 'copy', text: v.text, what: isStr(v.what) ? v.what.slice(0, 200) : undefined };
    case 'action':
      return isStr(v.action) && ACTIONS.has(v.action) ? { type: 'action', action: v.action as ErrorActionName | 'openInBrowser' } : undefined;
    case 'triage':
      // Only the command's name crosses: whatever else the page sends (an issue id) is dropped.
      return isTriageCommand(v.command) ? { type: 'triage', command: v.command } : undefined;
    case 'handOff':
      return isHandOffKind(v.kind) ? { type: 'handOff', kind: v.kind } : undefined;
    case 'copyEvent':
      return isEventId(v.eventId) && (v.format === 'markdown' || v.format === 'json') ? { type: 'copyEvent', eventId: v.eventId, format: v.format } : undefined;
    case 'debugEvent':
      if (v.eventId === undefined) return { type: 'debugEvent' };
      return isEventId(v.eventId) ? { type: 'debugEvent', eventId: v.eventId } : undefined;
    case 'openRawEvent':
      return isEventId(v.eventId) ? { type: 'openRawEvent', eventId: v.eventId } : undefined;
    case 'openCommit':
      return isEventId(v.eventId) && isStr(v.commitId) && /^[0-9a-fA-F]{7,64}$/.test(v.commitId) ? { type: 'openCommit', eventId: v.eventId, commitId: v.commitId } : undefined;
    case 'seer':
      return parseSeerPageMessage(v);
    case 'trace':
      return parseTracePageMessage(v);
    case 'logs':
      return parseLogsPageMessage(v);
    case 'replays':
      return parseReplaysPageMessage(v);
    case 'feedback':
      return parseFeedbackPageMessage(v);
    case 'request': {
      if (typeof v.id !== 'number' || !Number.isSafeInteger(v.id)) return undefined;
      const p = isObj(v.params) ? v.params : {};
      if (v.method === 'events') {
        const cursor = isStr(p.cursor) && p.cursor.length <= MAX_CURSOR ? p.cursor : undefined;
        return { type: 'request', id: v.id, method: 'events', params: { filters: parseFilters(p.filters), cursor, restore: p.restore === true } };
      }
      if (v.method === 'tag') {
        if (!isStr(p.key) || !TAG_KEY.test(p.key)) return undefined;
        // A following page that is asked for must be that page: a bad cursor is refused, not read as the first page.
        if (p.cursor !== undefined && !(isStr(p.cursor) && p.cursor.length > 0 && p.cursor.length <= MAX_CURSOR)) return undefined;
        const environments = parseFilters({ environments: p.environments }).environments;
        return { type: 'request', id: v.id, method: 'tag', params: isStr(p.cursor) ? { key: p.key, environments, cursor: p.cursor } : { key: p.key, environments } };
      }
      if (v.method === 'event') return isEventRef(p.ref) ? { type: 'request', id: v.id, method: 'event', params: { ref: p.ref } } : undefined;
      if (v.method === 'reveal') {
        if (!isEventId(p.eventId) || typeof p.secret !== 'number' || !Number.isSafeInteger(p.secret) || p.secret < 0) return undefined;
        return { type: 'request', id: v.id, method: 'reveal', params: { eventId: p.eventId, secret: p.secret } };
      }
      return undefined;
    }
    default:
      return undefined;
  }
}
