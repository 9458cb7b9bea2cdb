/**
 * The events page's HTML: a static skeleton with a strict CSP. No server string is ever put into
 * this HTML: issue and event data reach the page as messages and are rendered as text.
 */
import { randomBytes } from 'node:crypto';

export interface HtmlUris {
  /** webview.cspSource */
  cspSource: string;
  script: string;
  css: string;
  codicons: string;
}

export function makeNonce(): string {
  return randomBytes(18)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '');
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return ["default-src 'none'", `style-src ${cspSource}`, `font-src ${cspSource}`, `img-src ${cspSource} data:`, `script-src 'nonce-${nonce}'`].join('; ');
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

export function panelHtml(uris: HtmlUris, nonce: string): string {
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${attr(contentSecurityPolicy(uris.cspSource, nonce))}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
<link rel="stylesheet" href="${attr(uris.codicons)}" id="vscode-codicon-stylesheet" nonce="${attr(nonce)}">
<link rel="stylesheet" href="${attr(uris.css)}" nonce="${attr(nonce)}">
<title>Sentry Events</title>
</head>
<body>
<div id="app" aria-busy="true"><p class="boot">Loading…</p></div>
<script nonce="${attr(nonce)}" src="${attr(uris.script)}"></script>
</body>
</html>`;
}
