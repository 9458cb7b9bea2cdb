/**
 * The slot through which the releases feature (it knows VS Code's git) tells the hover where a marked
 * line stands against a release's commit. No `vscode` import.
 */
import type { LineHistory } from '../contracts/provenance';
import { Slot } from './slot';

/** Where a marked line stands against a release's commit in the workspace's git; undefined when git cannot say. */
export type LineHistoryLookup = (fileUri: string, line: number, releaseCommit: string, release: string) => Promise<LineHistory | undefined>;

/** Set by the releases feature (it knows VS Code's git); read by the hover. Says nothing while unset. */
export class LineHistorySource extends Slot<LineHistoryLookup> {
  constructor() {
    super(async () => undefined);
  }
  readonly lookup: LineHistoryLookup = (fileUri, line, releaseCommit, release) => this.get()(fileUri, line, releaseCommit, release);
}
