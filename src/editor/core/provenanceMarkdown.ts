/**
 * What a hover says under an issue's line about who and what broke it: the first and last release,
 * the suspect commit (short id, message, author) and whether the marked line changed in the
 * workspace's git since the release. Every server and commit string is escaped (no link, markup or
 * command can form) and bounded. Pure, so it is tested without VS Code.
 */
import * as l10n from '@vscode/l10n';
import type { LineHistory, ProvenanceView } from '../../contracts/provenance';
import { codeSpan, escapeMarkdown } from '../../util/untrusted';

const md = (s: string | undefined, max = 120) => escapeMarkdown(s ?? '', max);

export function provenanceLines(view: ProvenanceView | undefined, history: LineHistory | undefined): string[] {
  const lines: string[] = [];
  const first = view?.firstRelease?.version;
  const last = view?.lastRelease?.version;
  if (first || last) {
    const parts = [first ? `_${md(l10n.t('first release'))}_ ${codeSpan(first, 80)}` : '', last && last !== first ? `_${md(l10n.t('last release'))}_ ${codeSpan(last, 80)}` : ''].filter(Boolean);
    lines.push(`$(tag) ${parts.join(' · ')}`);
  }
  const suspect = view?.suspects[0];
  if (suspect) {
    const who = suspect.author ? ` — ${md(suspect.author, 60)}` : '';
    lines.push(`$(git-commit) _${md(l10n.t('suspect commit'))}_ ${codeSpan(suspect.shortId)} ${md(suspect.message, 80)}${who}`);
  }
  if (history) {
    if (history.kind === 'changed') {
      const c = history.commit;
      const text = c.author ? l10n.t('changed since this release, in {0} by {1}', '\u0000', c.author) : l10n.t('changed since this release, in {0}', '\u0000');
      lines.push(`$(history) ${codeSpan(history.release, 80)} ${withCode(text, c.shortId)}${c.message ? ` · ${md(c.message, 60)}` : ''}`);
    } else if (history.kind === 'unchanged') {
      lines.push(`$(pass) ${codeSpan(history.release, 80)} _${md(l10n.t('unchanged since the release'))}_`);
    } else {
      lines.push(`$(question) ${codeSpan(history.release, 80)} _${md(l10n.t("the release's commit is not in this checkout's history"))}_`);
    }
  }
  return lines;
}

/** An escaped sentence with a code span where its `\0` placeholder is (the commit's short id). */
function withCode(sentence: string, code: string): string {
  const [before, after = ''] = sentence.split('\u0000');
  return `_${md(before, 200)}_${codeSpan(code)}${after ? `_${md(after, 200)}_` : ''}`;
}
