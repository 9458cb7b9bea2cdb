/**
 * Get tag distribution: the top values of one tag over an issue's events, with counts and
 * percentages. One tag request, plus whatever naming the issue costs. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { toTagData } from '../../contracts/fromApi';
import { escapeMarkdown } from '../../sentryEvent/markdown';
import * as z from '../../util/z';
import { tagDistributionMarkdown } from '../text/tagDistribution';
import { findIssue } from './findIssue';
import { defineTool } from './tool';
import { ISSUE_PROPERTY, issueInput, text } from './toolInputs';

export const TagInput = z.lazy(() => z.object({ issue: issueInput, tag: text(200) }));
export type TagInput = z.infer<typeof TagInput>;

export const tagDistribution = defineTool({
  key: 'tagDistribution',
  name: 'sentryExplorer_getTagDistribution',
  referenceName: 'sentryTags',
  description:
    'Returns the distribution of one tag over the events of a Sentry issue: its top values with counts and percentages (e.g. browser, os, release, environment, url, user, transaction). Use it to tell whether an error is tied to a release, browser, environment or a few users.',
  input: TagInput,
  inputSchema: {
    type: 'object',
    properties: {
      issue: ISSUE_PROPERTY,
      tag: { type: 'string', description: 'The tag key, e.g. browser, os, release, environment, url.', minLength: 1, maxLength: 200 },
    },
    required: ['issue', 'tag'],
  },
  progress: () => l10n.t('Reading the tag values of the Sentry issue…'),
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const ready = await ctx.ready();
      if (!ready.ok) return ready.text;
      const found = await findIssue(ctx, input.issue, ready, signal);
      if (!found.ok) return found.text;
      const tag = await ready.client.getTagDetails(ready.org, found.issue.id, input.tag.trim(), {}, signal);
      return `Issue ${escapeMarkdown(found.issue.shortId, 64)}: ${tagDistributionMarkdown(toTagData(tag))}`;
    });
  },
});
