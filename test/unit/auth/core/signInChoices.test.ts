// What the sign-in offers without UI: the order of the ways to sign in, the server's page for a
// new personal token (from the configured base URL only), the token prompt naming the exact scopes,
// and what is said about a credential lacking asked-for scopes.
import * as assert from 'node:assert/strict';
import { methodOrder, missingScopesMessage, NEW_TOKEN_PATH, tokenPageUrl, tokenPrompt } from '../../../../src/auth/core/signInChoices';

describe('auth/signInChoices', () => {
  it('without an OAuth client id a pasted token comes first; with one the device flow does, as before', () => {
    assert.deepEqual(methodOrder(false), ['token', 'device', 'browser', 'apiKey']);
    assert.deepEqual(methodOrder(true), ['device', 'browser', 'token', 'apiKey']);
    // In the browser's web worker the OAuth ways cannot finish (src/api/browser.ts): a pasted token first.
    assert.deepEqual(methodOrder(true, true), ['token', 'device', 'browser', 'apiKey']);
  });

  it('builds the new-token page under the base URL: sentry.io, its regions and organization hosts, self-hosted with a path', () => {
    assert.equal(NEW_TOKEN_PATH, 'settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://sentry.io'), 'https://sentry.io/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://sentry.io/'), 'https://sentry.io/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://de.sentry.io'), 'https://de.sentry.io/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://acme.sentry.io'), 'https://acme.sentry.io/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://sentry.example.com:8443/sentry'), 'https://sentry.example.com:8443/sentry/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('https://sentry.example.com/sentry///'), 'https://sentry.example.com/sentry/settings/account/api/auth-tokens/new-token/');
    assert.equal(tokenPageUrl('http://127.0.0.1:9000'), 'http://127.0.0.1:9000/settings/account/api/auth-tokens/new-token/');
    // A query or fragment on the base URL is not carried over.
    assert.equal(tokenPageUrl('https://sentry.example.com/?next=https://evil.example#frag'), 'https://sentry.example.com/settings/account/api/auth-tokens/new-token/');
  });

  it('never builds a page from a base URL that is not plain http(s) or carries credentials', () => {
    for (const bad of [
      'javascript:alert(1)',
      'JavaScript://sentry.io/%0aalert(1)',
      'data:text/html,<script>alert(1)</script>',
      'file:///etc/passwd',
      'command:workbench.action.terminal.sendSequence',
      'vscode://sentry-explorer.sentry-explorer/auth-callback',
      'ftp://sentry.example.com',
      'https://user:secret@sentry.example.com',
      'https://token@sentry.example.com',
      'https://:pw@sentry.example.com',
      'sentry.example.com',
      '//sentry.example.com',
      '',
      'not a url',
    ]) {
      assert.equal(tokenPageUrl(bad), undefined, bad);
    }
  });

  it('the page stays on the base URL’s origin whatever its path holds', () => {
    for (const base of ['https://sentry.example.com/a/../..', 'https://sentry.example.com/%2e%2e/x', 'https://sentry.example.com/@evil.example', 'https://sentry.example.com//evil.example']) {
      const page = tokenPageUrl(base);
      assert.ok(page, base);
      assert.equal(new URL(page).origin, 'https://sentry.example.com', base);
      assert.ok(page.endsWith(`/${NEW_TOKEN_PATH}`), page);
    }
  });

  it('the token prompt names exactly the scopes asked for and says what the button does', () => {
    assert.equal(
      tokenPrompt('sentry.io', ['event:read', 'org:read', 'project:read'], true),
      'Create a personal token on sentry.io with the scopes event:read, org:read, project:read, then paste it here. The button at the top opens the page for a new token. An internal integration token works too.',
    );
    assert.equal(
      tokenPrompt('sentry.example.com', ['event:read', 'event:write', 'member:read', 'org:read', 'project:read'], false),
      'Create a personal token on sentry.example.com with the scopes event:read, event:write, member:read, org:read, project:read, then paste it here. An internal integration token works too.',
    );
    assert.equal(
      tokenPrompt('sentry.io', ['org:read'], true),
      'Create a personal token on sentry.io with the scope org:read, then paste it here. The button at the top opens the page for a new token. An internal integration token works too.',
    );
    assert.equal(tokenPrompt('sentry.io', [], false), 'Create a personal token on sentry.io, then paste it here. An internal integration token works too.');
  });

  it('names the scopes a credential lacks, one or several, for a token and an API key', () => {
    assert.equal(
      missingScopesMessage('token', ['event:write']),
      'The auth token lacks the scope event:write, which Sentry Explorer asked for: what needs it will be refused. Create a token that has it and sign in again.',
    );
    assert.equal(
      missingScopesMessage('token', ['event:read', 'project:read']),
      'The auth token lacks the scopes event:read, project:read, which Sentry Explorer asked for: what needs them will be refused. Create a token that has them and sign in again.',
    );
    assert.equal(missingScopesMessage('apiKey', ['member:read']), 'The API key lacks the scope member:read, which Sentry Explorer asked for: what needs it will be refused.');
    assert.equal(missingScopesMessage('apiKey', ['a:read', 'b:read']), 'The API key lacks the scopes a:read, b:read, which Sentry Explorer asked for: what needs them will be refused.');
  });
});
