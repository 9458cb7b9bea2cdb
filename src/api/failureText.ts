/**
 * What a failed request says, read so that no server can stall or fool the client: an error body of
 * any shape (cut before any regex or JSON.parse sees it, and without the request's own credentials,
 * which a server or proxy may echo) and a transport failure's reason (from its error code only,
 * since a message can echo the credential). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { scrubText } from './secretText';

export interface ErrorBody {
  detail?: string;
  errorId?: string;
  /** `detail.code` of a detail object (e.g. `sso-required`), when it looks like a code. */
  code?: string;
  /** `detail.extra.loginUrl` as sent: untrusted. */
  loginUrl?: string;
  oauthError?: string;
  oauthDescription?: string;
}

/** Error bodies are cut to this many characters before any regex or JSON.parse sees them. */
export const MAX_ERROR_BODY_CHARS = 4096;

/**
 * Reads an error body without assuming its shape: `{detail}` (string or `{code,message}`), `{error}`,
 * `{message}`, a bare string, HTML. `secrets`: the request's own credentials (secretText.ts), taken
 * out of the body, with any URL user info and secret-named value, before any of it is kept.
 */
export function readErrorBody(body: string, contentType: string | null, secrets: readonly string[] = []): ErrorBody {
  // A 200 KB HTML page stalled the extension host for 40 s in the tag-stripping regex: cut first.
  const cut = body.length > MAX_ERROR_BODY_CHARS ? body.slice(0, MAX_ERROR_BODY_CHARS) : body;
  const read = readShape(secrets.length ? scrubText(cut, secrets) : cut, contentType);
  // Again field by field, now that JSON's escapes are undone: a detail may hold a URL or a field of its own.
  const out: ErrorBody = {};
  for (const [k, v] of Object.entries(read) as [keyof ErrorBody, string | undefined][]) if (v !== undefined) out[k] = scrubText(v, secrets);
  if (out.code !== undefined && out.code !== read.code) delete out.code;
  return out;
}

function readShape(text: string, contentType: string | null): ErrorBody {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    if (!text.trim()) return {};
    const plain = /html/i.test((contentType ?? '').slice(0, 200)) || /^\s*</.test(text) ? htmlText(text) : text;
    return { detail: clip(plain) };
  }
  if (typeof json === 'string') return { detail: clip(json) };
  if (!json || typeof json !== 'object') return {};
  const o = json as Record<string, unknown>;
  const out: ErrorBody = {};
  if (typeof o.detail === 'string') out.detail = clip(o.detail);
  else if (o.detail && typeof o.detail === 'object') {
    const d = o.detail as Record<string, unknown>;
    out.detail = clip([d.message, d.code ? `(${d.code})` : undefined].filter((x) => typeof x === 'string').join(' '));
    if (typeof d.code === 'string' && /^[a-z0-9][a-z0-9_-]{0,63}$/i.test(d.code)) out.code = d.code;
    const extra = d.extra as Record<string, unknown> | null | undefined;
    if (extra && typeof extra === 'object' && typeof extra.loginUrl === 'string' && extra.loginUrl.length <= 2048) out.loginUrl = extra.loginUrl;
  } else if (typeof o.message === 'string') out.detail = clip(o.message);
  if (typeof o.errorId === 'string') out.errorId = clip(o.errorId);
  if (typeof o.error === 'string') {
    out.oauthError = clip(o.error);
    if (typeof o.error_description === 'string') out.oauthDescription = clip(o.error_description);
    out.detail ??= clip(o.error);
  }
  return out;
}

function htmlText(html: string): string {
  // `[^<>]*` rather than `[^>]*`: a match attempt stops at the next `<`, so unclosed tags cost linear time.
  const title = /<title[^<>]*>([^<]*)<\/title>/i.exec(html)?.[1];
  return (title ?? html.replace(/<[^<>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
}

function clip(s: string): string {
  return s.length > 300 ? `${s.slice(0, 297)}...` : s;
}

/**
 * Reasons for the transport error codes worth telling apart; anything else is named by its code.
 * Certificate and proxy failures get whole messages of their own (./network.ts). Localized when read.
 */
const NETWORK_REASONS: Readonly<Record<string, () => string>> = {
  ECONNREFUSED: () => l10n.t('connection refused'),
  ECONNRESET: () => l10n.t('the connection was reset'),
  UND_ERR_SOCKET: () => l10n.t('the connection was reset'),
  EPIPE: () => l10n.t('the connection was reset'),
  ENOTFOUND: () => l10n.t('host name not found'),
  EAI_AGAIN: () => l10n.t('host name not found'),
  ETIMEDOUT: () => l10n.t('the connection timed out'),
  UND_ERR_CONNECT_TIMEOUT: () => l10n.t('the connection timed out'),
  EHOSTUNREACH: () => l10n.t('host unreachable'),
  ENETUNREACH: () => l10n.t('network unreachable'),
};

/**
 * Built from error codes only, never from a message: a transport error's message can echo a
 * request header, i.e. the credential (undici: `Headers.append: "Bearer …" is an invalid header value`).
 */
export function networkReason(err: Error | undefined): string {
  const code = (err?.cause as { code?: unknown } | undefined)?.code ?? (err as { code?: unknown } | undefined)?.code;
  if (typeof code !== 'string' || !/^[A-Z][A-Z0-9_]{1,40}$/.test(code)) return l10n.t('network failure');
  return Object.hasOwn(NETWORK_REASONS, code) ? NETWORK_REASONS[code]() : l10n.t('network failure, {0}', code);
}
