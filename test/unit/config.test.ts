// Reading the sign-in settings is pure: every form of each setting, the defaults, and a bad base
// URL that reads as the default with a problem to report (never an exception, never a dialog).
import assert from 'node:assert/strict';
import { DEFAULT_BASE_URL, DEFAULT_SCOPES, inspectAuthConfig, readAuthConfig, readEventsPanelConfig, type ConfigReader } from '../../src/config';

/** A settings section as vscode.workspace.getConfiguration('sentryExplorer') answers: undefined for what is not set. */
function settings(values: Record<string, unknown>): ConfigReader {
  return { get: <T>(key: string) => values[key] as T | undefined };
}

const DEFAULT_SORTED = [...DEFAULT_SCOPES].sort();

describe('sign-in settings (config.ts)', () => {
  it('nothing set: sentry.io, no client id, the default scopes sorted, no problem', () => {
    assert.deepEqual(inspectAuthConfig(settings({})), { config: { baseUrl: DEFAULT_BASE_URL, clientId: '', scopes: DEFAULT_SORTED } });
    assert.deepEqual(DEFAULT_SORTED, ['event:read', 'org:read', 'project:read']);
  });

  describe('sentryExplorer.baseUrl', () => {
    const accepted: [string, string][] = [
      ['https://sentry.example.com', 'https://sentry.example.com'],
      ['https://sentry.example.com/', 'https://sentry.example.com'],
      ['  https://sentry.example.com//  ', 'https://sentry.example.com'],
      ['https://example.com/sentry/', 'https://example.com/sentry'],
      ['HTTPS://Sentry.Example.COM', 'https://sentry.example.com'],
      ['https://sentry.example.com:8443/', 'https://sentry.example.com:8443'],
      ['https://sentry.example.com:443', 'https://sentry.example.com'],
      ['http://127.0.0.1:9000', 'http://127.0.0.1:9000'],
      ['http://sentry.internal', 'http://sentry.internal'],
      ['https://sentry.example.com/?x=1#frag', 'https://sentry.example.com'],
    ];
    for (const [raw, expected] of accepted) {
      it(`"${raw}" reads as ${expected}`, () => {
        const r = inspectAuthConfig(settings({ baseUrl: raw }));
        assert.equal(r.config.baseUrl, expected);
        assert.equal(r.problem, undefined);
      });
    }

    for (const empty of ['', '   ', undefined, null, 42, ['https://sentry.example.com']]) {
      it(`${JSON.stringify(empty)} (unset, blank or not a string) reads as the default without a problem`, () => {
        const r = inspectAuthConfig(settings({ baseUrl: empty }));
        assert.equal(r.config.baseUrl, DEFAULT_BASE_URL);
        assert.equal(r.problem, undefined);
      });
    }

    const refused: [string, RegExp][] = [
      ['sentry.example.com', /not a URL \("sentry\.example\.com"\).*e\.g\. https:\/\/sentry\.io/],
      ['/relative/path', /not a URL/],
      ['https://', /not a URL/],
      ['ftp://sentry.example.com', /must start with https:\/\/ or http:\/\/, not ftp:/],
      ['file:///etc/passwd', /must start with https:\/\/ or http:\/\/, not file:/],
      ['javascript:alert(1)', /not javascript:/],
      ['sentry.example.com:9000', /not sentry\.example\.com:/],
      ['https://user:secret@sentry.example.com', /must not contain a user name or password/],
      ['https://user@sentry.example.com', /must not contain a user name or password/],
    ];
    for (const [raw, problem] of refused) {
      it(`"${raw}" is a problem and reads as the default meanwhile`, () => {
        const r = inspectAuthConfig(settings({ baseUrl: raw, 'oauth.clientId': 'abc', 'oauth.scopes': 'org:read' }));
        assert.match(r.problem ?? '', problem);
        assert.match(r.problem ?? '', /sentryExplorer\.baseUrl/, 'names the setting');
        assert.deepEqual(r.config, { baseUrl: DEFAULT_BASE_URL, clientId: 'abc', scopes: ['org:read'] }, 'the other settings still apply');
        assert.deepEqual(readAuthConfig(settings({ baseUrl: raw })).baseUrl, DEFAULT_BASE_URL, 'readAuthConfig never throws');
      });
    }

    it('a problem never repeats a password the setting holds', () => {
      const r = inspectAuthConfig(settings({ baseUrl: 'https://me:hunter2hunter2@sentry.example.com' }));
      assert.ok(r.problem);
      assert.ok(!r.problem.includes('hunter2'), r.problem);
    });
  });

  describe('sentryExplorer.oauth.clientId', () => {
    it('is trimmed', () => {
      assert.equal(readAuthConfig(settings({ 'oauth.clientId': '  0123abcd \n' })).clientId, '0123abcd');
    });
    for (const unset of [undefined, '', '   ', 7, null]) {
      it(`${JSON.stringify(unset)} reads as no client id`, () => {
        assert.equal(readAuthConfig(settings({ 'oauth.clientId': unset })).clientId, '');
      });
    }
  });

  describe('sentryExplorer.oauth.scopes', () => {
    it('a string is split on spaces and commas, de-duplicated and sorted', () => {
      assert.deepEqual(readAuthConfig(settings({ 'oauth.scopes': ' project:read, org:read  event:read,,org:read\tmember:read ' })).scopes, ['event:read', 'member:read', 'org:read', 'project:read']);
    });
    it('an array is trimmed, de-duplicated and sorted; blank entries are dropped', () => {
      assert.deepEqual(readAuthConfig(settings({ 'oauth.scopes': ['project:write', ' org:read ', '', 'project:write'] })).scopes, ['org:read', 'project:write']);
    });
    it('array entries that are not strings are read as text', () => {
      assert.deepEqual(readAuthConfig(settings({ 'oauth.scopes': ['org:read', 5] })).scopes, ['5', 'org:read']);
    });
    for (const empty of [undefined, '', ' , ', [], ['', '  '], 3, { scope: 'org:read' }]) {
      it(`${JSON.stringify(empty)} reads as the default scopes`, () => {
        assert.deepEqual(readAuthConfig(settings({ 'oauth.scopes': empty })).scopes, DEFAULT_SORTED);
      });
    }
    it('the default list is a fresh array each time (a caller cannot change the next reading)', () => {
      const first = readAuthConfig(settings({}));
      first.scopes.push('project:admin');
      assert.deepEqual(readAuthConfig(settings({})).scopes, DEFAULT_SORTED);
    });
  });
});

describe('events panel settings (config.ts)', () => {
  it('sentryExplorer.markSeenOnOpen is on unless set to false', () => {
    assert.deepEqual(readEventsPanelConfig(settings({})), { markSeenOnOpen: true });
    assert.deepEqual(readEventsPanelConfig(settings({ markSeenOnOpen: true })), { markSeenOnOpen: true });
    assert.deepEqual(readEventsPanelConfig(settings({ markSeenOnOpen: false })), { markSeenOnOpen: false });
  });
  for (const odd of [null, 'false', 0, 1, [], {}]) {
    it(`${JSON.stringify(odd)} (not a boolean) reads as the default, on`, () => {
      assert.equal(readEventsPanelConfig(settings({ markSeenOnOpen: odd })).markSeenOnOpen, true);
    });
  }
});
