// What a Markdown string would render that server text must never produce: links, images, HTML,
// autolinks, or a code span that a blank line breaks open. Conservative on purpose: it reads the
// source the way CommonMark/GFM would start a construct, and reports each place one could start.

export interface MarkdownFinding {
  what: string;
  at: string;
}

/** Our own links (e.g. a hover's command links), removed before the check and reported separately. */
export interface AllowedLink {
  /** The words of a text link, or `$(name)` of an icon link. */
  label: string;
  target: string;
  /** The tooltip of `[label](target "title")`, when the link has one. */
  title?: string;
}

/** `[Words](command:sentryExplorer.x?args)`, `[$(icon)](… "Title")` or `[\+2 more](… "Title")`: our labels and titles, never server text. */
const ALLOWED_LINK = /\[((?:\\\+|[A-Za-z0-9 ])+|\$\([a-z][a-z0-9-]*\))\]\((command:sentryExplorer\.[A-Za-z]+(?:\?[^\s()"]*)?)(?: "([A-Za-z0-9 ]+)")?\)/g;

export function ownLinks(markdown: string): AllowedLink[] {
  return [...markdown.matchAll(ALLOWED_LINK)].map((m) => ({ label: m[1].replace(/\\/g, ''), target: m[2], ...(m[3] !== undefined ? { title: m[3] } : {}) }));
}

/** The Markdown without our own links: what renders as text. */
export function withoutOwnLinks(markdown: string): string {
  return markdown.replace(ALLOWED_LINK, ' ');
}

/**
 * What in `markdown` could render as markup server text must not form. `ownIcons` are the codicons the
 * Markdown itself starts a line or a label with (`$(bug) `): any other `$(` came from text that
 * should have been escaped.
 */
export function unsafeMarkup(markdown: string, ownIcons: readonly string[] = ['bug']): MarkdownFinding[] {
  const findings: MarkdownFinding[] = [];
  const text = withoutOwnLinks(markdown);
  const near = (i: number) => JSON.stringify(text.slice(Math.max(0, i - 20), i + 30));
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '\\') {
      i += 2;
      continue;
    }
    if (c === '`') {
      let run = 0;
      while (text[i + run] === '`') run++;
      const close = findClose(text, i + run, run);
      if (close === undefined) {
        findings.push({ what: 'a backtick that opens no closed code span', at: near(i) });
        i += run;
        continue;
      }
      const content = text.slice(i + run, close);
      if (/\n[ \t]*\n/.test(content)) findings.push({ what: 'a code span broken by a blank line', at: near(i) });
      i = close + run;
      continue;
    }
    const rest = text.slice(i);
    if (c === '!' && rest.startsWith('![')) findings.push({ what: 'an image', at: near(i) });
    if (c === ']' && /^\]\s*[([:]/.test(rest)) findings.push({ what: 'a link or reference', at: near(i) });
    if (c === '<' && /^<[A-Za-z/!?]/.test(rest)) findings.push({ what: 'HTML or an autolink', at: near(i) });
    if (/^[A-Za-z][A-Za-z0-9+.-]*:\/\//.test(rest) && (i === 0 || !/[A-Za-z0-9+.-]/.test(text[i - 1]))) findings.push({ what: 'a bare URL', at: near(i) });
    if (/^www\./i.test(rest)) findings.push({ what: 'a www. autolink', at: near(i) });
    if (c === '$' && rest.startsWith('$(') && !ownIcons.some((icon) => rest.startsWith(`$(${icon}) `) && (i === 0 || text[i - 1] === '\n'))) findings.push({ what: 'a theme icon', at: near(i) });
    i++;
  }
  return findings;
}

/** The index of the backtick run of exactly `run` that closes a code span, within its paragraph. */
function findClose(text: string, from: number, run: number): number | undefined {
  let j = from;
  while (j < text.length) {
    if (text[j] === '`') {
      let n = 0;
      while (text[j + n] === '`') n++;
      if (n === run) return j;
      j += n;
      continue;
    }
    j++;
  }
  return undefined;
}
