/**
 * Get issue details: one issue and one of its events as Markdown within a token budget, secrets
 * masked, in-app frames mapped to workspace files, with Sentry's own rendering (`llmFormat`) when the
 * server offers it. The event request, plus whatever naming the issue costs. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { NotFoundError } from '../../../api/errors';
import { issueHeader } from '../../../contracts/fromApi';
import { parseEventDetail } from '../../../model/event/parse';
import type { DetailFrame } from '../../../model/event/types';
import * as z from '../../../model/z';
import { issueDetailsText, serverRendering } from '../text/issueDetails';
import { provenanceText } from '../text/provenanceText';
import { DEFAULT_BUDGET_TOKENS, estimateTokens } from '../text/tokens';
import type { Ready, ToolContext } from './context';
import { findIssue } from './findIssue';
import { defineTool } from './tool';
import { ToolCancelled } from './toolErrors';
import { issueInput } from './toolInputs';

const EVENT_CHOICES = ['latest', 'recommended', 'oldest'] as const;
const MIN_TOKENS = 500;
const MAX_TOKENS = 16_000;
/** Distinct frame files mapped to the workspace per event. */
const MAX_MAPPED = 40;

export const DetailsInput = z.lazySchema(() =>
  z.object({
    issue: issueInput,
    event: z.optional(z.picklist(EVENT_CHOICES)),
    maxTokens: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(MIN_TOKENS), z.maxValue(MAX_TOKENS))),
  }),
);
export type DetailsInput = z.InferOutput<typeof DetailsInput>;

export const issueDetails = defineTool({
  key: 'issueDetails',
  name: 'sentryExplorer_getIssueDetails',
  referenceName: 'sentryIssue',
  input: DetailsInput,
  progress: () => l10n.t('Reading the Sentry issue and its event…'),
  async handler(input, ctx, signal) {
    return (await detailsOf(input, ctx, signal)).text;
  },
});

/** The details, saying whether they are the issue's text or a failure's (Copy as Markdown copies only the first). */
export async function detailsOf(input: DetailsInput, ctx: ToolContext, signal?: AbortSignal): Promise<{ ok: boolean; text: string }> {
  let ok = false;
  const text = await ctx.guard(signal, async () => {
    const ready = await ctx.ready();
    if (!ready.ok) return ready.text;
    const found = await findIssue(ctx, input.issue, ready, signal);
    if (!found.ok) return found.text;
    const { issue } = found;
    const raw = await eventOf(ready, issue.id, input.event ?? 'latest', signal);
    // Its frames' source lines tell the marks where the code went since.
    if (raw !== undefined) ctx.deps.store.eventText.record(ready.client.baseUrl, issue.id, raw);
    const parsed = raw === undefined ? undefined : parseEventDetail(raw, issue.id);
    const mapped = parsed
      ? await mapFrames(
          ctx,
          parsed.detail.exceptions.flatMap((x) => x.frames),
          { issueId: issue.id, eventPlatform: parsed.detail.platform, sdkName: parsed.detail.sdk?.name },
          signal,
        )
      : new Map<string, string>();
    const formatted = serverRendering(raw);
    const about = parsed ? await provenanceOf(ctx, ready.org, issue.project?.slug, issue.id, parsed.detail.eventID, parsed.detail.release, signal) : '';
    ok = true;
    const details = issueDetailsText(issueHeader(issue), parsed?.detail, {
      // The section on releases takes its room out of the budget.
      budgetTokens: (input.maxTokens ?? DEFAULT_BUDGET_TOKENS) - estimateTokens(about),
      link: ctx.link(issue, ready.client),
      mapPath: (f) => {
        const path = mapped.get(frameKey(f));
        return path && (f.lineNo !== undefined ? `${path}:${f.lineNo}` : path);
      },
      now: ctx.deps.now(),
      serverText: formatted,
      secrets: parsed?.secrets,
    }).text;
    return about ? `${details}\n${about}` : details;
  });
  return { ok, text };
}

/**
 * The event's releases, suspect commits and owners (five requests, once per event: the store keeps them
 * for the panel and the hover too), as a fenced section; '' when the store is missing or nothing came.
 */
async function provenanceOf(ctx: ToolContext, org: string, project: string | undefined, issueId: string, eventId: string, release: string | undefined, signal?: AbortSignal): Promise<string> {
  const store = ctx.deps.provenance;
  if (!store || !project || !/^[0-9a-f]{32}$/i.test(eventId)) return '';
  const view = await store.forEvent({ org, project, issueId, eventId, release: release || undefined }, signal).catch(() => undefined);
  return provenanceText(view);
}

/**
 * The whole event, asking for Sentry's own rendering too. A server without it (older, or an
 * organization without the flag `organizations:issue-standardized-markdown-for-llm-api`) ignores
 * the parameter silently (src/sentry/issues/formatting/mixin.py): no 400 to fall back from.
 */
async function eventOf(ready: Extract<Ready, { ok: true }>, issueId: string, ref: string, signal?: AbortSignal): Promise<unknown> {
  try {
    return await ready.client.getIssueEvent(ready.org, issueId, ref, { llmFormat: 'markdown' }, signal);
  } catch (e) {
    if (e instanceof NotFoundError) return undefined;
    throw e;
  }
}

/** The frames' workspace paths; the event's platform and SDK decide the path a code mapping applies to. */
async function mapFrames(ctx: ToolContext, frames: readonly DetailFrame[], event: { issueId: string; eventPlatform?: string; sdkName?: string }, signal?: AbortSignal): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  const source = ctx.deps.locations();
  for (const f of frames) {
    if (f.inApp !== true || out.size >= MAX_MAPPED || out.has(frameKey(f))) continue;
    if (signal?.aborted) throw new ToolCancelled();
    const path = await source.mapFrame({ filename: f.filename, absPath: f.absPath, module: f.module, package: f.package, ...event });
    if (path) out.set(frameKey(f), path);
  }
  return out;
}

const frameKey = (f: Pick<DetailFrame, 'filename' | 'absPath'>) => `${f.filename ?? ''}\u0000${f.absPath ?? ''}`;
