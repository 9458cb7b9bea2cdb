// The extension in an UNTRUSTED workspace (Restricted Mode), inside a real VS Code: a repository
// whose .vscode/settings.json names another server, organization, projects and path mappings
// (./workspace.ts, opened by test/harness/cli.ts with workspace trust enabled) cannot point the
// signed-in user's token anywhere but the user's own server, nor choose what is listed. package.json
// declares capabilities.untrustedWorkspaces "limited" with those four settings restricted; VS Code
// then ignores the workspace's values of them until the folder is trusted.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { sessionsKey } from '../../src/auth/core/sessionCodec';
import type { TestHooks } from '../../src/testHooks';
import { control, readExtensionLog, SANDBOX_URL, signInWithToken, UiRecorder, type RequestLogEntry } from '../integration/authHelpers';
import { activateExtension, contributes, getExtension } from '../integration/helpers';
import { print } from '../integration/output';
import { CLI_FILES, EVIL, SOURCE_FILE, UNRESTRICTED_WORKSPACE_SETTING, USER } from './workspace';

const RESTRICTED = ['baseUrl', 'organization', 'projects', 'pathMappings'] as const;
/** The hostile port named as such, not as the start of the sandbox's own port (127.0.0.1:9xxxx). */
const EVIL_HOST = /127\.0\.0\.1:9(?!\d)/;
const EVIL_NAMES = /evil-org|evil-project|globex|legacy-portal/;

function config(): vscode.WorkspaceConfiguration {
  return vscode.workspace.getConfiguration('sentryExplorer');
}

describe('untrusted workspace (Restricted Mode)', function () {
  this.timeout(60_000);
  let api: TestHooks;
  let rec: UiRecorder | undefined;

  before(async () => {
    api = await activateExtension();
  });

  after(() => {
    api?.auth.ui.reset();
    api?.issues.ui.reset();
  });

  it('the window is NOT trusted (vscode.workspace.isTrusted is false)', () => {
    // No skip: a trusted window here means the harness failed to produce Restricted Mode.
    assert.equal(vscode.workspace.isTrusted, false, 'the harness opened the folder trusted: this run proves nothing');
    const folders = vscode.workspace.workspaceFolders ?? [];
    assert.equal(folders.length, 1);
    assert.match(folders[0].name, /^sentry-explorer-untrusted-/, 'the throwaway folder of test/harness/cli.ts');
  });

  // Ignored, not absent: the folder's settings file names the hostile values and VS Code reads it
  // (its unrestricted setting applies), but in Restricted Mode it hands the extension host no
  // workspace value for a restricted setting at all (inspect() has no workspaceValue; in a trusted
  // window the same folder gives workspaceValue "evil-org" and get() returns it; baseUrl, being
  // application-scoped, is never taken from a workspace, trusted or not).
  it('VS Code reads the folder settings (the unrestricted one applies) but withholds their restricted values', async () => {
    const [folder] = vscode.workspace.workspaceFolders!;
    const file = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, '.vscode', 'settings.json')))) as Record<string, unknown>;
    for (const key of RESTRICTED) assert.deepEqual(file[`sentryExplorer.${key}`], EVIL[key], `.vscode/settings.json sets sentryExplorer.${key}`);
    const marker = config().inspect(UNRESTRICTED_WORKSPACE_SETTING.key);
    assert.equal(marker?.workspaceValue, UNRESTRICTED_WORKSPACE_SETTING.value, 'the folder settings were read');
    assert.equal(config().get(UNRESTRICTED_WORKSPACE_SETTING.key), UNRESTRICTED_WORKSPACE_SETTING.value);
    for (const key of RESTRICTED) {
      const seen = config().inspect(key);
      assert.equal(seen?.workspaceValue, undefined, `sentryExplorer.${key}: the workspace value reached the extension host`);
      assert.equal(seen?.workspaceFolderValue, undefined);
    }
  });

  it('the extension is active (supported in limited mode) and registers every contributed command', async () => {
    assert.equal(getExtension().isActive, true);
    assert.equal(typeof api.activationMs, 'number', 'activate() ran and returned its API');
    const declared = (getExtension().packageJSON as { capabilities?: { untrustedWorkspaces?: { supported?: unknown; restrictedConfigurations?: string[] } } }).capabilities?.untrustedWorkspaces;
    assert.equal(declared?.supported, 'limited');
    assert.deepEqual([...(declared?.restrictedConfigurations ?? [])].sort(), RESTRICTED.map((k) => `sentryExplorer.${k}`).sort());
    const registered = new Set(await vscode.commands.getCommands(true));
    const contributed = (contributes().commands ?? []).map((c) => c.command);
    assert.ok(contributed.length > 0);
    assert.deepEqual(
      contributed.filter((id) => !registered.has(id)),
      [],
      'contributed but not registered in Restricted Mode',
    );
  });

  it("VS Code gives the extension the user's organization, projects, path mappings and server, not the workspace's", () => {
    assert.equal(config().get('organization'), USER.organization);
    assert.deepEqual(config().get('projects'), USER.projects);
    assert.deepEqual(config().get('pathMappings'), [], 'the default: the user set no mapping');
    assert.equal(config().get<string>('baseUrl')?.replace(/\/+$/, ''), SANDBOX_URL);
    for (const key of RESTRICTED) assert.notDeepEqual(config().get(key), EVIL[key], `sentryExplorer.${key} is the workspace's`);
    assert.equal(config().inspect('organization')?.globalValue, USER.organization, 'the user settings name the organization');
    assert.deepEqual(config().inspect('projects')?.globalValue, USER.projects);
  });

  it("the extension's selection names the user's organization and project", async () => {
    await api.selection.ready;
    assert.deepEqual(api.selection.current, { org: USER.organization, projects: [...USER.projects] });
  });

  // The repository's sentry-cli files name globex/legacy-portal (.sentryclirc) and evil-org/
  // evil-project (sentry.properties). With the user settings naming nothing, a trusted window would
  // show the .sentryclirc's project; in Restricted Mode the files choose nothing, and the view says
  // why and offers to trust the folder.
  it("the repository's .sentryclirc and sentry.properties choose nothing; the view says why, with a Trust action", async () => {
    await api.selection.ready;
    assert.deepEqual(
      api.selection.detected.map((d) => ({ ...d })),
      [{ ...CLI_FILES.sentryclirc }, { ...CLI_FILES.sentryProperties }],
      'the files were read',
    );
    const cliNames: string[] = [CLI_FILES.sentryclirc.org, CLI_FILES.sentryclirc.project, CLI_FILES.sentryProperties.org, CLI_FILES.sentryProperties.project];
    try {
      await config().update('organization', undefined, vscode.ConfigurationTarget.Global);
      await config().update('projects', undefined, vscode.ConfigurationTarget.Global);
      for (let i = 0; i < 50 && config().get('organization'); i++) await new Promise((r) => setTimeout(r, 20));
      const chosen = api.selection.current;
      assert.deepEqual(chosen.projects, [], `the files chose the projects: ${JSON.stringify(chosen)}`);
      assert.ok(!cliNames.includes(chosen.org ?? ''), `the files chose the organization: ${JSON.stringify(chosen)}`);
      // No project: the view is empty, and VS Code shows its welcome (which says why and offers
      // Trust) only while the view has no message.
      for (let i = 0; i < 100 && api.issues.treeView.message !== undefined; i++) await new Promise((r) => setTimeout(r, 20));
      assert.equal(api.issues.treeView.message, undefined, 'a message hides the welcome that offers Trust');
      const nls = JSON.parse(new TextDecoder().decode(await vscode.workspace.fs.readFile(vscode.Uri.joinPath(getExtension().extensionUri, 'package.nls.json')))) as Record<string, string>;
      const welcomes = (contributes() as { viewsWelcome?: { view: string; contents: string; when?: string }[] }).viewsWelcome ?? [];
      // The manifest VS Code hands over may already have its %key% placeholders filled in.
      const text = (contents: string) => nls[contents.replace(/^%|%$/g, '')] ?? contents;
      const trust = welcomes.filter((w) => w.view === 'sentryExplorer.issues' && text(w.contents).includes('(command:workbench.trust.manage)'));
      assert.equal(trust.length, 1, 'the Issues view has a welcome with a Trust action');
      assert.match(trust[0].when ?? '', /sentryExplorer\.cliFilesIgnored/);
    } finally {
      await config().update('organization', USER.organization, vscode.ConfigurationTarget.Global);
      await config().update('projects', [...USER.projects], vscode.ConfigurationTarget.Global);
    }
    assert.deepEqual(api.selection.current, { org: USER.organization, projects: [...USER.projects] });
    assert.doesNotMatch(api.issues.treeView.message ?? '', /Restricted Mode/, 'no notice once the files would not have mattered');
  });

  it("the workspace's path mapping does not apply: files resolve inside the folder by their path alone", async () => {
    const [folder] = vscode.workspace.workspaceFolders!;
    const hello = await api.editor.files.resolve(`/${SOURCE_FILE}`);
    assert.equal(hello.kind, 'file');
    assert.equal(hello.kind === 'file' && hello.via, 'index', 'found by its path, not through a mapping');
    assert.equal(hello.kind === 'file' && hello.uri.toString(), vscode.Uri.joinPath(folder.uri, SOURCE_FILE).toString());
    assert.equal((await api.editor.files.resolve('/passwd')).kind, 'none');
    assert.equal((await api.editor.files.resolve('/hosts')).kind, 'none');
  });

  describe('signed in', () => {
    before(async function () {
      if (!SANDBOX_URL) throw new Error('no sandbox (SENTRY_EXPLORER_TEST_SANDBOX_URL): the harness starts one for this run');
      await api.auth.ready;
      const defaults = await control<{ authToken: string }>('defaults');
      rec = new UiRecorder();
      api.auth.ui.override(rec.ui());
      api.issues.ui.override(rec.ui());
      await signInWithToken(api, rec, defaults.authToken);
    });

    it('the session belongs to the sandbox (the user setting), not to http://127.0.0.1:9/', async () => {
      assert.equal(api.auth.provider.baseUrl, SANDBOX_URL);
      assert.equal(api.auth.provider.storageKey, sessionsKey(SANDBOX_URL!));
      assert.equal((await api.auth.getClient())?.baseUrl, SANDBOX_URL);
      assert.equal(await api.auth.context.secrets.get(sessionsKey(EVIL.baseUrl)), undefined, 'no session stored for the workspace server');
      const signedIn = rec!.messages('info').find((m) => m.startsWith('Signed in to Sentry'));
      assert.ok(signedIn?.includes(`(${new URL(SANDBOX_URL!).host})`), `the sign-in message names the sandbox: ${signedIn}`);
    });

    it("lists the user's issues: every request of this run went to the sandbox and names acme/web-frontend, never evil-org/evil-project", async () => {
      const nodes = await api.issues.tree.getChildren();
      assert.ok(
        nodes.some((n) => n.type === 'issue'),
        `the tree lists issues (${nodes.map((n) => n.type).join(', ')})`,
      );
      // The harness reset the sandbox (and its request log) right before this VS Code started.
      const log = await control<RequestLogEntry[]>('requests');
      assert.ok(log.length > 0);
      print(`      (${log.length} requests: ${[...new Set(log.map((r) => `${r.method} ${r.path}`))].join(', ')})`);
      const named = (r: RequestLogEntry) => `${r.path}?${r.query.map(([k, v]) => `${k}=${v}`).join('&')} ${r.body ?? ''}`;
      assert.deepEqual(log.filter((r) => EVIL_NAMES.test(named(r))).map(named), [], 'requests naming the workspace organization or project');
      const lists = log.filter((r) => /^\/api\/0\/(organizations|projects)\/[^/]+(\/[^/]+)?\/issues\/$/.test(r.path));
      assert.ok(lists.length > 0, 'the tree asked for an issue list');
      for (const r of lists) {
        assert.match(r.path, new RegExp(`^/api/0/(organizations|projects)/${USER.organization}/`));
        const projects = r.query.filter(([k]) => k === 'project').map(([, v]) => v);
        // The user's projects by id (web-frontend is 4501 in the seed): the client sends ids, never slugs.
        if (r.path.startsWith('/api/0/organizations/'))
          assert.deepEqual(
            projects,
            USER.projects.map((p) => ({ 'web-frontend': '4501' })[p] ?? p),
          );
      }
      const ext = readExtensionLog(api.auth);
      assert.doesNotMatch(ext, EVIL_HOST, 'the extension log mentions the workspace server');
      assert.doesNotMatch(ext, EVIL_NAMES, 'the extension log mentions the workspace organization or project');
    });
  });
});
