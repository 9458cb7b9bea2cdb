/**
 * What the user gave "Open Link, ID or Stack Trace…" (the clipboard's text or what they typed): a
 * Sentry web link, a short ID (`CHECKOUT-8`), a 32-hex event ID, a numeric issue ID, or a stack
 * trace. Read in that order; a text of one line that is none of them is said to be none.
 * No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { isIssueId, looksLikeShortId } from '../../contracts/issueRef';
import { normaliseHexId, parseSentryWebLink, type SentryWebLink } from '../../contracts/sentryWebLink';
import { MAX_TRACE_CHARS, parseStackTrace, type ParsedTrace } from './stackTrace/detect';

export type OpenInput =
  | { readonly kind: 'link'; readonly link: SentryWebLink }
  | { readonly kind: 'shortId'; readonly shortId: string }
  | { readonly kind: 'eventId'; readonly eventId: string }
  | { readonly kind: 'issueId'; readonly issueId: string }
  | { readonly kind: 'trace'; readonly trace: ParsedTrace }
  | { readonly kind: 'none'; readonly message: string };

/** The longest short ID read (Sentry's are a project slug, a dash and a few characters). */
const MAX_SHORT_ID = 100;

/** Reads the text; `knownServers`: the signed-in server's base URL (a self-hosted link's prefix). */
export function classifyInput(text: string, knownServers: readonly string[] = []): OpenInput {
  if (text.length > MAX_TRACE_CHARS) {
    return {
      kind: 'none',
      message: l10n.t('The text is {0} MB: Sentry Explorer reads a stack trace of at most {1} MB. Paste the part around the error.', (text.length / 1048576).toFixed(1), MAX_TRACE_CHARS / 1048576),
    };
  }
  const one = text.trim();
  if (one !== '' && !one.includes('\n')) {
    const link = parseSentryWebLink(one, knownServers);
    if (link.ok) return { kind: 'link', link: link.link };
    if (/^https?:\/\//i.test(one)) {
      return {
        kind: 'none',
        message:
          link.reason === 'unknownPage'
            ? l10n.t('This Sentry link is not to an issue, an event, a trace or a replay, which are what Sentry Explorer opens.')
            : l10n.t('This is not a link to a Sentry issue, event, trace or replay.'),
      };
    }
    const eventId = normaliseHexId(one);
    if (eventId) return { kind: 'eventId', eventId };
    if (one.length <= MAX_SHORT_ID && looksLikeShortId(one)) return { kind: 'shortId', shortId: one.toUpperCase() };
    if (isIssueId(one)) return { kind: 'issueId', issueId: one };
  }
  const parsed = parseStackTrace(text);
  if (parsed.ok) return { kind: 'trace', trace: parsed.trace };
  return {
    kind: 'none',
    message: l10n.t('Sentry Explorer found no Sentry link, short ID (like PROJ-123), event ID (32 hex characters) or stack trace with file names and lines in this text.'),
  };
}
