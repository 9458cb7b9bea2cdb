/**
 * The editor's side of src/store/editorLocations.ts: paths the AI tools name (which come
 * from a language model, so from anyone) resolve only to files inside the workspace, through the
 * same file index and path mappings the marks use; marks are what is drawn now.
 */
import * as vscode from 'vscode';
import { refOfIssue } from '../contracts/issueRef';
import type { FileMarks, FrameFiles, LocationSource } from '../store/editorLocations';
import type { FrameLocation } from '../store/locationOpener';
import { readFrameFields } from '../model/event/framePath';
import { inRepository, mappingsOf, type CodeMapping } from './core/frameResolver';
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
    /** The code mappings of an issue's project (the marks' own source), as far as they were read already. */
    private readonly codeMappingsFor: (issueId: string | undefined) => Promise<readonly CodeMapping[]> = async () => [],
    /** Every mapping of an organization, read when not read yet (one request an hour for the organization). */
    private readonly orgCodeMappings: (org: string) => Promise<readonly CodeMapping[]> = async () => [],
  ) {}

  codeMappings(org: string): Promise<readonly CodeMapping[]> {
    return this.orgCodeMappings(org);
  }

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

  async mapFrame(frame: FrameLocation): Promise<string | undefined> {
    const uri = await this.frameFile(frame);
    return uri && relative(uri);
  }

  async mapFrameUri(frame: FrameLocation): Promise<string | undefined> {
    return (await this.frameFile(frame))?.toString();
  }

  private async frameFile(frame: FrameLocation): Promise<vscode.Uri | undefined> {
    const res = await this.files.resolveFrame(readFrameFields(frame, frame.eventPlatform, frame.sdkName), mappingsOf(await this.codeMappingsFor(frame.issueId), frame.repo));
    if (res.kind === 'file') return res.uri;
    if (res.kind !== 'ambiguous') return undefined;
    // Several files equally likely: the one in the repository the server named, if only one is.
    const candidates = res.candidates.map((uri) => ({ uri, folderName: vscode.workspace.getWorkspaceFolder(uri)?.name ?? '', path: vscode.workspace.asRelativePath(uri, false) }));
    const k = inRepository(candidates, frame.repo);
    return k === undefined ? undefined : candidates[k].uri;
  }

  async frameFiles(frame: FrameLocation): Promise<FrameFiles> {
    const res = await this.files.resolveFrame(readFrameFields(frame, frame.eventPlatform, frame.sdkName), mappingsOf(await this.codeMappingsFor(frame.issueId), frame.repo));
    if (res.kind === 'file') return { kind: 'file', file: relative(res.uri) };
    if (res.kind === 'ambiguous') return { kind: 'ambiguous', candidates: res.candidates.slice(0, MAX_CANDIDATES).map(relative) };
    return { kind: 'none' };
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
