/**
 * Secrets in a URL (maskUrl): the values of secret-named query and fragment parameters, the userinfo
 * password (or a user name that is itself a credential), and whatever maskText finds without a name
 * (provider tokens, JWTs, card numbers, secrets in URL-encoded values) anywhere in it; the rest of the
 * URL stays as it is, so it still reads (and opens) as the same address. The patterns are maskText's,
 * linear in their input. No `vscode` import.
 */
import { MASK } from './types';
import { isSecretName } from './secretNames';
import { USERINFO, maskShapes, type Masked } from './maskText';

/** `name=value` of a query string or a fragment (`#access_token=…` of an OAuth redirect). */
const PARAM = /(^|[?&;#])([^&;=#]*)=([^&;#]*)/g;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * `url` with the values of its secret-named query (and fragment) parameters masked, its userinfo
 * password masked, and the secrets maskText finds by their shape masked; the rest untouched.
 */
export function maskUrl(url: string): Masked {
  if (typeof url !== 'string' || !url) return { text: typeof url === 'string' ? url : '', count: 0 };
  let count = 0;
  let s = url.replace(USERINFO, (all, head: string, password: string) => {
    if (!password || password === MASK) return all;
    count++;
    return `${head}${MASK}@`;
  });
  const q = s.search(/[?#]/);
  if (q >= 0) {
    const params = s.slice(q).replace(PARAM, (all, sep: string, name: string, value: string) => {
      if (!value || value === MASK || !isSecretName(decodeName(name))) return all;
      count++;
      return `${sep}${name}=${MASK}`;
    });
    s = s.slice(0, q) + params;
  }
  const shapes = maskShapes(s);
  return { text: shapes.text, count: count + shapes.count };
}
