/**
 * Sentry's `Link` header: `<url>; rel="previous"; results="false"; cursor="0:0:1", <url>; rel="next"; ...`.
 * Only the cursor is ever used (https://docs.sentry.io/api/pagination/); the URL may name another
 * host and is never requested.
 */
export interface LinkEntry {
  url: string;
  rel: string;
  results: boolean;
  cursor?: string;
}

export function parseLinkHeader(header: string | null | undefined): LinkEntry[] {
  if (!header) return [];
  const entries: LinkEntry[] = [];
  // Split on commas that start a new `<...>` entry; cursors and URLs may themselves contain commas.
  for (const part of header.split(/,\s*(?=<)/)) {
    const m = /^\s*<([^>]*)>(.*)$/s.exec(part);
    if (!m) continue;
    const params = new Map<string, string>();
    for (const p of m[2].matchAll(/;\s*([A-Za-z_][\w-]*)\s*=\s*(?:"([^"]*)"|([^;,\s]*))/g)) {
      params.set(p[1].toLowerCase(), p[2] ?? p[3] ?? '');
    }
    const rel = params.get('rel');
    if (!rel) continue;
    entries.push({
      url: m[1],
      rel,
      results: params.get('results') === 'true',
      cursor: params.get('cursor') ?? cursorFromUrl(m[1]),
    });
  }
  return entries;
}

function cursorFromUrl(url: string): string | undefined {
  try {
    return new URL(url, 'http://x/').searchParams.get('cursor') ?? undefined;
  } catch {
    return undefined;
  }
}

/** The cursor of the next page, when the server says there are more results. */
export function nextCursor(header: string | null | undefined): string | undefined {
  const next = parseLinkHeader(header).find((l) => l.rel === 'next');
  return next?.results ? next.cursor : undefined;
}

export function previousCursor(header: string | null | undefined): string | undefined {
  const prev = parseLinkHeader(header).find((l) => l.rel === 'previous');
  return prev?.results ? prev.cursor : undefined;
}
