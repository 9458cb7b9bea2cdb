import assert from 'node:assert/strict';
import { contentSecurityPolicy, makeNonce, panelHtml } from '../../../src/events/html';

describe('events panel HTML', () => {
  it('a strict CSP: nothing by default, styles and fonts from the webview, scripts by nonce only', () => {
    const csp = contentSecurityPolicy('https://x.vscode-cdn.net', 'abc123');
    assert.equal(csp, "default-src 'none'; style-src https://x.vscode-cdn.net; font-src https://x.vscode-cdn.net; img-src https://x.vscode-cdn.net data:; script-src 'nonce-abc123'");
    assert.doesNotMatch(csp, /unsafe/);
  });

  it('nonces are fresh and URL-safe', () => {
    const a = makeNonce();
    assert.match(a, /^[A-Za-z0-9]{16,}$/);
    assert.notEqual(a, makeNonce());
  });

  it('one script, the bundle, with the nonce; the codicons stylesheet has the id vscode-elements looks for', () => {
    const html = panelHtml(
      { cspSource: 'vscode-resource:', script: 'vscode-resource:/dist/webview.js', css: 'vscode-resource:/media/webview.css', codicons: 'vscode-resource:/dist/codicon.css' },
      'N0NCE',
    );
    assert.equal(html.match(/<script/g)?.length, 1);
    assert.match(html, /<script nonce="N0NCE" src="vscode-resource:\/dist\/webview.js"><\/script>/);
    assert.match(html, /<link rel="stylesheet" href="vscode-resource:\/dist\/codicon.css" id="vscode-codicon-stylesheet" nonce="N0NCE">/);
    assert.match(html, /http-equiv="Content-Security-Policy" content="default-src 'none';/);
    assert.doesNotMatch(html, /style="/, 'no inline styles (the CSP forbids them)');
  });

  it('escapes what it puts in attributes', () => {
    const html = panelHtml({ cspSource: 'a"b', script: 's"<', css: 'c', codicons: 'd' }, 'n');
    assert.doesNotMatch(html, /s"</);
    assert.match(html, /s&quot;&lt;/);
  });
});
