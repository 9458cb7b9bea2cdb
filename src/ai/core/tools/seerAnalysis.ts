/**
 * Get Seer analysis: what Sentry's AI (Seer) found for an issue, its root cause, solution and code
 * changes, whichever shape the server answers in (src/model/seer/readRun.ts). It only reads: a run is
 * started by the user, with Find Root Cause in the events panel's Seer tab, never by a model. One GET
 * of …/autofix/, plus whatever naming the issue costs; a server where Seer is not there is asked once
 * per session and organization. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { getAutofix } from '../../../api/seerEndpoints';
import { failureOf } from '../../../model/seer/failureOf';
import { readAutofixAnswer } from '../../../model/seer/readRun';
import { classifyFailure } from '../../../model/seer/unavailable';
import { escapeMarkdown } from '../../../model/event/markdown';
import * as z from '../../../model/z';
import { seerAnalysisMarkdown } from '../text/seerAnalysis';
import { StateKey, type ToolContext } from './context';
import { findIssue } from './findIssue';
import { defineTool } from './tool';
import { issueInput } from './toolInputs';

export const SeerInput = z.lazySchema(() => z.object({ issue: issueInput }));
export type SeerInput = z.InferOutput<typeof SeerInput>;

/**
 * Organizations (by slug) where Seer is not there, with why, per session (the client stands for the
 * server and account): not asked again until the user signs in again, when an administrator may have
 * turned it on.
 */
const UNAVAILABLE = new StateKey(() => new WeakMap<object, Map<string, string>>());

/** Seer's analysis of an issue as text, or undefined when there is none (no run, Seer not there). */
export async function seerText(ctx: ToolContext, session: object, org: string, issueId: string, getJson: () => Promise<unknown>): Promise<{ text: string; run: boolean }> {
  const sessions = ctx.state(UNAVAILABLE);
  let unavailable = sessions.get(session);
  if (!unavailable) sessions.set(session, (unavailable = new Map()));
  const key = org;
  const known = unavailable.get(key);
  if (known) return { text: known, run: false };
  let body: unknown;
  try {
    body = await getJson();
  } catch (e) {
    const why = classifyFailure(failureOf(e, 'GET') ?? { method: 'GET' });
    if (!why) throw e;
    const text = `Seer is not available here: ${escapeMarkdown(why.message, 300)} ${escapeMarkdown(why.action, 300)}`;
    unavailable.set(key, text);
    return { text, run: false };
  }
  const answer = readAutofixAnswer(body);
  if (answer.kind === 'run') return { text: seerAnalysisMarkdown(answer.run), run: true };
  if (answer.kind === 'none')
    return {
      text: `Seer has not analysed issue ${escapeMarkdown(issueId, 40)} yet. The user can start it with Find Root Cause in the Seer tab of the issue's events panel; do not ask Sentry to start it.`,
      run: false,
    };
  return { text: 'Sentry answered in a shape this extension does not read.', run: false };
}

export const seerAnalysis = defineTool({
  key: 'seerAnalysis',
  name: 'sentryExplorer_getSeerAnalysis',
  referenceName: 'sentrySeer',
  input: SeerInput,
  progress: () => l10n.t("Reading Seer's analysis of the Sentry issue…"),
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const ready = await ctx.ready();
      if (!ready.ok) return ready.text;
      const found = await findIssue(ctx, input.issue, ready, signal);
      if (!found.ok) return found.text;
      const { text } = await seerText(ctx, ready.client, ready.org, found.issue.id, () => getAutofix(ready.client.http, ready.org, found.issue.id, signal));
      return `Issue ${escapeMarkdown(found.issue.shortId, 64)}: ${text}`;
    });
  },
});

/**
 * Seer's analysis as a section to add to an issue's details (the @sentry participant's data, quoted in
 * its fence; the copied Markdown), only when Seer has a run for the issue: '' otherwise.
 */
export async function seerSection(ctx: ToolContext, issue: string, signal?: AbortSignal): Promise<string> {
  const ready = await ctx.ready();
  if (!ready.ok) return '';
  const found = await findIssue(ctx, issue, ready, signal);
  if (!found.ok) return '';
  const { text, run } = await seerText(ctx, ready.client, ready.org, found.issue.id, () => getAutofix(ready.client.http, ready.org, found.issue.id, signal));
  return run ? `\n\n## Seer\n\n${text}\n` : '';
}
