/**
 * The search query as the page edits it: clicking a tag chip puts `key:value` in the query in place
 * of any earlier term of that key, quoting the value when Sentry's search syntax needs it. Pure.
 */

/** A search value, quoted when it has to be (spaces, quotes, parentheses, or empty). */
export function quoteValue(value: string): string {
  return value === '' || /[\s"()\\]/.test(value) ? `"${value.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"` : value;
}

export function tagTerm(key: string, value: string): string {
  return `${key}:${quoteValue(value)}`;
}

/** Splits a query into its top-level tokens, keeping quoted parts together. */
export function queryTokens(query: string): string[] {
  const tokens: string[] = [];
  let cur = '';
  let quoted = false;
  for (let i = 0; i < query.length; i++) {
    const c = query[i];
    if (quoted) {
      cur += c;
      if (c === '\\' && i + 1 < query.length) cur += query[++i];
      else if (c === '"') quoted = false;
    } else if (/\s/.test(c)) {
      if (cur) tokens.push(cur);
      cur = '';
    } else {
      cur += c;
      if (c === '"') quoted = true;
    }
  }
  if (cur) tokens.push(cur);
  return tokens;
}

/**
 * The query after clicking the tag chip `key:value`: the term replaces any earlier term of the
 * same key (negated or not); other terms and free text stay.
 */
export function applyTagFilter(query: string, key: string, value: string): string {
  const kept = queryTokens(query).filter((t) => !(t.startsWith(`${key}:`) || t.startsWith(`!${key}:`)));
  while (kept.length && kept[kept.length - 1] === 'AND') kept.pop();
  return [...kept, tagTerm(key, value)].join(' ');
}

/** Does the query already filter by exactly this tag value? */
export function hasTagFilter(query: string, key: string, value: string): boolean {
  return queryTokens(query).includes(tagTerm(key, value));
}
