/**
 * The issues marked in one workspace file as Markdown for a language model tool's result:
 * the file, then one line per issue with its line number and what issueList.ts shows of it. The path
 * is ours (workspace-relative) but still goes in a code span. No `vscode` import.
 */
import type { Issue } from '../../../model/issue/schema';
import { codeSpan } from '../../../model/event/markdown';
import { plural } from '../../../format/numbers';
import { issueLine, MAX_LISTED, type IssueListOptions } from './issueList';

export interface LocatedIssue {
  issue: Issue;
  /** 1-based. */
  line: number;
}

/** "2 issues marked in `src/a.ts`" (or "on line 12 of"), issues by line, then most events first. */
export function locationIssuesMarkdown(file: string, located: readonly LocatedIssue[], opts: Pick<IssueListOptions, 'now' | 'link'> & { line?: number }): string {
  const where = `${opts.line !== undefined ? `on line ${opts.line} of ` : 'in '}${codeSpan(file, 500)}`;
  if (!located.length) {
    return `No Sentry issue is marked ${where}. Marks come from a search of each open file's issues with the Sentry Explorer view's filter, placed on the line of their latest event; an issue whose stack only passes through the file is marked where it crashed. Search issues (for example ${codeSpan(`stack.filename:"*${file.split('/').pop() ?? file}"`, 300)}) with another filter to find others.\n`;
  }
  const sorted = [...located].sort((a, b) => a.line - b.line || Number(b.issue.count) - Number(a.issue.count));
  const shown = sorted.slice(0, MAX_LISTED);
  const head = `**${plural(located.length, 'issue', 'issues')} marked ${where}**${shown.length < located.length ? ` (the first ${shown.length})` : ''}`;
  return `${[head, '', ...shown.map((l) => issueLine(l.issue, opts, `line ${l.line}: `))].join('\n')}\n`;
}
