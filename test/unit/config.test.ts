// Reading the settings is pure: every form of each setting, the defaults (the same as package.json
// declares), and a bad value that reads as the default, with a problem to report where the user
// must fix something (never an exception, never a dialog).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  DEFAULT_BASE_URL,
  DEFAULT_SCOPES,
  inspectAuthConfig,
  readAiToolsEnabled,
  readAuthConfig,
  readEditorConfig,
  readEventsPanelConfig,
  readPathMappingsSetting,
  readRefreshIntervalMs,
  readSelectionSettings,
  SETTING_DEFAULTS,
  type ConfigReader,
} from '../../src/config';

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

describe('every setting (config.ts)', () => {
  const declared = JSON.parse(readFileSync(join(__dirname, '../../package.json'), 'utf8')).contributes.configuration.properties as Record<string, { default?: unknown }>;

  it('knows each setting package.json declares, with the same default', () => {
    const fromManifest = Object.fromEntries(Object.entries(declared).map(([key, p]) => [key.replace(/^sentryExplorer\./, ''), p.default]));
    assert.deepEqual({ ...SETTING_DEFAULTS }, fromManifest);
  });

  it('nothing set reads as the defaults everywhere', () => {
    const none = settings({});
    assert.equal(readRefreshIntervalMs(none), SETTING_DEFAULTS.refreshIntervalSeconds * 1000);
    assert.deepEqual(readEditorConfig(none), { gutter: true, inline: true, codeLens: false, diagnostics: false });
    assert.deepEqual(readPathMappingsSetting(none), { mappings: [], problems: [] });
    assert.deepEqual(readSelectionSettings(none), { org: undefined, projects: [] });
    assert.equal(readAiToolsEnabled(none), true);
  });
});

describe('sentryExplorer.refreshIntervalSeconds (config.ts)', () => {
  it('is read in milliseconds; 0 or less is off', () => {
    assert.equal(readRefreshIntervalMs(settings({ refreshIntervalSeconds: 60 })), 60_000);
    assert.equal(readRefreshIntervalMs(settings({ refreshIntervalSeconds: 1.5 })), 1500);
    assert.equal(readRefreshIntervalMs(settings({ refreshIntervalSeconds: 0 })), 0);
    assert.equal(readRefreshIntervalMs(settings({ refreshIntervalSeconds: -5 })), 0);
  });
  for (const odd of [null, '60', Number.NaN, Number.POSITIVE_INFINITY, [], {}]) {
    it(`${String(odd)} (not a finite number) reads as the default, 300 s`, () => {
      assert.equal(readRefreshIntervalMs(settings({ refreshIntervalSeconds: odd })), 300_000);
    });
  }
});

describe('the editor switches (config.ts)', () => {
  it('each reads as set', () => {
    const all = { 'decorations.gutter': false, 'decorations.inline': false, 'codeLens.enabled': true, 'diagnostics.enabled': true };
    assert.deepEqual(readEditorConfig(settings(all)), { gutter: false, inline: false, codeLens: true, diagnostics: true });
  });
  for (const odd of [null, 'true', 0, 1, [], {}]) {
    it(`${JSON.stringify(odd)} (not a boolean) reads as each one's default`, () => {
      const all = { 'decorations.gutter': odd, 'decorations.inline': odd, 'codeLens.enabled': odd, 'diagnostics.enabled': odd };
      assert.deepEqual(readEditorConfig(settings(all)), { gutter: true, inline: true, codeLens: false, diagnostics: false });
    });
  }
});

describe('sentryExplorer.pathMappings (config.ts)', () => {
  it('keeps the usable entries and names the others by position', () => {
    const r = readPathMappingsSetting(settings({ pathMappings: [{ from: '/app/', to: 'src' }, { from: '/x/' }] }));
    assert.deepEqual(r.mappings, [{ from: '/app/', to: 'src' }]);
    assert.equal(r.problems.length, 1);
    assert.match(r.problems[0], /Path mapping 2/);
  });
  it('not a list: no mapping, and a problem', () => {
    const r = readPathMappingsSetting(settings({ pathMappings: '/app/=src' }));
    assert.deepEqual(r.mappings, []);
    assert.match(r.problems[0], /sentryExplorer\.pathMappings must be a list/);
  });
});

describe('sentryExplorer.organization and sentryExplorer.projects (config.ts)', () => {
  it('read as set', () => {
    assert.deepEqual(readSelectionSettings(settings({ organization: 'acme', projects: ['web', ' api '] })), { org: 'acme', projects: ['web', ' api '] });
  });
  it('an empty organization is none', () => {
    assert.equal(readSelectionSettings(settings({ organization: '' })).org, undefined);
  });
  for (const odd of [42, true, ['acme'], {}]) {
    it(`organization ${JSON.stringify(odd)} (not a string) reads as none`, () => {
      assert.equal(readSelectionSettings(settings({ organization: odd })).org, undefined);
    });
  }
  for (const odd of ['web', 42, {}, null]) {
    it(`projects ${JSON.stringify(odd)} (not a list) reads as none`, () => {
      assert.deepEqual(readSelectionSettings(settings({ projects: odd })).projects, []);
    });
  }
  it('a list keeps only its strings', () => {
    assert.deepEqual(readSelectionSettings(settings({ projects: ['web', 7, null, 'api'] })).projects, ['web', 'api']);
  });
});

describe('sentryExplorer.ai.tools (config.ts)', () => {
  it('is on unless set to false', () => {
    assert.equal(readAiToolsEnabled(settings({ 'ai.tools': false })), false);
    assert.equal(readAiToolsEnabled(settings({ 'ai.tools': true })), true);
    for (const odd of [null, 'false', 0, []]) assert.equal(readAiToolsEnabled(settings({ 'ai.tools': odd })), true, JSON.stringify(odd));
  });
});
