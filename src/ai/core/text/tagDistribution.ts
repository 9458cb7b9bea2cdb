/**
 * One tag's distribution as Markdown for a language model tool's result: the top values
 * with their counts and share of all values, escaped (values are server text). No `vscode` import.
 */
import type { TagData } from '../../../contracts/issueView';
import { escapeMarkdown } from '../../../model/event/markdown';

/** Values listed; the rest are summed into one line. */
export const MAX_TAG_LINES = 25;

const percent = (count: number, total: number) => (total > 0 ? `${((count / total) * 100).toFixed(1)}%` : '–');

/** "- `Chrome`: 60 (60.0%)"; a null or empty value as "(empty)". */
export function tagDistributionMarkdown(tag: TagData): string {
  const name = escapeMarkdown(tag.name || tag.key, 200);
  const key = tag.name && tag.name !== tag.key ? ` (${escapeMarkdown(tag.key, 200)})` : '';
  const total = tag.totalValues;
  const head = `**Tag ${name}**${key}: ${tag.uniqueValues.toLocaleString('en-US')} unique ${tag.uniqueValues === 1 ? 'value' : 'values'}, ${total.toLocaleString('en-US')} in all`;
  if (!tag.topValues.length) return `${head}\n\nNo values.\n`;
  const top = tag.topValues.slice(0, MAX_TAG_LINES);
  const lines = top.map((v) => {
    const text = v.value === null ? '' : escapeMarkdown(v.value, 200);
    return `- ${text || '_(empty)_'}: ${v.count.toLocaleString('en-US')} (${percent(v.count, total)})`;
  });
  const rest = total - top.reduce((sum, v) => sum + v.count, 0);
  const more = tag.uniqueValues - top.length;
  if (more > 0 && rest > 0) lines.push(`- _${more.toLocaleString('en-US')} other ${more === 1 ? 'value' : 'values'}_: ${rest.toLocaleString('en-US')} (${percent(rest, total)})`);
  return `${[head, '', ...lines].join('\n')}\n`;
}
