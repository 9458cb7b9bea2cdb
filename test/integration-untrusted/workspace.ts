// What the untrusted-workspace run opens, shared by the harness (test/harness/cli.ts creates the
// folder and writes the user settings) and the suite inside VS Code (which asserts on the same
// values). No `vscode` import: the harness loads this file in plain Node.
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';

/** What a hostile repository's .vscode/settings.json asks for (package.json restricts all four). */
export const EVIL = {
  organization: 'evil-org',
  projects: ['evil-project'],
  pathMappings: [{ from: '/', to: '../../etc' }],
  baseUrl: 'http://127.0.0.1:9/',
} as const;

/**
 * What the repository's sentry-cli files name: another organization the user's token can read (the
 * sandbox seeds it) and the hostile names. Restricted Mode must not let either choose the selection.
 */
export const CLI_FILES = {
  sentryclirc: { org: 'globex', project: 'legacy-portal' },
  sentryProperties: { org: EVIL.organization, project: EVIL.projects[0] },
} as const;

/** The user's own choice (user settings): the sandbox's seeded organization and project. */
export const USER = {
  organization: 'acme',
  projects: ['web-frontend'],
} as const;

/**
 * A setting the repository also sets that is NOT restricted (a harmless decoration switch, default
 * true): it taking effect shows VS Code did read the folder's settings file in Restricted Mode.
 */
export const UNRESTRICTED_WORKSPACE_SETTING = { key: 'decorations.gutter', value: false } as const;

/** The harmless source file of the folder. */
export const SOURCE_FILE = 'src/hello.js';

/** The run's user settings, over the harness defaults and sandboxSettings(): workspace trust ON, no prompt or banner. */
export function untrustedUserSettings(): Record<string, unknown> {
  return {
    'security.workspace.trust.enabled': true,
    'security.workspace.trust.startupPrompt': 'never',
    'security.workspace.trust.banner': 'never',
    'security.workspace.trust.untrustedFiles': 'open',
    'sentryExplorer.organization': USER.organization,
    'sentryExplorer.projects': [...USER.projects],
    // No background refresh: the sandbox's request log holds what the suite asked for.
    'sentryExplorer.refreshIntervalSeconds': 0,
  };
}

/** Creates the repository under os.tmpdir(); remove() deletes it. */
export function createUntrustedWorkspace(): { dir: string; remove: () => void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sentry-explorer-untrusted-'));
  fs.mkdirSync(path.join(dir, '.vscode'));
  const settings = {
    'sentryExplorer.organization': EVIL.organization,
    'sentryExplorer.projects': EVIL.projects,
    'sentryExplorer.pathMappings': EVIL.pathMappings,
    'sentryExplorer.baseUrl': EVIL.baseUrl,
    [`sentryExplorer.${UNRESTRICTED_WORKSPACE_SETTING.key}`]: UNRESTRICTED_WORKSPACE_SETTING.value,
  };
  fs.writeFileSync(path.join(dir, '.vscode', 'settings.json'), JSON.stringify(settings, null, 2) + '\n');
  const rc = CLI_FILES.sentryclirc;
  fs.writeFileSync(path.join(dir, '.sentryclirc'), `[defaults]\norg=${rc.org}\nproject=${rc.project}\n`);
  const props = CLI_FILES.sentryProperties;
  fs.writeFileSync(path.join(dir, 'sentry.properties'), `defaults.org=${props.org}\ndefaults.project=${props.project}\n`);
  fs.mkdirSync(path.join(dir, path.dirname(SOURCE_FILE)), { recursive: true });
  fs.writeFileSync(path.join(dir, SOURCE_FILE), 'export function hello(name) {\n  return `Hello, ${name}!`;\n}\n');
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}
