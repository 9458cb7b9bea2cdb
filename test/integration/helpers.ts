// Shared by the extension-host suites. Host-neutral: no assumption about desktop vs web.
import * as vscode from 'vscode';
import { EXTENSION_ID } from '../../src/constants';
import type { ExtensionApi } from '../../src/extension';

export function getExtension(): vscode.Extension<ExtensionApi> {
  const ext = vscode.extensions.getExtension<ExtensionApi>(EXTENSION_ID);
  if (!ext) throw new Error(`extension ${EXTENSION_ID} is not loaded in this window`);
  return ext;
}

export async function activateExtension(): Promise<ExtensionApi> {
  return getExtension().activate();
}

interface Contributes {
  commands?: { command: string; title: string; category?: string }[];
  views?: Record<string, { id: string }[]>;
}

export function contributes(): Contributes {
  return (getExtension().packageJSON as { contributes?: Contributes }).contributes ?? {};
}
