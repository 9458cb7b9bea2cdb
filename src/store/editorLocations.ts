/**
 * "Which issues are marked in this file, and which workspace file does this frame name", shared
 * without a feature importing another: the editor integration, which owns the file index and the
 * marks, sets the source; the AI tools read it. No `vscode` import: files travel as
 * workspace-relative paths, lines 1-based.
 */
import type { FrameLocation } from './locationOpener';
import type { IssueRef } from '../contracts/issueRef';
import { Slot } from './slot';

/** One issue marked on a line (1-based). */
export interface MarkedIssue {
  ref: IssueRef;
  line: number;
}

/** A project's code mapping (Sentry's stack root → source root in repository `repoName`), as the editor reads them. */
export interface RepoCodeMapping {
  stackRoot: string;
  sourceRoot: string;
  repoName?: string;
}

/** What a path names in the workspace. */
export type FileMarks = { kind: 'file'; /** Workspace-relative. */ file: string; marks: MarkedIssue[] } | { kind: 'ambiguous'; candidates: string[] } | { kind: 'none' };

export interface LocationSource {
  /**
   * The marks of the workspace file a path names: relative to a workspace folder, absolute inside
   * one, or a server path the file index maps (path mappings, suffixes). Never a file outside the
   * workspace.
   */
  marksIn(path: string): Promise<FileMarks>;
  /** The marks of the active editor's file, when it is a workspace file. */
  activeFile(): Promise<FileMarks>;
  /** A stack frame's workspace-relative path, when its path fields (and its project's code mappings) name exactly one workspace file. */
  mapFrame(frame: FrameLocation): Promise<string | undefined>;
  /**
   * A stack frame's workspace file as a URI (text), resolved as mapFrame resolves it: what the
   * debugger of a recorded event opens (a virtual workspace's files are not on a disk). Absent: none.
   */
  mapFrameUri?(frame: FrameLocation): Promise<string | undefined>;
  /** Every code mapping of an organization: read at most once an hour, shared with the marks. */
  codeMappings(org: string): Promise<readonly RepoCodeMapping[]>;
  /**
   * Every workspace file a frame may name (workspace-relative), through the one frame resolver the
   * marks use: one file, several equally likely (for the user to choose), or none.
   */
  frameFiles(frame: FrameLocation): Promise<FrameFiles>;
}

/** What a frame names in the workspace: workspace-relative paths. */
export type FrameFiles = { kind: 'file'; file: string } | { kind: 'ambiguous'; candidates: string[] } | { kind: 'none' };

const NONE: LocationSource = {
  marksIn: async () => ({ kind: 'none' }),
  activeFile: async () => ({ kind: 'none' }),
  mapFrame: async () => undefined,
  mapFrameUri: async () => undefined,
  codeMappings: async () => [],
  frameFiles: async () => ({ kind: 'none' }),
};

/** Set by the editor integration; a source that knows no file while nothing is set. */
export class EditorLocations extends Slot<LocationSource> {
  constructor() {
    super(NONE);
  }
}
