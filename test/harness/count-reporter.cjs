// A mocha reporter: the usual "spec" output, plus the counts written as JSON to the file named by
// SENTRY_EXPLORER_TEST_STATS (when set) so that scripts/test.mjs can sum every suite.
'use strict';
const fs = require('node:fs');
const Mocha = require('mocha');

class CountReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env.SENTRY_EXPLORER_TEST_STATS;
      if (!file) return;
      const s = runner.stats || {};
      fs.writeFileSync(file, JSON.stringify({ passed: s.passes || 0, failed: s.failures || 0, pending: s.pending || 0 }));
    });
  }
}
module.exports = CountReporter;
