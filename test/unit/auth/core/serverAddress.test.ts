// Which server to sign in to: sentry.io or a self-hosted address as a person types it, held to the
// rules of the setting it is written to (sentryExplorer.baseUrl).
import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { BASE_URL_PATTERN, isSentryCloud, parseServerAddress } from '../../../../src/auth/core/serverAddress';
import { inspectAuthConfig } from '../../../../src/config';

const ok = (text: string) => {
  const r = parseServerAddress(text);
  assert.ok('baseUrl' in r, `${JSON.stringify(text)}: ${'problem' in r ? r.problem : ''}`);
  return r.baseUrl;
};
const problem = (text: string) => {
  const r = parseServerAddress(text);
  assert.ok('problem' in r, `${JSON.stringify(text)} was taken as ${'baseUrl' in r ? r.baseUrl : ''}`);
  return r.problem;
};

describe('auth/serverAddress', () => {
  it('tells sentry.io from a self-hosted server', () => {
    assert.equal(isSentryCloud('https://sentry.io'), true);
    assert.equal(isSentryCloud('https://sentry.io/'), true);
    assert.equal(isSentryCloud('https://sentry.example.com'), false);
    assert.equal(isSentryCloud('http://sentry.io'), false);
    assert.equal(isSentryCloud('not a url'), false);
  });

  it('takes an address as typed: https when the scheme is left out, a port and a path kept, normalized', () => {
    assert.equal(ok('sentry.example.com'), 'https://sentry.example.com');
    assert.equal(ok('  https://sentry.example.com/  '), 'https://sentry.example.com');
    assert.equal(ok('HTTPS://Sentry.Example.com:8443/sentry/'), 'https://sentry.example.com:8443/sentry');
    assert.equal(ok('http://10.0.0.5:9000'), 'http://10.0.0.5:9000');
    assert.equal(ok('localhost:9000'), 'https://localhost:9000');
    assert.equal(ok('http://127.0.0.1:4780'), 'http://127.0.0.1:4780');
  });

  it('refuses what the setting would refuse, saying why', () => {
    assert.match(problem(''), /Enter the address/);
    assert.match(problem('   '), /Enter the address/);
    assert.match(problem('ftp://sentry.example.com'), /https:\/\/ or http:\/\//);
    assert.match(problem('https://user:pw@sentry.example.com'), /user name or password/);
    assert.match(problem('https://sentry.example.com/?next=x'), /query/);
    assert.match(problem('https://sentry.example.com/#x'), /fragment/);
    assert.match(problem('https://sentry example.com'), /spaces/);
    problem('javascript:alert(1)');
    problem('https://');
  });

  it('what it takes is a valid sentryExplorer.baseUrl: the pattern of package.json, and no problem when read', () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(__dirname, '../../../../package.json'), 'utf8'));
    assert.equal(pkg.contributes.configuration.properties['sentryExplorer.baseUrl'].pattern, BASE_URL_PATTERN);
    for (const text of ['sentry.example.com', 'https://sentry.example.com:8443/sentry/', 'http://10.0.0.5:9000', 'localhost:9000']) {
      const baseUrl = ok(text);
      assert.match(baseUrl, new RegExp(BASE_URL_PATTERN));
      const read = inspectAuthConfig({ get: <T>(key: string) => (key === 'baseUrl' ? baseUrl : undefined) as T });
      assert.equal(read.problem, undefined, baseUrl);
      assert.equal(read.config.baseUrl, baseUrl);
    }
  });
});
