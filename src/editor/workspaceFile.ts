import * as vscode from 'vscode';

/**
 * A file of a workspace folder, in that folder's own scheme: `file:` on disk, any other scheme in a
 * virtual workspace (vscode.dev's github.dev, a FileSystemProvider's folder), but never another
 * view of it (a git: or output: document of the same path).
 */
export function isWorkspaceFile(uri: vscode.Uri): boolean {
  const folder = vscode.workspace.getWorkspaceFolder(uri);
  return !!folder && folder.uri.scheme === uri.scheme;
}
