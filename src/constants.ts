/** Every command id the extension registers; package.json contributes the same set (a test checks). */
export const Commands = {
  showLog: 'sentryExplorer.showLog',
} as const;

export const EXTENSION_ID = 'sentry-explorer.sentry-explorer';
export const AUTH_PROVIDER_ID = 'sentry-explorer';
export const CONFIG_SECTION = 'sentryExplorer';
