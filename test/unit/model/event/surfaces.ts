// Every surface a user or a model sees, from raw payloads: the masking step the API client applies
// where answers enter (maskAnswer.ts), then every pure builder of what is shown, copied or handed on.
// The AI details include Sentry's own rendering of the event (`formatted`, asked with `llmFormat`)
// when the raw event carries one, as the tool does.
import { EventDetailsSchema, EventListSchema } from '../../../../src/model/event/schema';
import { IssueListSchema, TagDetailsSchema } from '../../../../src/model/issue/schema';
import { maskAnswerKeeping, maskAnswers, maskTagAnswer } from '../../../../src/model/event/maskAnswer';
import { applyServerMeta } from '../../../../src/model/event/serverMeta';
import { parseEventDetail } from '../../../../src/model/event/parse';
import { encodeDetail } from '../../../../src/model/event/types';
import { eventMarkdown } from '../../../../src/model/event/markdown';
import { maskedEventJson } from '../../../../src/model/event/rawJson';
import { issueHeader, toTagData } from '../../../../src/contracts/fromApi';
import { issueAccessibilityLabel, issueDescription, issueLabel, statsLine } from '../../../../src/issues/core/present';
import { hoverMarkdown } from '../../../../src/editor/core/hoverMarkdown';
import { toEventData } from '../../../../src/eventsPanel/core/eventData';
import { issueListMarkdown } from '../../../../src/ai/core/text/issueList';
import { issueDetailsText, serverRendering } from '../../../../src/ai/core/text/issueDetails';
import { tagDistributionMarkdown } from '../../../../src/ai/core/text/tagDistribution';
import { chatPrompt } from '../../../../src/ai/core/text/chatPrompt';
import { handOffPrompt } from '../../../../src/ai/core/text/handOffPrompt';
import * as z from '../../../../src/model/z';

type Json = unknown;

/** Every surface's output for one issue, its events, one whole event and one tag, as the user or a model sees them. */
export function surfaces(rawIssues: Json, rawEvents: Json, rawEvent: Json, rawTag: Json): Record<string, string> {
  const issue = maskAnswers(z.parse(IssueListSchema, rawIssues))[0];
  const events = maskAnswers(z.parse(EventListSchema, rawEvents).map(applyServerMeta));
  const event = maskAnswerKeeping(applyServerMeta(z.parse(EventDetailsSchema, rawEvent))).value;
  const tag = maskTagAnswer(z.parse(TagDetailsSchema, rawTag));
  const { detail, secrets } = parseEventDetail(event, issue.id);
  const header = issueHeader(issue);
  const ref = { org: 'acme', project: issue.project.slug, issueId: issue.id };
  // As the details tool hands it on: with Sentry's own rendering (`llmFormat`) when the event has one.
  const details = issueDetailsText(header, detail, { serverText: serverRendering(event), secrets }).text;
  const list = issueListMarkdown([issue], { now: Date.parse('2026-11-26T00:00:00Z') });
  const tags = tagDistributionMarkdown(toTagData(tag));
  return {
    'tree label': issueLabel(issue),
    'tree description': issueDescription(issue),
    'tree accessibility': issueAccessibilityLabel(issue, '24h'),
    'tree stats': statsLine(issue, '24h') ?? '',
    hover: hoverMarkdown(issue, ref),
    'panel header': JSON.stringify(header),
    'Events tab': JSON.stringify(events.map((e) => toEventData(e, true))),
    'Event tab': encodeDetail(detail),
    'Tags tab': JSON.stringify(toTagData(tag)),
    'Copy as Markdown': eventMarkdown(header, detail),
    'Copy JSON / raw JSON': maskedEventJson(event).json,
    'AI issue list': list,
    'AI issue details': details,
    'AI tag distribution': tags,
    '@sentry prompt': chatPrompt([list, details, tags].join('\n'), 'why?'),
    'hand-off prompt': handOffPrompt(
      'fix',
      { id: issue.id, shortId: issue.shortId, title: issue.title },
      { details: 'sentryIssueDetails', location: 'sentryIssuesAtLocation', search: 'sentrySearchIssues' },
    ),
  };
}
