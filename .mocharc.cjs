// Mocha's configuration for the unit suites (plain Node, TypeScript through tsx).
// `npx mocha` (and `npm run test:unit`) runs every test/unit/**/*.test.ts. Naming files (or a glob)
// runs only those: `npm run test:unit -- test/unit/openapi/requests.test.ts`, `npx mocha
// 'test/unit/ai/**/*.test.ts'`. Mocha adds the files it is given to a configured `spec` instead of
// replacing it, so the default list is left out whenever the command line names files of its own.
const { aliases, types } = require('mocha/lib/cli/run-option-metadata.cjs');

/** Options whose next word is their value, not a file: every option that is not a switch. */
const takesValue = new Set([...types.array, ...types.number, ...types.string].flatMap((name) => [`--${name}`, ...(aliases[name] ?? []).map((a) => (a.length === 1 ? `-${a}` : `--${a}`))]));

/** True when the command line names test files (positional words, or --spec). */
function namesFiles(argv) {
  for (let i = 0; i < argv.length; i++) {
    const word = argv[i];
    if (word === '--') return i + 1 < argv.length;
    if (word === '--spec' || word.startsWith('--spec=')) return true;
    if (!word.startsWith('-')) return true;
    if (!word.includes('=') && takesValue.has(word)) i++;
  }
  return false;
}

module.exports = {
  ...(namesFiles(process.argv.slice(2)) ? {} : { spec: ['test/unit/**/*.test.ts'] }),
  'node-option': ['import=tsx'],
  timeout: 20000,
  reporter: 'spec',
};
