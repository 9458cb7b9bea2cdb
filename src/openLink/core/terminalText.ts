/**
 * What a terminal line holds that "Open Link, ID or Stack Trace…" opens: Sentry web links and the
 * short IDs of the signed-in organization's projects (`CHECKOUT-8` where `checkout` is one of them),
 * with their ranges on the line. Bounded: a line is read to MAX_TERMINAL_LINE characters, at most
 * MAX_LINKS links. No `vscode` import.
 */
import { parseSentryWebLink, type SentryWebLink } from '../../contracts/sentryWebLink';

export const MAX_TERMINAL_LINE = 4000;
const MAX_LINKS = 20;
/** An http(s) URL up to a space, a quote or a bracket. */
const URL_RE = /https?:\/\/[^\s"'<>()[\]{}`]{1,2000}/g;
/** A short ID: a project slug in capitals, a dash, a base32 number. */
const SHORT_ID_RE = /\b[A-Z0-9][A-Z0-9_-]{0,98}-[0-9A-Z]{1,12}\b/g;

export type TerminalHit = { readonly start: number; readonly length: number } & ({ readonly kind: 'link'; readonly link: SentryWebLink } | { readonly kind: 'shortId'; readonly shortId: string });

export function terminalHits(line: string, knownServers: readonly string[], projectSlugs: ReadonlySet<string>): TerminalHit[] {
  const text = line.slice(0, MAX_TERMINAL_LINE);
  const hits: TerminalHit[] = [];
  for (const m of text.matchAll(URL_RE)) {
    // A sentence's final punctuation is no part of the link.
    const url = m[0].replace(/[.,;:!?]+$/, '');
    const r = parseSentryWebLink(url, knownServers);
    if (r.ok) hits.push({ kind: 'link', link: r.link, start: m.index, length: url.length });
    if (hits.length >= MAX_LINKS) return hits;
  }
  const inLink = (at: number) => hits.some((h) => at >= h.start && at < h.start + h.length);
  for (const m of text.matchAll(SHORT_ID_RE)) {
    const id = m[0];
    const slug = id.slice(0, id.lastIndexOf('-')).toLowerCase();
    if (!projectSlugs.has(slug) || inLink(m.index) || !/\d/.test(id.slice(id.lastIndexOf('-') + 1))) continue;
    hits.push({ kind: 'shortId', shortId: id, start: m.index, length: id.length });
    if (hits.length >= MAX_LINKS) break;
  }
  return hits;
}
