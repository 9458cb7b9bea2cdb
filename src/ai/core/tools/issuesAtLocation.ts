/**
 * Issues at a location: the issues the editor marks in a workspace file (and on a line), as the
 * editor found them; no request. Or a pasted stack trace's: each of its innermost frames' workspace
 * file and line (the one frame resolver), with the issues marked there. Also the chat's /file, for
 * the active editor's file. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { codeSpan, escapeMarkdown } from '../../../model/event/markdown';
import type { Issue } from '../../../model/issue/schema';
import * as z from '../../../model/z';
import { locationIssuesMarkdown, type LocatedIssue } from '../text/locationIssues';
import { issueLine } from '../text/issueList';
import type { ToolContext } from './context';
import { defineTool } from './tool';
import { text } from './toolInputs';

/** The longest pasted trace taken (the parsers' own bound is larger; a model's argument need not be). */
export const MAX_TOOL_TRACE = 200_000;
/** Frames of a pasted trace looked up, the most recent call first. */
const TRACE_FRAMES = 10;

/** A file (and a line), or a pasted stack trace: exactly one of `file` and `stackTrace`. */
export const LocationInput = z.lazySchema(() =>
  z.pipe(
    z.object({
      file: z.optional(text(1024)),
      line: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(1), z.maxValue(10_000_000))),
      stackTrace: z.optional(text(MAX_TOOL_TRACE)),
    }),
    z.check((v) => (v.file === undefined) !== (v.stackTrace === undefined), 'Give either file (and line) or stackTrace, not both.'),
  ),
);
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
      if (input.stackTrace !== undefined) return traceIssues(ctx, input.stackTrace, (i) => ctx.link(i, ready.client));
      if (input.file === undefined) return 'Give file (a workspace-relative path) or stackTrace.';
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

/**
 * A pasted trace: each of its innermost frames with the workspace file it names and the issues
 * marked on its line. Server and pasted text goes in code spans; at most TRACE_FRAMES frames.
 */
async function traceIssues(ctx: ToolContext, stackTrace: string, link: (issue: Issue) => string | undefined): Promise<string> {
  const trace = ctx.deps.readTrace?.(stackTrace);
  if (!trace || trace.frames.length === 0)
    return 'No stack trace with file names and line numbers was found in stackTrace (Python, JavaScript, Java/Kotlin, .NET, Go, Ruby, PHP, Swift and Dart traces are read).\n';
  const out = [`**A ${escapeMarkdown(trace.runtime, 60)} stack trace: ${trace.frames.length} frames with a file, the most recent call first**`, ''];
  for (const f of trace.frames.slice(0, TRACE_FRAMES)) {
    const found = await ctx.deps.locations().frameFiles(f.location);
    const where = `${codeSpan(f.text, 300)}${f.function ? ` in ${codeSpan(f.function, 200)}` : ''}`;
    if (found.kind === 'none') {
      out.push(`- ${where}: no workspace file`);
      continue;
    }
    if (found.kind === 'ambiguous') {
      out.push(`- ${where}: several workspace files match (${found.candidates.map((c) => codeSpan(c, 300)).join(', ')})`);
      continue;
    }
    const line = f.location.lineNo ?? undefined;
    const at = await ctx.deps.locations().marksIn(found.file);
    const marks = at.kind === 'file' ? at.marks.filter((m) => line === undefined || m.line === line) : [];
    const issues = marks.flatMap((m) => ctx.deps.store.issue(m.ref.issueId) ?? []);
    out.push(`- ${where}: ${codeSpan(`${found.file}${line ? `:${line}` : ''}`, 400)}${issues.length ? '' : ', no Sentry issue marked on that line'}`);
    for (const issue of issues) out.push(`  ${issueLine(issue, { now: ctx.deps.now(), link })}`);
  }
  if (trace.frames.length > TRACE_FRAMES) out.push('', `(${trace.frames.length - TRACE_FRAMES} older frames not looked up)`);
  return `${out.join('\n')}\n`;
}
