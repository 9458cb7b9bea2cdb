/** The organization and projects the Issues view shows, saved per workspace. */
import * as vscode from 'vscode';
import { CONFIG_SECTION } from '../constants';
import { parseSentryCliRc, parseSentryProperties, type DetectedProject } from '../selection/detect';
import type { Selection } from '../selection/resolve';

export function readSelection(): Selection {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
  const org = config.get<string>('organization')?.trim() || undefined;
  const projects = (config.get<string[]>('projects') ?? []).map((p) => p.trim()).filter(Boolean);
  return { org, projects: [...new Set(projects)] };
}

export async function saveSelection(selection: Selection): Promise<void> {
  const config = vscode.workspace.getConfiguration(CONFIG_SECTION);
  const target = vscode.workspace.workspaceFolders?.length ? vscode.ConfigurationTarget.Workspace : vscode.ConfigurationTarget.Global;
  await config.update('organization', selection.org, target);
  await config.update('projects', selection.projects, target);
}

/** Org and project named by `.sentryclirc` or `sentry.properties` in the workspace folders. */
export async function detectFromWorkspace(): Promise<DetectedProject[]> {
  const found: DetectedProject[] = [];
  for (const folder of vscode.workspace.workspaceFolders ?? []) {
    for (const [name, parse] of [
      ['.sentryclirc', parseSentryCliRc],
      ['sentry.properties', parseSentryProperties],
    ] as const) {
      try {
        const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(folder.uri, name));
        const d = parse(new TextDecoder().decode(bytes));
        if (d.org || d.project) found.push(d);
      } catch {
        // absent: nothing to detect
      }
    }
  }
  return found;
}
