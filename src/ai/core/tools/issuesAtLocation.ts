/**
 * Issues at a location: the issues the editor marks in a workspace file (and on a line), as the
 * editor found them; no request. Also the chat's /file, for the active editor's file. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { escapeMarkdown } from '../../../model/event/markdown';
import * as z from '../../../model/z';
import { locationIssuesMarkdown, type LocatedIssue } from '../text/locationIssues';
import type { ToolContext } from './context';
import { defineTool } from './tool';
import { text } from './toolInputs';

export const LocationInput = z.lazySchema(() => z.object({ file: text(1024), line: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(1), z.maxValue(10_000_000))) }));
export type LocationInput = z.InferOutput<typeof LocationInput>;

export const issuesAtLocation = defineTool({
  key: 'issuesAtLocation',
  name: 'sentryExplorer_issuesAtLocation',
  referenceName: 'sentryIssuesAt',
  input: LocationInput,
  progress: () => l10n.t('Finding the Sentry issues marked in the file…'),
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const ready = await ctx.ready();
      if (!ready.ok) return ready.text;
      const at = await ctx.deps.locations().marksIn(input.file);
      if (at.kind === 'none') return `${escapeMarkdown(input.file, 300)} is not a file of this workspace, and no path mapping leads to one. Give a path relative to the workspace folder.`;
      if (at.kind === 'ambiguous')
        return `Several workspace files match ${escapeMarkdown(input.file, 300)}: ${at.candidates.map((c) => escapeMarkdown(c, 300)).join(', ')}. Call the tool again with one of them.`;
      const located: LocatedIssue[] = [];
      for (const m of at.marks) {
        if (input.line !== undefined && m.line !== input.line) continue;
        const issue = ctx.deps.store.issue(m.ref.issueId);
        if (issue) located.push({ issue, line: m.line });
      }
      return locationIssuesMarkdown(at.file, located, { now: ctx.deps.now(), line: input.line, link: (i) => ctx.link(i, ready.client) });
    });
  },
});

/** The issues marked in the active editor's file (the chat's /file); no request. */
export async function activeFileIssues(ctx: ToolContext, signal?: AbortSignal): Promise<string> {
  const at = await ctx.deps.locations().activeFile();
  if (at.kind !== 'file') return 'No workspace file is open in the active editor. Open a file and ask again.';
  return issuesAtLocation.handler({ file: at.file }, ctx, signal);
}
