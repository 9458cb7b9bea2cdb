/**
 * The page's translations: VS Code's bundle for the display language, which the host puts into
 * the HTML as a JSON data block (`<script type="application/json" id="l10n-bundle">`, see
 * src/eventsPanel/pageHtml.ts; absent in English). Imported first by ./main, so @vscode/l10n holds the
 * bundle before any view is built; every string of ours the page shows goes through l10n.t().
 */
import * as l10n from '@vscode/l10n';

/** The id of the data block the host writes. */
export const L10N_BUNDLE_ID = 'l10n-bundle';

/** The bundle in the data block's text, or undefined when there is none (English) or it is not a JSON object of messages. */
export function parseBundle(text: string | null | undefined): l10n.l10nJsonFormat | undefined {
  if (!text) return undefined;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return undefined;
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v)) return undefined;
  const out: l10n.l10nJsonFormat = {};
  for (const [k, m] of Object.entries(v)) {
    if (typeof m === 'string' || (typeof m === 'object' && m !== null && typeof (m as { message?: unknown }).message === 'string')) out[k] = m as l10n.l10nJsonMessageFormat;
  }
  return Object.keys(out).length ? out : undefined;
}

/** Gives @vscode/l10n the bundle the host wrote into `doc` (nothing to do in English). */
export function configurePageL10n(doc: Pick<Document, 'getElementById'>): void {
  const contents = parseBundle(doc.getElementById(L10N_BUNDLE_ID)?.textContent);
  if (contents) l10n.config({ contents });
}

if (typeof document !== 'undefined') configurePageL10n(document);
