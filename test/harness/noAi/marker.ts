/** The global (`globalThis[Symbol.for(...)]`) where the no-AI build's `vscode` lists the members it removed. */
export const NO_AI_REMOVED_KEY = 'sentry-explorer.test.no-ai-removed';
