/**
 * The one caller of VS Code's getConfiguration (a lint rule keeps it so): what to read, and how a
 * bad value reads, is src/config.ts's; this only hands its readers the settings section and writes
 * the settings a command chooses. It also reads VS Code's own exclude settings for the file index.
 */
import * as vscode from 'vscode';
import type { ConfigReader, SettingName } from './config';
import { CONFIG_SECTION } from './constants';

/** One reading of the extension's settings through a reader of config.ts, e.g. `readSettings(readEditorConfig)`. */
export function readSettings<T>(reader: (config: ConfigReader) => T): T {
  return reader(vscode.workspace.getConfiguration(CONFIG_SECTION));
}

/** Writes one of the extension's settings (undefined removes it at that target). */
export async function writeSetting(name: SettingName, value: unknown, target: vscode.ConfigurationTarget): Promise<void> {
  await vscode.workspace.getConfiguration(CONFIG_SECTION).update(name, value, target);
}

/** VS Code's `files.exclude` and `search.exclude`: each a map of glob to on (true) or off. */
export function readExcludeSettings(): Record<string, unknown>[] {
  return ['files', 'search'].map((section) => vscode.workspace.getConfiguration(section).get<Record<string, unknown>>('exclude', {}));
}

/** VS Code's `debug.focusEditorOnBreak`: whether a break may take the focus to the editor (its default: yes). */
export function readFocusEditorOnBreak(): boolean {
  return vscode.workspace.getConfiguration('debug').get<boolean>('focusEditorOnBreak', true) !== false;
}

/** VS Code's `debug.openDebug`: whether Run and Debug opens at a break (its default: `openOnDebugBreak`). */
export function readOpenDebugOnBreak(): boolean {
  return vscode.workspace.getConfiguration('debug').get<string>('openDebug', 'openOnDebugBreak') === 'openOnDebugBreak';
}
