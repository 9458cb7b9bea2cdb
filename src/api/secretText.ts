/**
 * What a server's text may carry of the request that caused it. A server, or a proxy in front of it,
 * may echo the request into its error: the access token or API key (alone, or as the Authorization
 * header's value), the OAuth form's refresh token, client secret, code or verifier; and any text may
 * hold a URL with user info or a secret-named query value. scrubText takes all of these out, so that
 * an error's message, its fields and the log never show them; safeUrlText does the same for an
 * address the server named (a refused region). No `vscode` import.
 */
import { maskText } from '../model/event/maskText';
import { maskUrl } from '../model/event/maskUrl';
import { MASK } from '../model/event/types';
import { authorizationHeader, type Credential } from './credentials';

/** The OAuth form fields whose values are credentials (RFC 6749 sections 4.1.3, 6 and 2.3.1; RFC 7636; RFC 8628). */
const SECRET_FORM_FIELDS = ['client_secret', 'refresh_token', 'code', 'code_verifier', 'device_code', 'password'];
/** Shorter values are not looked for: they would match ordinary words. */
const MIN_SECRET = 6;

/** The texts of a request's own credentials: its token or key, its Authorization header's value, its form's secrets. */
export function requestSecrets(credential: Credential | undefined, form?: Readonly<Record<string, string | undefined>>): string[] {
  const out = new Set<string>();
  const add = (s: string | undefined) => {
    if (s && s.length >= MIN_SECRET) out.add(s);
  };
  if (credential) {
    add(credential.kind === 'bearer' ? credential.token : credential.kind === 'apiKey' ? credential.key : credential.dsn);
    // The header's value after its scheme: HTTP Basic's base64 of the key.
    add(authorizationHeader(credential).replace(/^\S+\s+/, ''));
  }
  for (const name of SECRET_FORM_FIELDS) add(form?.[name]);
  return [...out];
}

/** The ways an echo writes a secret: as sent, URL-encoded (also as a form encodes it), with JSON's escaped slashes. */
function formsOf(secret: string): string[] {
  const encoded = encodeURIComponent(secret);
  const form = new URLSearchParams({ s: secret }).toString().slice(2);
  return [...new Set([secret, encoded, form, encoded.toLowerCase(), secret.replace(/\//g, '\\/')])].filter((f) => f.length >= MIN_SECRET);
}

/** `scheme://user@` or `scheme://user:password@`: the whole user info. */
const URL_USERINFO = /(?<![A-Za-z\d+.-])([A-Za-z][A-Za-z\d+.-]{0,30}:\/\/)[^\s/?#@"'<>]+@/g;

/**
 * `text` without the request's own `secrets` (whole, or cut short at the text's end), without any
 * URL user info, and with what maskText finds (secret-named fields and query values, tokens) masked.
 */
export function scrubText(text: string, secrets: readonly string[] = []): string {
  let s = text;
  for (const secret of secrets) {
    for (const form of formsOf(secret)) {
      if (s.includes(form)) s = s.split(form).join(MASK);
      // An echo cut at the end of the text: the first characters of the secret.
      for (let k = Math.min(form.length - 1, s.length); k >= MIN_SECRET; k--) {
        if (s.endsWith(form.slice(0, k))) {
          s = s.slice(0, s.length - k) + MASK;
          break;
        }
      }
    }
  }
  s = s.replace(URL_USERINFO, (_all, scheme: string) => `${scheme}${MASK}@`);
  return maskText(s).text;
}

/** An address a server named, to log or show: no user info, its secret-named query values and what maskText finds masked. */
export function safeUrlText(url: string): string {
  // maskUrl first: a password may hold `@` or `:`, which only its pattern reads whole.
  return scrubText(maskUrl(url).text);
}
