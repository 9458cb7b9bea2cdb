// The `vscode` module as an editor without VS Code's AI APIs offers it: the real module minus
// `vscode.lm`, `vscode.chat` and the classes that come with them (LanguageModel*, Chat*). Only the
// no-AI test build links it in (./build.ts aliases the extension bundle's `vscode` here), so the
// extension's own code, not a test, meets the missing APIs. It leaves a note of what it removed
// on a global, for the suite to prove that its window runs this build.
import { NO_AI_REMOVED_KEY } from './marker';

// eslint-disable-next-line @typescript-eslint/no-require-imports -- the real module, external to the bundle (./build.ts)
const real = require('vscode') as Record<string, unknown>;

const removed = (key: string) => key === 'lm' || key === 'chat' || /^(LanguageModel|Chat)[A-Z]/.test(key);

const without: Record<string, unknown> = {};
const gone: string[] = [];
for (const key of Object.keys(real)) {
  if (removed(key)) gone.push(key);
  // Read through: the real module's members stay live (a getter, as the real namespace objects are).
  else Object.defineProperty(without, key, { enumerable: true, get: () => real[key] });
}
(globalThis as Record<symbol, unknown>)[Symbol.for(NO_AI_REMOVED_KEY)] = gone;

module.exports = without;
