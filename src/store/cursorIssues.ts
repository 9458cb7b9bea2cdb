/**
 * "The issue of the line under the cursor", shared without a feature importing another: the
 * editor integration (which knows which issues are marked on which line) sets the source; the
 * triage commands read it when the palette runs them with no argument. No `vscode` import.
 *
 * Wiring (issue 12): one instance per window, built in activate() next to the issue store, handed
 * to the editor integration (`deps.cursorIssues`, which calls `set`) and to the triage commands
 * (`cursorIssues: () => cursorIssues.current()`).
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
   * once, in the source's order. A source that throws counts as none.
   */
  current(): IssueRef[] {
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
  }
}
