/**
 * Which issues a triage command acts on, from what VS Code passed it. No `vscode` import.
 * - an IssueRef (hover and CodeLens links, the events panel, other commands);
 * - a list of IssueRefs;
 * - a tree row, with the rows selected with it as the second argument (multi-select): all of them
 *   when the clicked row is among the selected, else the clicked one (VS Code's own rule);
 * - nothing (palette): undefined, and the caller asks (the issue at the cursor, else a short ID).
 */
import { parseIssueRef, type IssueRef } from '../../contracts/issueRef';

export function targetsOf(first: unknown, second?: unknown): IssueRef[] | undefined {
  const clicked = parseIssueRef(first);
  if (Array.isArray(second)) {
    const selected = unique(second.map(parseIssueRef).filter((r): r is IssueRef => r !== undefined));
    if (clicked && selected.some((r) => r.issueId === clicked.issueId)) return selected;
  }
  if (clicked) return [clicked];
  if (Array.isArray(first)) {
    const refs = unique(first.map(parseIssueRef).filter((r): r is IssueRef => r !== undefined));
    return refs.length ? refs : undefined;
  }
  return undefined;
}

function unique(refs: IssueRef[]): IssueRef[] {
  const seen = new Set<string>();
  return refs.filter((r) => {
    const key = `${r.org}/${r.issueId}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
