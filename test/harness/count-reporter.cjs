// A mocha reporter: the usual "spec" output, plus the counts written as JSON to the file named by
// SENTRY_EXPLORER_TEST_STATS (when set) so that scripts/test.mjs can sum every suite, with the
// failures' titles and first lines so the summary at the very end of a run names them (a CI log
// may keep only its end).
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

class CountReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const failures = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test, err) => {
      const message = String((err && err.message) || err)
        .split('\n')
        .slice(0, 3)
        .join(' ')
        .slice(0, 300);
      failures.push(`${test.fullTitle()}: ${message}`);
    });
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.SENTRY_EXPLORER_TEST_STATS;
      if (!file) return;
      const s = runner.stats || {};
      fs.writeFileSync(file, JSON.stringify({ passed: s.passes || 0, failed: s.failures || 0, pending: s.pending || 0, failures }));
    });
  }
}
module.exports = CountReporter;
