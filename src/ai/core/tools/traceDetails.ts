/**
 * Get trace details: the spans and logs of a trace, on request. The model names the issue (and
 * which of its events, the latest by default, or an event's id) whose trace it wants, or a trace id.
 * It only reads, in the server and organization Sentry Explorer shows: an issue's address naming
 * another organization is refused, not followed. Requests: the issue's event (a trace id alone
 * needs none), then the trace and its logs side by side (./traceStory.ts, the readers the Trace and
 * Logs tabs use), plus whatever naming the issue costs. The text is bounded, masked and fenced as
 * data (../text/traceSummary.ts). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { NotFoundError } from '../../../api/errors';
import { escapeMarkdown } from '../../../model/event/markdown';
import { eventTrace, type EventTrace } from '../../../model/trace/eventTrace';
import * as z from '../../../model/z';
import { traceListingText, traceSummaryText } from '../text/traceSummary';
import { CHARS_PER_TOKEN, DEFAULT_BUDGET_TOKENS } from '../text/tokens';
import { findIssue } from './findIssue';
import { defineTool } from './tool';
import { text } from './toolInputs';
import { readTraceStory } from './traceStory';

/** 32 hex digits: a trace id, or an event id (Sentry's `is_event_id`, src/sentry/utils/validators.py). */
const HEX32 = /^[0-9a-fA-F]{32}$/;
const EVENT = /^(?:latest|recommended|oldest|[0-9a-fA-F]{32})$/;
export const DEFAULT_SPANS = 100;
export const DEFAULT_LOGS = 50;

export const TraceInput = z.lazySchema(() =>
  z.object({
    target: text(2048),
    event: z.optional(z.pipe(z.string(), z.regex(EVENT))),
    maxSpans: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(1), z.maxValue(500))),
    maxLogs: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(0), z.maxValue(200))),
  }),
);
export type TraceInput = z.InferOutput<typeof TraceInput>;

export const traceDetails = defineTool({
  key: 'traceDetails',
  name: 'sentryExplorer_getTraceDetails',
  referenceName: 'sentryTrace',
  input: TraceInput,
  progress: () => l10n.t('Reading the trace’s spans and logs from Sentry…'),
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const ready = await ctx.ready();
      if (!ready.ok) return ready.text;
      const target = input.target.trim();
      let at: EventTrace;
      let lead: string;
      let latestOf: { issueId: string; counts?: typeof ctx.deps.traceCounts } | undefined;
      if (HEX32.test(target)) {
        // A trace id alone says nothing of when: the day around now is searched (as the Trace tab searches the day around its event).
        at = { traceId: target.toLowerCase(), eventId: '', time: ctx.deps.now() };
        lead = 'A trace id alone is looked for in the last day; name the issue to read an older trace.\n\n';
      } else {
        const found = await findIssue(ctx, target, ready, signal);
        if (!found.ok) return found.text;
        if (found.ref.org !== ready.org)
          return `Issue ${escapeMarkdown(found.issue.shortId, 64)} is in organization ${escapeMarkdown(found.ref.org, 100)}, not ${escapeMarkdown(ready.org, 100)}, the one Sentry Explorer shows: its trace is not read. Ask the user to choose that organization first.`;
        const ref = (input.event ?? 'latest').toLowerCase();
        let raw: unknown;
        try {
          raw = await ready.client.getIssueEvent(ready.org, found.issue.id, ref, {}, signal);
        } catch (e) {
          if (e instanceof NotFoundError) return `Issue ${escapeMarkdown(found.issue.shortId, 64)} has no event ${escapeMarkdown(ref, 40)}.`;
          throw e;
        }
        const name = `Issue ${escapeMarkdown(found.issue.shortId, 64)}, its ${HEX32.test(ref) ? `event ${ref}` : `${ref} event`}`;
        const found2 = eventTrace(raw);
        if (!found2) return `${name}: ${traceSummaryText(undefined)}`;
        at = found2;
        lead = `${name}.\n\n`;
        if (ref === 'latest') latestOf = { issueId: found.issue.id, counts: ctx.deps.traceCounts };
      }
      const story = await readTraceStory(ready.client, ready.org, at, signal, latestOf);
      return `${lead}${traceListingText(story, { maxSpans: input.maxSpans ?? DEFAULT_SPANS, maxLogs: input.maxLogs ?? DEFAULT_LOGS, maxChars: DEFAULT_BUDGET_TOKENS * CHARS_PER_TOKEN })}`;
    });
  },
});
