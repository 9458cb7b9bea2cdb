import assert from 'node:assert/strict';
import fc from 'fast-check';
import { codeSpan, escapeMarkdown, isLoopbackHost, labelText, plainText, safeVerificationUrl, safeWebUrl } from '../../../src/util/untrusted';

// VS Code's notification renderer (parseLinkedText) turns these into live links.
const NOTIFICATION_LINK = /\[([^\]]+)\]\(((?:https?:\/\/|command:|file:)[^)\s]+)(?: (["'])(.+?)(\3))?\)/i;

describe('untrusted text', () => {
  describe('plainText (notifications)', () => {
    it('breaks a command link a hostile location carries', () => {
      const hostile = '[Add the path mapping](command:workbench.action.terminal.sendSequence?%7B%22text%22%3A%22rm%20-rf%20~%5Cn%22%7D)';
      const out = plainText(`${hostile} is not in this workspace`);
      assert.doesNotMatch(out, NOTIFICATION_LINK);
      assert.match(out, /Add the path mapping/);
    });
    it('breaks links with white space between ] and (', () => {
      assert.doesNotMatch(plainText('[x] \n(command:foo)'), NOTIFICATION_LINK);
      assert.doesNotMatch(plainText('[x]\t(https://evil.example/)'), /\]\(/);
    });
    it('drops controls and bidi overrides, and bounds the length', () => {
      assert.equal(plainText('a\u0000b\u202ec'), 'a b c');
      assert.equal(plainText('x'.repeat(10_000)).length, 500);
      assert.equal(plainText(undefined), '');
      assert.equal(plainText(42), '42');
    });
    it('never leaves a renderable link, whatever the input', () => {
      fc.assert(
        fc.property(fc.string(), fc.constantFrom('command:x', 'https://e.example/', 'file:///etc/passwd'), fc.string(), (a, target, b) => {
          assert.doesNotMatch(plainText(`${a}[label](${target})${b}`), NOTIFICATION_LINK);
        }),
      );
    });
  });

  describe('escapeMarkdown and codeSpan (hovers, tooltips)', () => {
    it('escapes links, images, HTML and emphasis', () => {
      const out = escapeMarkdown('![img](https://evil.example/x.png) [a](command:x) <img src=x> **b**');
      assert.doesNotMatch(out, /(^|[^\\])[[\]()<>*]/);
    });
    it('keeps a culprit with a blank line inside its code span', () => {
      const span = codeSpan('a\n\n[live](https://evil.example/) `b` ![i](https://evil.example/i.png)');
      assert.equal(span.split('`').length, 3, 'exactly one code span');
      assert.doesNotMatch(span, /\n/);
    });
    it('an empty culprit is no code span', () => assert.equal(codeSpan('  '), ''));
  });

  describe('safeWebUrl', () => {
    const base = 'https://sentry.example.com';
    it('accepts the server origin and sentry.io hosts', () => {
      assert.ok(safeWebUrl('https://sentry.example.com/organizations/acme/issues/1/', base));
      assert.ok(safeWebUrl('https://acme.sentry.io/issues/1/', base));
      assert.ok(safeWebUrl('https://sentry.io/organizations/acme/issues/1/', undefined));
    });
    it('refuses other schemes, hosts and look-alikes', () => {
      for (const bad of [
        'command:workbench.action.terminal.sendSequence',
        'file:///etc/passwd',
        'vscode://x',
        'javascript:alert(1)',
        'https://evil.example/',
        'https://sentry.io.evil.example/',
        'http://sentry.io/',
        'https://user:pw@sentry.io/',
        'https://sentry.io:8443/',
        42,
      ]) {
        assert.equal(safeWebUrl(bad, base), undefined, String(bad));
      }
    });
  });

  describe('safeVerificationUrl', () => {
    it('opens https pages of the configured server', () => {
      assert.ok(safeVerificationUrl('https://sentry.io/oauth/device/?user_code=BCDF-GHJK', 'https://sentry.io'));
      assert.ok(safeVerificationUrl('http://127.0.0.1:8000/oauth/device/', 'http://127.0.0.1:8000'));
    });
    it('refuses other schemes, origins and plain http off loopback', () => {
      const base = 'https://sentry.io';
      for (const bad of ['file:///etc/passwd', 'vscode://ms-vscode.x/y', 'smb://evil/share', 'https://evil.example/oauth/device/', 'command:x'])
        assert.equal(safeVerificationUrl(bad, base), undefined, bad);
      assert.equal(safeVerificationUrl('http://sentry.corp:9000/oauth/device/', 'http://sentry.corp:9000'), undefined);
    });
  });

  it('only literal loopback names count as loopback', () => {
    for (const h of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', '::1']) assert.ok(isLoopbackHost(h), h);
    for (const h of ['evil.localhost', 'localhost.evil.example', '128.0.0.1', '10.0.0.1', '::2']) assert.ok(!isLoopbackHost(h), h);
  });
});

describe('labelText (CodeLens titles, status-bar text)', () => {
  it('shows icon syntax from a server as typed, and is plain text', () => {
    const out = labelText('$(alert) WEB-1 [x](command:y)');
    assert.ok(out.startsWith('\\$(alert)'), out);
    assert.doesNotMatch(out.replace(/\\\$\(/g, ''), /\$\(/);
    assert.doesNotMatch(out, /\]\(/);
  });
});
