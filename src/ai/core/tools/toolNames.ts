/**
 * The language model tools' names by key (package.json `contributes.languageModelTools[].name`), for
 * the suites that call the tools through VS Code. No `vscode` import.
 */
import { TOOLS, type ToolKey } from './index';

export const ToolNames = Object.fromEntries(TOOLS.map((t) => [t.key, t.name])) as Readonly<Record<ToolKey, string>>;
