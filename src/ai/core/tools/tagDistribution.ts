/**
 * Get tag distribution: the top values of one tag over an issue's events, with counts and
 * percentages. One tag request, plus whatever naming the issue costs. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { toTagData } from '../../../contracts/fromApi';
import { escapeMarkdown } from '../../../model/event/markdown';
import * as z from '../../../model/z';
import { tagDistributionMarkdown } from '../text/tagDistribution';
import { findIssue } from './findIssue';
import { defineTool } from './tool';
import { issueInput, text } from './toolInputs';

export const TagInput = z.lazySchema(() => z.object({ issue: issueInput, tag: text(200) }));
export type TagInput = z.InferOutput<typeof TagInput>;

export const tagDistribution = defineTool({
  key: 'tagDistribution',
  name: 'sentryExplorer_getTagDistribution',
  referenceName: 'sentryTags',
  input: TagInput,
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
