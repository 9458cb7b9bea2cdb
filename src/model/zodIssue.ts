/**
 * What a schema refused, in words: the path of a zod issue and what was expected there, for the
 * error a bad answer raises. No `vscode` import.
 */

/** Formats a zod issue path like `[3].stats.24h[0][1]` or `[0]["event.type"]`. */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const key of path) {
    if (typeof key === 'number') out += `[${key}]`;
    else {
      const name = String(key);
      out += /^[A-Za-z0-9_$-]+$/.test(name) ? (out ? `.${name}` : name) : `[${JSON.stringify(name)}]`;
    }
  }
  return out;
}

/**
 * One zod issue in words. zod/mini carries no message texts ("Invalid input" for everything), so
 * the words come from the issue's code; a refinement's own message is kept.
 */
export function describeIssue(issue: { code: string; message: string; expected?: unknown; values?: readonly unknown[]; minimum?: unknown; maximum?: unknown; origin?: string }): string {
  switch (issue.code) {
    case 'invalid_type':
      return `expected ${String(issue.expected)}`;
    case 'invalid_value':
      return `expected ${(issue.values ?? []).map((v) => JSON.stringify(v)).join(' or ')}`;
    case 'too_small':
      return `expected at least ${String(issue.minimum)}${unitOf(issue.origin)}`;
    case 'too_big':
      return `expected at most ${String(issue.maximum)}${unitOf(issue.origin)}`;
    case 'invalid_union':
      return 'matches none of the accepted shapes';
    default:
      return issue.message;
  }
}

const unitOf = (origin: string | undefined): string => (origin === 'string' ? ' character(s)' : origin === 'array' ? ' item(s)' : '');
