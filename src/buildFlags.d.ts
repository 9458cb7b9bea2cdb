/**
 * Constants esbuild.mjs defines at build time (`define`), each replaced by its literal so that
 * esbuild drops the code a false one guards.
 */

/** True only in the suites' test build (esbuild.mjs --test-hooks): see src/testHooks.ts. */
declare const __SENTRY_EXPLORER_TEST_HOOKS__: boolean;
