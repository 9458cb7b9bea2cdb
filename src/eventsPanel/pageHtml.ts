/**
 * The events page's HTML: a static skeleton with a strict CSP. No server string is ever put into
 * this HTML: issue and event data reach the page as messages and are rendered as text. VS Code's
 * translation bundle goes in as a JSON data block (not run: the CSP's nonce is for the bundle
 * script only), which the page reads before it draws anything (src/eventsPanel/core/page/l10nBoot.ts).
 */
import { base64, randomBytes } from '../util/random';
import * as l10n from '@vscode/l10n';

export interface HtmlUris {
  /** webview.cspSource */
  cspSource: string;
  script: string;
  css: string;
  codicons: string;
}

export function makeNonce(): string {
  return base64(randomBytes(18)).replace(/[^A-Za-z0-9]/g, '');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return ["default-src 'none'", `style-src ${cspSource}`, `font-src ${cspSource}`, `img-src ${cspSource} data:`, `script-src 'nonce-${nonce}'`].join('; ');
}

/** The page's language and strings: VS Code's `vscode.l10n.bundle` (undefined in English) and `vscode.env.language`. */
export interface PageL10n {
  bundle?: l10n.l10nJsonFormat;
  /** The display language; the page is marked with it only when a bundle translates it. */
  language?: string;
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');
const text = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * The bundle as the content of a `<script type="application/json">`: JSON with every `<` escaped,
 * so no message can end the element (`</script>`) or open a comment; JSON.parse reads it back as it
 * was. Empty without a bundle.
 */
export function bundleJson(bundle: l10n.l10nJsonFormat | undefined): string {
  return bundle && Object.keys(bundle).length ? JSON.stringify(bundle).replace(/</g, '\\u003c') : '';
}

export function panelHtml(uris: HtmlUris, nonce: string, page: PageL10n = {}): string {
  const json = bundleJson(page.bundle);
  const lang = json && page.language ? page.language : 'en';
  return `<!DOCTYPE html>
<html lang="${attr(lang)}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(uris.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(uris.codicons)}" id="vscode-codicon-stylesheet" nonce="${attr(nonce)}">
<link rel="stylesheet" href="${attr(uris.css)}" nonce="${attr(nonce)}">
<title>${text(l10n.t('Sentry Events'))}</title>
</head>
<body>
${json ? `<script type="application/json" id="l10n-bundle">${json}</script>\n` : ''}<div id="app" aria-busy="true"><p class="boot">${text(l10n.t('Loading…'))}</p></div>
<script nonce="${attr(nonce)}" src="${attr(uris.script)}"></script>
</body>
</html>`;
}
