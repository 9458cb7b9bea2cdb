// Boolean search as the events table takes it: terms joined by AND (or a space) and OR, AND binding
// tighter, with parentheses. Sentry's grammar (src/sentry/api/event_search.py: `or_operator = ~r"OR"i`,
// `and_operator = ~r"AND"i`, `paren_group`) is built with allow_boolean=True for every search but the
// issue search (issue_search.py sets it False), so /organizations/{org}/events/ takes
// `is:unresolved (stack.filename:"a.kt" OR stack.filename:"*b/c.ts")`; the leaves are parsed by ./search.ts.
import { parseQuery, searchError, type Term } from './search';

export type BoolNode = { readonly and: readonly BoolNode[] } | { readonly or: readonly BoolNode[] } | { readonly term: Term };

/** The query as a tree of AND and OR over terms. */
export function parseBooleanQuery(query: string): BoolNode {
  return query.trim() === '' ? { and: [] } : orOf(query, 0);
}

/** Every term of the tree joined to the root by AND alone (a positive `issue.id` there bounds the search). */
export function andTerms(node: BoolNode): Term[] {
  if ('term' in node) return [node.term];
  if ('and' in node) return node.and.flatMap(andTerms);
  return node.or.length === 1 ? andTerms(node.or[0]) : [];
}

/** Whether the tree holds for an event, its terms tested by `test`. */
export function holds<T>(node: BoolNode, test: (term: Term, item: T) => boolean, item: T): boolean {
  if ('term' in node) return test(node.term, item);
  if ('and' in node) return node.and.every((n) => holds(n, test, item));
  return node.or.some((n) => holds(n, test, item));
}

const MAX_DEPTH = 10;

function orOf(text: string, depth: number): BoolNode {
  if (depth > MAX_DEPTH) searchError('Too many nested parentheses');
  const alternatives = splitTopLevel(text).map((alt) => andOf(alt, depth));
  return alternatives.length === 1 ? alternatives[0] : { or: alternatives };
}

/** The parts of one alternative: plain runs of terms (./search.ts) and parenthesised groups. */
function andOf(text: string, depth: number): BoolNode {
  const parts: BoolNode[] = [];
  let plain = '';
  const flush = () => {
    if (plain.trim()) parts.push(...parseQuery(plain).map((term) => ({ term })));
    plain = '';
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      const end = closing(text, i);
      plain += text.slice(i, end + 1);
      i = end;
    } else if (c === '(' && (i === 0 || /\s/.test(text[i - 1]))) {
      flush();
      const end = matchingParen(text, i);
      parts.push(orOf(text.slice(i + 1, end), depth + 1));
      i = end;
    } else plain += c;
  }
  flush();
  if (parts.length === 0) searchError('An empty group or a boolean operator without a term beside it');
  return parts.length === 1 ? parts[0] : { and: parts };
}

/** The text split on the ORs outside quotes and parentheses. */
function splitTopLevel(text: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') i = closing(text, i);
    else if (c === '(') depth++;
    else if (c === ')') depth--;
    else if (depth === 0 && /\s/.test(c) && /^\s+OR\s/i.test(text.slice(i) + ' ')) {
      out.push(text.slice(start, i));
      const m = /^\s+OR\s+/i.exec(text.slice(i) + ' ')!;
      i += m[0].length - 1;
      start = i + 1;
    }
  }
  out.push(text.slice(start));
  return out;
}

function closing(text: string, open: number): number {
  for (let j = open + 1; j < text.length; j++) {
    if (text[j] === '\\') j++;
    else if (text[j] === '"') return j;
  }
  searchError(`Unterminated quote at position ${open}`);
}

function matchingParen(text: string, open: number): number {
  let depth = 0;
  for (let j = open; j < text.length; j++) {
    if (text[j] === '"') j = closing(text, j);
    else if (text[j] === '(') depth++;
    else if (text[j] === ')' && --depth === 0) return j;
  }
  searchError('Unbalanced parentheses');
}
