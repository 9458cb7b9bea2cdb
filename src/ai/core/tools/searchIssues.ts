/**
 * Search issues: the issues of the projects the Issues view shows (or the one named) matching a
 * Sentry search, as a compact Markdown list. One request for every project searched (one per project
 * on a server without the organization endpoint). No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { Issue } from '../../../model/issue/schema';
import { escapeMarkdown } from '../../../model/event/markdown';
import * as z from '../../../model/z';
import { issueListMarkdown } from '../text/issueList';
import { MAX_PROJECTS } from './context';
import { defineTool } from './tool';
import { CHOOSE_PROJECT_FIRST } from './toolErrors';
import { text } from './toolInputs';

const PERIODS = ['1h', '24h', '7d', '14d', '30d', '90d'] as const;
const SORTS = ['date', 'new', 'freq', 'user'] as const;
const DEFAULT_LIMIT = 10;
const MAX_LIMIT = 25;

export const SearchInput = z.lazySchema(() =>
  z.object({
    query: z.optional(z.pipe(z.string(), z.maxLength(1000))),
    project: z.optional(text(100)),
    period: z.optional(z.picklist(PERIODS)),
    sort: z.optional(z.picklist(SORTS)),
    limit: z.optional(z.pipe(z.number(), z.safeInteger(), z.minValue(1), z.maxValue(MAX_LIMIT))),
  }),
);
export type SearchInput = z.InferOutput<typeof SearchInput>;

const SORT_KEY: Record<NonNullable<SearchInput['sort']>, (i: Issue) => number> = {
  // An issue without the date (null) sorts last.
  date: (i) => Date.parse(i.lastSeen ?? '') || 0,
  new: (i) => Date.parse(i.firstSeen ?? '') || 0,
  freq: (i) => Number(i.count) || 0,
  user: (i) => i.userCount,
};

export const searchIssues = defineTool({
  key: 'searchIssues',
  name: 'sentryExplorer_searchIssues',
  referenceName: 'sentryIssues',
  input: SearchInput,
  progress: () => l10n.t('Searching Sentry issues…'),
  handler(input, ctx, signal) {
    return ctx.guard(signal, async () => {
      const ready = await ctx.ready();
      if (!ready.ok) return ready.text;
      const projects = input.project ? [input.project] : ctx.deps.selection().projects.slice(0, MAX_PROJECTS);
      if (!projects.length) return CHOOSE_PROJECT_FIRST;
      const limit = input.limit ?? DEFAULT_LIMIT;
      const query = input.query?.trim() || 'is:unresolved';
      const sort = input.sort ?? 'date';
      const window = input.period ? { period: input.period } : undefined;
      const page = await ctx.deps.store.source.page(ready.client, { org: ready.org, projects, query, sort, limit, statsPeriod: '', window }, undefined, signal);
      const found: Issue[] = [...page.items];
      const total = Math.max(page.hits ?? 0, page.items.length);
      const key = SORT_KEY[sort];
      found.sort((a, b) => key(b) - key(a));
      const within = input.period ? ` seen in the last ${escapeMarkdown(input.period, 20)}` : '';
      const head = `Sentry issues in ${projects.map((p) => escapeMarkdown(p, 100)).join(', ')} matching ${escapeMarkdown(query, 1000)}${within} (sorted by ${sort}):\n\n`;
      return head + issueListMarkdown(found.slice(0, limit), { now: ctx.deps.now(), total, max: limit, link: (i) => ctx.link(i, ready.client) });
    });
  },
});
