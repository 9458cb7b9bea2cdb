/**
 * The slot through which the releases feature (it knows VS Code's git) opens a commit for the events
 * panel and the hover: in the workspace's source control when its repository has it, else on its
 * host. No `vscode` import.
 */
import { Slot } from './slot';

/** A commit to show: in the workspace's source control when its repository has it, else on its host (asked first). */
export interface CommitTarget {
  id: string;
  shortId: string;
  message?: string;
  /** Only from a CommitView (commitWebUrl), never from a page or a link. */
  webUrl?: string;
}

/** Opens a commit; set by the releases feature (it knows VS Code's git), called by the panel and the hover. */
export class CommitOpener extends Slot<(commit: CommitTarget) => Promise<void>> {
  constructor() {
    super(async () => undefined);
  }
  readonly open = (commit: CommitTarget): Promise<void> => this.get()(commit);
}
