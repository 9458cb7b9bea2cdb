// The layout's lint rules (eslint.config.mjs) on small probe files: each rule refuses what it is
// for and lets through what the layout allows, so a change to the config cannot quietly drop one.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ESLint } from 'eslint';

const ROOT = join(__dirname, '../../..');

/** The messages of the layout's rules for `code` as if it were the file at `file` (relative to the repository). */
async function layoutErrors(file: string, code: string): Promise<string[]> {
  const eslint = new ESLint({ cwd: ROOT });
  const [result] = await eslint.lintText(code, { filePath: join(ROOT, file) });
  return result.messages
    .filter((m) => m.ruleId === 'layout/feature-edges' || m.ruleId === 'layout/model-readers' || m.ruleId === 'no-restricted-imports' || m.ruleId === 'no-restricted-properties')
    .map((m) => m.message);
}

const use = (spec: string) => `import { a } from '${spec}';\nexport const b = a;\n`;

describe('the layout lint rules', function () {
  this.timeout(60_000);

  const refused: [string, string, RegExp][] = [
    ['a feature imports another feature', 'src/editor/x.ts', /does not import another feature/],
    ['a pure subfolder imports vscode', 'src/editor/core/x.ts', /never imports vscode/],
    ['a pure subfolder imports its glue beside it', 'src/editor/core/x.ts', /does not import the feature's glue/],
    ["the page imports the panel's host", 'src/eventsPanel/core/page/x.ts', /does not import the feature's glue/],
    ["the panel's core imports the panel's glue", 'src/eventsPanel/core/x.ts', /does not import the feature's glue/],
    ['releases imports the editor', 'src/releases/x.ts', /does not import another feature/],
    ['the model imports a feature', 'src/model/event/x.ts', /import no feature folder/],
    ['a shared folder imports a feature', 'src/store/x.ts', /import no feature folder/],
    ['a feature imports valibot', 'src/eventsPanel/core/x.ts', /Only src\/model reads JSON/],
    ['the transport imports the tolerant readers', 'src/api/x.ts', /Only src\/model reads JSON/],
    ['the transport imports the schemas', 'src/api/x.ts', /Only src\/model reads JSON/],
    ['a shared root file imports a feature', 'src/config.ts', /import no feature folder/],
  ];
  const specs: Record<string, string> = {
    'a feature imports another feature': '../triage/core/actions',
    'a pure subfolder imports vscode': 'vscode',
    'a pure subfolder imports its glue beside it': '../decorations',
    "the page imports the panel's host": '../../panel',
    "the panel's core imports the panel's glue": '../seerSession',
    'releases imports the editor': '../editor/core/marks',
    'the model imports a feature': '../../eventsPanel/core/eventData',
    'a shared folder imports a feature': '../editor/core/marks',
    'a feature imports valibot': 'valibot',
    'the transport imports the tolerant readers': '../model/read',
    'the transport imports the schemas': '../model/z',
    'a shared root file imports a feature': './editor/core/marks',
  };
  for (const [what, file, message] of refused) {
    it(`refuses: ${what}`, async () => {
      const errors = await layoutErrors(file, use(specs[what]));
      assert.ok(
        errors.some((e) => message.test(e)),
        `${file} importing ${specs[what]}: ${JSON.stringify(errors)}`,
      );
    });
  }

  it('refuses getConfiguration outside src/settings.ts, and allows it there', async () => {
    const code = "import * as vscode from 'vscode';\nexport const c = vscode.workspace.getConfiguration('sentryExplorer');\n";
    assert.ok((await layoutErrors('src/issues/x.ts', code)).length > 0);
    assert.deepEqual(await layoutErrors('src/settings.ts', code), []);
  });

  it('lets the transport import a schema type, not the schema builder', async () => {
    assert.deepEqual(await layoutErrors('src/api/x.ts', "import type { Schema } from '../model/z';\nexport type S = Schema;\n"), []);
  });

  it('allows what the layout allows', async () => {
    for (const [file, spec] of [
      ['src/editor/core/x.ts', '../../store/issueStore'],
      ['src/editor/x.ts', './core/marks'],
      ['src/eventsPanel/core/page/x.ts', '../protocol/messages'],
      ['src/eventsPanel/x.ts', './core/eventsModel'],
      ['src/eventsPanel/core/page/x.ts', '../eventsModel'],
      ['src/eventsPanel/core/seer/x.ts', '../../../model/seer/readRun'],
      ['src/releases/core/x.ts', '../../model/release/schema'],
      ['src/api/x.ts', './links'],
      ['src/store/x.ts', '../api/client'],
      ['src/model/event/x.ts', '../read'],
      ['src/model/issue/x.ts', '../z'],
      ['src/ai/core/tools/x.ts', '../../../model/z'],
    ]) {
      assert.deepEqual(await layoutErrors(file, use(spec)), [], `${file} importing ${spec}`);
    }
  });
});
