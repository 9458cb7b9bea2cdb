// ESLint (flat config): eslint's and typescript-eslint's recommended rules, plus the rules that keep
// the layout of CONTRIBUTING.md's "Where new code goes" and one way to read settings: pure modules
// never import `vscode`, a feature folder imports no other feature (and its pure subfolders not its
// glue), the shared folders import no feature, and only src/settings.ts calls getConfiguration. Each block below says why. test/unit/contracts/purity.test.ts
// also covers a pure file outside the folders listed here. No stylistic rules: Prettier formats.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import { builtinRules } from 'eslint/use-at-your-own-risk';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

/**
 * The feature folders. Each keeps its glue (the files that use `vscode`) at its top and its pure
 * code in one subfolder, always named `core/` (the events panel's page, protocol and Seer rules are
 * subfolders of its core/). A feature imports no other feature (they meet in the SHARED places); its
 * core/ imports neither `vscode` nor the feature's own glue, so it runs in plain Node (the events
 * panel's core/page/ in the page).
 */
export const FEATURES = ['issues', 'eventsPanel', 'editor', 'auth', 'triage', 'ai', 'links', 'releases', 'debugEvent', 'openLink'];

/** Where features meet: these import no feature, so that any feature may import them. */
const SHARED = ['src/api/**', 'src/model/**', 'src/store/**', 'src/contracts/**', 'src/selection/**', 'src/format/**', 'src/util/**', 'src/config.ts', 'src/settings.ts', 'src/constants.ts'];

/**
 * Modules that never import `vscode` (purity.test.ts reads this list too): the shared folders, and
 * each feature's core/.
 */
export const PURE = [
  'src/api/**',
  // Sentry's resources: the one reader of each, its type, bounds, masking and derived views.
  'src/model/**',
  'src/store/**',
  'src/contracts/**',
  'src/format/**',
  'src/util/**',
  'src/constants.ts',
  'src/config.ts',
  'src/selection/resolve.ts',
  'src/selection/detect.ts',
  ...FEATURES.map((feature) => `src/${feature}/core/**`),
];
/** The one util file that is glue: every show*Message goes through its UiHolder. */
export const PURE_EXCEPT = ['src/util/ui.ts'];

/**
 * An error: no edge between feature folders is left. (Were one needed during a refactor, 'warn'
 * here lists the edges without failing `npm run lint`; the rule is only as good as going back.)
 */
const FEATURE_EDGES = 'error';

/**
 * The feature-edge check is eslint's own no-restricted-imports under a second name: flat config
 * replaces a rule's options block by block, so a pure file inside a feature folder could not have
 * both restrictions (and their own severities) under one name.
 */
const layout = {
  rules: {
    'feature-edges': builtinRules.get('no-restricted-imports'),
    'node-modules': builtinRules.get('no-restricted-imports'),
    'model-readers': builtinRules.get('no-restricted-imports'),
  },
};

/**
 * Outside src/model, JSON is not read: valibot (through src/model/z.ts) and the tolerant readers (src/model/read.ts) are src/model's
 * alone, so that each Sentry shape has one reader. Types may be imported (the transport runs a
 * schema it is handed). The exceptions read JSON that is not Sentry's: the language model's tool
 * arguments (src/ai/core/tools) and our own stored session (src/auth/core/sessionCodec.ts).
 */
export const MODEL_READERS_EXCEPT = ['src/model/**', 'src/ai/core/tools/**', 'src/auth/core/sessionCodec.ts'];

export default defineConfig(
  {
    ignores: [
      'dist/**',
      'out/**',
      'node_modules/**',
      '.vscode-test/**',
      'test-results/**',
      // The sandbox's sample workspace is the code the extension marks, line numbers and all.
      'test/sandbox/workspace/**',
      'test/sandbox/platforms/**',
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // Stripping and refusing control characters in server text and header values is deliberate
      // (src/util/untrusted.ts, src/auth/credentialCheck.ts), and the tests assert it.
      'no-control-regex': 'off',
      // `_name` marks a parameter or binding kept for its position or to drop a property from a rest.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true }],
    },
  },
  {
    // Suites, the sandbox and benches read raw wire JSON and page globals on purpose: the valibot
    // schemas type the product code, a test asserts on exactly what came over the wire.
    files: ['test/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Plain JavaScript run by Node (build script, test runner, mocha reporter, this file).
    files: ['**/*.mjs', '**/*.cjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', performance: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly' },
    },
  },
  {
    // The web UI check's virtual workspace: a web extension in plain CommonJS, run unbundled in the web worker host.
    files: ['test/webfs/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { require: 'readonly', exports: 'writable' } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable', require: 'readonly', __dirname: 'readonly' } },
    // A CommonJS file has no other way to load a module.
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: PURE,
    ignores: PURE_EXCEPT,
    rules: {
      'no-restricted-imports': [
        'error',
        { paths: [{ name: 'vscode', message: 'A pure module (runs in plain Node or in the page) never imports vscode: take what it needs as a parameter or a structural type.' }] },
      ],
    },
  },
  {
    // Settings are read in one place: src/config.ts knows each one's name, default and how a bad
    // value reads, and src/settings.ts alone asks VS Code for them (a default written at a second
    // call site drifts from package.json's).
    files: ['src/**'],
    ignores: ['src/settings.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'getConfiguration', message: 'Read settings through src/settings.ts (readSettings with a reader of src/config.ts), and write them with writeSetting.' },
      ],
    },
  },
  {
    // The same src runs in the browser's web worker extension host (src/extension.web.ts), which has
    // no Node: what needs Node goes behind src/util/host.ts, with its Node side in src/nodeHost.ts.
    // (esbuild.mjs refuses a Node module in the browser bundle too; this says so at the import.)
    files: ['src/**'],
    ignores: ['src/nodeHost.ts'],
    plugins: { layout },
    rules: {
      'layout/node-modules': [
        'error',
        {
          patterns: [
            {
              regex: `^(node:.*|${builtinModules.filter((m) => !m.startsWith('_')).join('|')})(/.*)?$`,
              message: 'src runs in the web worker extension host too, which has no Node: use WebCrypto/fetch/vscode.workspace.fs, or put it behind src/util/host.ts (src/nodeHost.ts).',
            },
          ],
        },
      ],
    },
  },
  // Files stay small and named for what they hold (CONTRIBUTING): a file of src/ past 400 lines is split by what it holds.
  { files: ['src/**/*.ts'], rules: { 'max-lines': ['error', { max: 400 }] } },
  {
    files: ['src/**'],
    ignores: MODEL_READERS_EXCEPT,
    plugins: { layout },
    rules: {
      'layout/model-readers': [
        'error',
        {
          patterns: [
            {
              regex: '^(valibot(/.*)?|(\\.\\./)*(\\./)?(model/)?(z|read))$',
              allowTypeImports: true,
              message: "Only src/model reads JSON (valibot schemas and the tolerant readers of src/model/read.ts): add the reader to the resource's folder there and import its type and functions.",
            },
          ],
        },
      ],
    },
  },
  // One block per feature folder: it may import from none of the others. Its core/ gets blocks of
  // its own (flat config replaces a rule's options), which also keep out the glue: a file of the
  // feature's top folder, reached from core/ at one depth as '../x', from core/page/ as '../../x'.
  ...FEATURES.flatMap((feature) => {
    const others = FEATURES.filter((f) => f !== feature);
    const edge = {
      regex: `^(\\.\\./)+(${others.join('|')})(/|$)`,
      message: `src/${feature} does not import another feature folder: share through src/model, src/store, src/contracts, src/selection, src/api, src/util, src/format, src/config.ts or src/constants.ts.`,
    };
    const glue = (depth) => ({
      regex: `^(\\.\\./){${depth}}[^./][^/]*$`,
      message: `The core/ of src/${feature} does not import the feature's glue (the files that use vscode).`,
    });
    return [
      { files: [`src/${feature}/**`], plugins: { layout }, rules: { 'layout/feature-edges': [FEATURE_EDGES, { patterns: [edge] }] } },
      ...[1, 2, 3].map((depth) => ({
        files: [`src/${feature}/core/${'*/'.repeat(depth - 1)}*.ts`],
        plugins: { layout },
        rules: { 'layout/feature-edges': [FEATURE_EDGES, { patterns: [edge, glue(depth)] }] },
      })),
    ];
  }),
  // The shared places import no feature: were the store to import the editor, every feature that
  // uses the store would depend on the editor too. (A root file reaches a feature as './x', a
  // shared folder's file as '../x'; './links' inside src/api is its own file.)
  ...[
    { files: SHARED.filter((f) => f.endsWith('/**')), prefix: '(\\.\\./)+' },
    { files: SHARED.filter((f) => !f.endsWith('/**')), prefix: '\\./' },
  ].map(({ files, prefix }) => ({
    files,
    plugins: { layout },
    rules: {
      'layout/feature-edges': [
        FEATURE_EDGES,
        {
          patterns: [
            {
              regex: `^${prefix}(${FEATURES.join('|')})(/|$)`,
              message: 'The shared folders (api, model, store, contracts, selection, format, util, config, settings, constants) import no feature folder: move what both need into a shared place.',
            },
          ],
        },
      ],
    },
  })),
);
