/**
 * One helper per sink (plain text, a tree label, Markdown, a code span, a URL to open) for text a
 * server or an event sender wrote: such text never becomes a link, a command, markup or a URL we
 * open. No `vscode` import.
 */

/** The longest piece of server text a notification or a tree label shows. */
export const MAX_PLAIN_TEXT = 500;

// C0/C1 controls and the bidi overrides that can make text read differently from what it is.
export const CONTROLS = /[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/**
 * Server text for notifications (show*Message, their `detail`), status-bar text and tree labels.
 * VS Code turns `[label](command:…)` and `[label](https://…)` in a notification into a live link:
 * the `](` pair is broken so no link can form, controls are dropped and the length is bounded.
 */
export function plainText(text: unknown, max = MAX_PLAIN_TEXT): string {
  const s = (typeof text === 'string' ? text : text === undefined || text === null ? '' : String(text))
    .replace(CONTROLS, ' ')
    .replace(/\]\s*\(/g, '] (')
    // A lone `<https://…>` is an autolink in Markdown renderers.
    .replace(/<(?=[a-z][a-z0-9+.-]*:)/gi, '‹');
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/**
 * Server text in a place that renders `$(name)` as an icon (CodeLens titles, status-bar text, quick-pick
 * labels): plain text whose icon syntax shows as typed.
 */
export function labelText(text: unknown, max = MAX_PLAIN_TEXT): string {
  return plainText(text, max).replace(/\$\(/g, '\\$(');
}

/** Server text inside Markdown (hovers, tooltips): every character that could start markup is escaped. */
export function escapeMarkdown(text: unknown, max = 2000): string {
  const s = plainText(text, max).replace(/\r?\n/g, ' ');
  // Escaped one by one so that no link, image, HTML tag, emphasis or code span can form.
  return s.replace(/[\\`*_{}[\]()#+\-.!|<>&~:@$=]/g, (c) => `\\${c}`);
}

/**
 * Server text as an inline code span: backticks cannot close it early and a blank line cannot end
 * the paragraph (which would let the rest render as Markdown).
 */
export function codeSpan(text: unknown, max = 2000): string {
  const s = plainText(text, max).replace(/\s+/g, ' ').replace(/`/g, "'").trim();
  return s ? `\`${s}\`` : '';
}

/** Origins a Sentry web link may point at without being the configured server itself. */
export const SENTRY_WEB_ORIGINS = ['https://sentry.io'];

/**
 * A URL from a server that may be opened or used as a link target: http(s) only, on the configured
 * server's origin, on sentry.io or one of its subdomains (organization and region hosts). Anything
 * else (command:, file:, vscode:, another host) is undefined.
 */
export function safeWebUrl(raw: unknown, baseUrl: string | undefined): URL | undefined {
  if (typeof raw !== 'string' || raw.length > 4096) return undefined;
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    return undefined;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password) return undefined;
  if (baseUrl) {
    try {
      if (url.origin === new URL(baseUrl).origin) return url;
    } catch {
      // a bad base URL allows nothing of its own
    }
  }
  if (url.protocol === 'https:' && (url.hostname === 'sentry.io' || url.hostname.endsWith('.sentry.io')) && (url.port === '' || url.port === '443')) return url;
  return undefined;
}

/** Where credentials may travel unasked: literal loopback addresses only, never a name that DNS resolves. */
export function isLoopbackHost(hostname: string): boolean {
  const h = hostname.replace(/^\[|\]$/g, '').toLowerCase();
  return h === 'localhost' || h === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(h);
}

/**
 * A verification page of the device flow that may be opened: https (http only on loopback) on the
 * configured server's origin. Anything else is shown as text to copy instead.
 */
export function safeVerificationUrl(raw: unknown, baseUrl: string): URL | undefined {
  if (typeof raw !== 'string') return undefined;
  let url: URL;
  let base: URL;
  try {
    url = new URL(raw.trim());
    base = new URL(baseUrl);
  } catch {
    return undefined;
  }
  if (url.origin !== base.origin || url.username || url.password) return undefined;
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && isLoopbackHost(url.hostname)) return url;
  return undefined;
}
