/**
 * The Marketplace manifest (package.json with package.nls.json): what a stranger sees in the
 * gallery, and the contributions that must point at real commands, context keys, files and strings.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Commands, ContextKeys } from '../../../src/constants';

const ROOT = join(__dirname, '../../..');
const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
const nls: Record<string, string> = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8'));
const contributes = manifest.contributes;

/** Every string value in a JSON tree, with its path. */
function strings(value: unknown, path = ''): Array<{ path: string; text: string }> {
  if (typeof value === 'string') return [{ path, text: value }];
  if (Array.isArray(value)) return value.flatMap((v, i) => strings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => strings(v, path ? `${path}.${k}` : k));
  return [];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(file: string): { width: number; height: number } {
  const bytes = readFileSync(file);
  assert.equal(bytes.subarray(1, 4).toString('latin1'), 'PNG', `${file} is not a PNG`);
  assert.equal(bytes.subarray(12, 16).toString('latin1'), 'IHDR');
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

const commandIds = new Set<string>(contributes.commands.map((c: { command: string }) => c.command));
const contextKeys = new Set<string>(Object.values(ContextKeys));

describe('the Marketplace manifest', () => {
  it('has a 128×128 PNG icon, a gallery banner, real categories and keywords, and no placeholder addresses', () => {
    assert.deepEqual(pngSize(join(ROOT, manifest.icon)), { width: 128, height: 128 });
    assert.match(manifest.galleryBanner.color, /^#[0-9a-f]{6}$/i);
    assert.ok(['dark', 'light'].includes(manifest.galleryBanner.theme));
    assert.ok(manifest.categories.length > 0 && !manifest.categories.includes('Other'), `categories: ${manifest.categories}`);
    assert.ok(manifest.keywords.length >= 5 && manifest.keywords.length <= 30, 'vsce refuses more than 30 keywords');
    for (const url of [manifest.repository.url, manifest.bugs.url, manifest.homepage]) {
      assert.match(url, /^https:\/\//, url);
      assert.doesNotMatch(url, /example\.(invalid|com|org)|localhost/, url);
    }
    assert.equal(manifest.l10n, './l10n');
    assert.ok(existsSync(join(ROOT, 'CHANGELOG.md')) && readFileSync(join(ROOT, 'CHANGELOG.md'), 'utf8').includes(`## [${manifest.version}]`), 'CHANGELOG.md has this version');
  });

  it('every %key% has an English string in package.nls.json, and every string there is used', () => {
    const used = new Set<string>();
    for (const { path, text } of strings(manifest)) {
      for (const m of text.matchAll(/^%([^%\s]+)%$/g)) {
        used.add(m[1]);
        assert.ok(typeof nls[m[1]] === 'string' && nls[m[1]].trim() !== '', `${path}: %${m[1]}% has no English string`);
      }
    }
    assert.deepEqual(
      Object.keys(nls).filter((k) => !used.has(k)),
      [],
      'strings of package.nls.json no field uses',
    );
    // What users read is translatable: titles, names, descriptions of contributions.
    const userFacing = /(^displayName|^description|\.title|\.name|\.label|\.contents|[dD]escription|ErrorMessage|\.category)$/;
    const literal = strings(contributes).filter(
      ({ path, text }) => userFacing.test(path) && !/^%.+%$/.test(text) && !/\.(modelDescription|inputSchema\..*)$/.test(path) && !path.includes('inputSchema'),
    );
    // A participant's and a tool's name are identifiers, not text.
    assert.deepEqual(
      literal.filter(({ path }) => !/chatParticipants\[\d+\]\.(name|fullName)$|\.commands\[\d+\]\.name$|languageModelTools\[\d+\]\.name$/.test(path)),
      [],
    );
  });

  it('every command has a category, and an icon where it shows inline or in a view title', () => {
    for (const c of contributes.commands) assert.ok(c.category, `${c.command} has no category`);
    const needIcon = new Set<string>();
    for (const [menu, entries] of Object.entries(contributes.menus as Record<string, Array<{ command: string; group?: string }>>)) {
      for (const e of entries) {
        if (e.group?.startsWith('inline') || (menu === 'view/title' && e.group?.startsWith('navigation'))) needIcon.add(e.command);
      }
    }
    assert.ok(needIcon.size > 0);
    for (const id of needIcon) {
      const c = contributes.commands.find((x: { command: string }) => x.command === id);
      assert.ok(c?.icon, `${id} shows as an icon but has none`);
    }
    // package.json contributes exactly the commands the code registers (constants.ts).
    assert.deepEqual([...commandIds].sort(), Object.values(Commands).sort());
  });

  it('the walkthrough: each step completes on a real command or context key, links only real commands, and has its Markdown', () => {
    const [walkthrough] = contributes.walkthroughs;
    const steps = walkthrough.steps as Array<{ id: string; title: string; description: string; media: { markdown?: string }; completionEvents: string[] }>;
    assert.deepEqual(
      steps.map((s) => s.id),
      ['signIn', 'chooseProject', 'openMarkedFile', 'openEvents', 'resolve'],
    );
    for (const step of steps) {
      assert.ok(step.completionEvents.length > 0, `${step.id} never completes`);
      for (const event of step.completionEvents) {
        const [kind, name] = event.split(':', 2).length === 2 ? [event.slice(0, event.indexOf(':')), event.slice(event.indexOf(':') + 1)] : [event, ''];
        if (kind === 'onCommand') assert.ok(commandIds.has(name), `${step.id}: ${event} is not a command`);
        else if (kind === 'onContext') {
          for (const key of name.split('&&').map((k) => k.trim().replace(/^!/, ''))) assert.ok(contextKeys.has(key), `${step.id}: ${key} is not a context key the extension sets`);
        } else assert.fail(`${step.id}: unexpected completion event ${event}`);
      }
      const description = nls[step.description.replace(/%/g, '')] ?? step.description;
      const links = [...description.matchAll(/\(command:([\w.]+)\)/g)].map((m) => m[1]);
      assert.ok(links.length > 0, `${step.id} has no button`);
      for (const id of links) assert.ok(commandIds.has(id), `${step.id} links ${id}, which is no command`);
      assert.ok(step.media.markdown && existsSync(join(ROOT, step.media.markdown)), `${step.id}: media ${step.media.markdown}`);
    }
  });

  it('settings: Markdown descriptions, an order, validation messages; the restricted ones are real settings', () => {
    const props = contributes.configuration.properties as Record<string, Record<string, unknown>>;
    const orders = Object.values(props).map((p) => p.order);
    assert.equal(new Set(orders).size, orders.length, 'each setting has its own order');
    for (const [key, p] of Object.entries(props)) {
      assert.ok(p.markdownDescription, `${key} has no markdownDescription`);
      assert.equal(typeof p.order, 'number', `${key} has no order`);
      if (p.enum)
        assert.equal(
          (p.enumDescriptions as unknown[] | undefined)?.length ?? (p.markdownEnumDescriptions as unknown[] | undefined)?.length,
          (p.enum as unknown[]).length,
          `${key}: a description per value`,
        );
    }
    const baseUrl = props['sentryExplorer.baseUrl'];
    const pattern = new RegExp(baseUrl.pattern as string);
    for (const good of ['https://sentry.io', 'http://localhost:9000', 'https://sentry.example.com/sub/']) assert.match(good, pattern);
    for (const bad of ['sentry.io', 'ftp://sentry.io', 'https://user:pw@sentry.io', 'https://sentry.io/?x=1', 'javascript:alert(1)']) assert.doesNotMatch(bad, pattern);
    assert.ok(nls[(baseUrl.patternErrorMessage as string).replace(/%/g, '')].includes('https://'));
    const mapping = props['sentryExplorer.pathMappings'].items as { required: string[]; errorMessage: string };
    assert.deepEqual(mapping.required, ['from', 'to']);
    assert.ok(nls[mapping.errorMessage.replace(/%/g, '')].includes('"from"'));
    const { untrustedWorkspaces, virtualWorkspaces } = manifest.capabilities;
    assert.equal(untrustedWorkspaces.supported, 'limited');
    assert.deepEqual([...untrustedWorkspaces.restrictedConfigurations].sort(), ['sentryExplorer.baseUrl', 'sentryExplorer.organization', 'sentryExplorer.pathMappings', 'sentryExplorer.projects']);
    for (const key of untrustedWorkspaces.restrictedConfigurations) assert.ok(props[key], key);
    assert.ok(['limited', true].includes(virtualWorkspaces.supported) && virtualWorkspaces.description);
  });

  it("engines.vscode and @types/vscode name the same version, so the type check refuses an API newer than the engine (VS Code's AI APIs go through src/ai/aiApis.ts)", () => {
    const engine = /^\^(\d+\.\d+)\.\d+$/.exec(manifest.engines.vscode)?.[1];
    const types = /^~(\d+\.\d+)\.\d+$/.exec(manifest.devDependencies['@types/vscode'])?.[1];
    assert.ok(engine, `engines.vscode ${manifest.engines.vscode} is ^x.y.z`);
    assert.equal(types, engine, `@types/vscode ${manifest.devDependencies['@types/vscode']} is ~${engine}.0`);
  });

  it('activates on no broader event than startup finished', () => {
    assert.ok(!manifest.activationEvents.includes('*'));
    for (const e of manifest.activationEvents) assert.match(e, /^(onStartupFinished|onWebviewPanel:|workspaceContains:|onView:|onCommand:|onUri|onAuthenticationRequest:)/);
  });
});
