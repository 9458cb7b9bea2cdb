/**
 * The editor's side of src/store/editorLocations.ts: paths the AI tools name (which come
 * from a language model, so from anyone) resolve only to files inside the workspace, through the
 * same file index and path mappings the marks use; marks are what is drawn now.
 */
import * as vscode from 'vscode';
import { refOfIssue } from '../contracts/issueRef';
import type { FileMarks, LocationSource } from '../store/editorLocations';
import type { DecorationController } from './decorations';
import type { WorkspaceFileIndex } from './fileIndex';

/** Candidates listed for an ambiguous path. */
const MAX_CANDIDATES = 10;
/** A path longer than this names nothing. */
const MAX_PATH = 1024;

const relative = (uri: vscode.Uri) => vscode.workspace.asRelativePath(uri, false);

export class EditorLocationSource implements LocationSource {
  constructor(
    private readonly files: WorkspaceFileIndex,
    private readonly decorations: DecorationController,
  ) {}

  async marksIn(path: string): Promise<FileMarks> {
    const uri = await this.direct(path);
    if (uri) return this.marksOf(uri);
    const res = await this.files.resolve(path.trim());
    if (res.kind === 'file') return this.marksOf(res.uri);
    if (res.kind === 'ambiguous') return { kind: 'ambiguous', candidates: res.candidates.slice(0, MAX_CANDIDATES).map(relative) };
    return { kind: 'none' };
  }

  async activeFile(): Promise<FileMarks> {
    const uri = vscode.window.activeTextEditor?.document.uri;
    return uri && vscode.workspace.getWorkspaceFolder(uri) ? this.marksOf(uri) : { kind: 'none' };
  }

  async mapFrame(frame: { filename?: string | null; absPath?: string | null }): Promise<string | undefined> {
    for (const p of [frame.filename, frame.absPath]) {
      if (!p) continue;
      const res = await this.files.resolve(p);
      if (res.kind === 'file') return relative(res.uri);
    }
    return undefined;
  }

  private marksOf(uri: vscode.Uri): FileMarks {
    const marks = this.decorations.marksFor(uri).flatMap((m) => {
      const ref = refOfIssue(m.org, m.issue);
      return ref ? [{ ref, line: m.line + 1 }] : [];
    });
    return { kind: 'file', file: relative(uri), marks };
  }

  /** A path relative to a workspace folder, or absolute inside one, that exists; no `..` ever leaves a folder. */
  private async direct(raw: string): Promise<vscode.Uri | undefined> {
    const path = raw.trim().replace(/\\/g, '/');
    if (!path || path.length > MAX_PATH || path.split('/').includes('..') || path.includes('\0')) return undefined;
    const folders = vscode.workspace.workspaceFolders ?? [];
    const candidates = path.startsWith('/') || /^[A-Za-z]:\//.test(path) ? [vscode.Uri.file(path)] : folders.map((f) => vscode.Uri.joinPath(f.uri, path));
    for (const uri of candidates) {
      if (!vscode.workspace.getWorkspaceFolder(uri)) continue;
      try {
        if ((await vscode.workspace.fs.stat(uri)).type & vscode.FileType.File) return uri;
      } catch {
        /* not there */
      }
    }
    return undefined;
  }
}
