/**
 * "The issues of the line under the cursor", shared without a feature importing another: the
 * editor integration (which knows which issues are marked on which line) sets the source; the
 * triage commands, Copy VS Code Link and the AI hand-off read it when the palette runs them with
 * no argument. No `vscode` import.
 */
import { isIssueRef, refKey, type IssueRef } from '../contracts/issueRef';
import { Slot } from './slot';

/** The issues marked on the active editor's cursor line, most events first ([] for none). */
export type CursorIssuesSource = () => readonly IssueRef[];

const NONE: CursorIssuesSource = () => [];

export class CursorIssues extends Slot<CursorIssuesSource> {
  constructor() {
    super(NONE);
  }

  /**
   * The issues at the cursor now: valid IssueRefs only, copied (nothing else in them), each issue
   * once, in the source's order. A source that throws counts as none. Bound, so that a feature can
   * be handed it as a function.
   */
  readonly current = (): IssueRef[] => {
    let refs: readonly unknown[];
    try {
      const got: unknown = this.get()();
      refs = Array.isArray(got) ? got : [];
    } catch {
      return [];
    }
    const seen = new Set<string>();
    const out: IssueRef[] = [];
    for (const r of refs) {
      if (!isIssueRef(r)) continue;
      const key = refKey(r);
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ org: r.org, project: r.project, issueId: r.issueId });
    }
    return out;
  };
}
