/**
 * The header's second part: the first and last release, the release of the event on screen
 * (its commit and where it was deployed), the suspect commits (short id, message, author) and the
 * owners. All server text, set as text only. A commit is a button: the host opens the commit it sent
 * for this event (the workspace's source control, or its host's page after asking), never anything
 * the page names.
 */
import * as l10n from '@vscode/l10n';
import type { CommitView, ProvenanceView, ReleaseView } from '../../contracts/provenance';
import { absoluteTime } from '../../format/time';
import { h, icon, replace } from './dom';

export class ProvenanceViewPart {
  readonly el = h('section', { class: 'provenance', id: 'provenance', hidden: true, attrs: { 'aria-label': l10n.t('Releases, suspect commits and owners') } });
  private shownFor: string | undefined;

  constructor(private readonly openCommit: (eventId: string, commitId: string) => void) {}

  /** Nothing to show (another issue). */
  clear(): void {
    this.shownFor = undefined;
    replace(this.el);
    this.el.hidden = true;
  }

  show(eventId: string, v: ProvenanceView): void {
    this.shownFor = eventId;
    const commit = (c: CommitView, withAuthor: boolean) =>
      h(
        'button',
        {
          class: 'link commit',
          attrs: { type: 'button', 'data-commit': c.id },
          title: [c.id, c.repository, c.suspectType].filter(Boolean).join(' · '),
          on: { click: () => this.openCommit(eventId, c.id) },
        },
        h('code', { text: c.shortId }),
        c.message ? ` ${c.message}` : '',
        withAuthor && c.author ? ` — ${c.author}` : '',
      );
    const release = (label: string, r: ReleaseView | undefined, id: string) =>
      r ? h('span', { class: 'fact', id, title: r.date ? absoluteTime(r.date) : undefined }, icon('tag'), `${label} `, h('strong', { text: r.version })) : null;
    const rows: (HTMLElement | null)[] = [
      v.firstRelease || v.lastRelease
        ? h('div', { class: 'facts' }, release(l10n.t('first release'), v.firstRelease, 'first-release'), release(l10n.t('last release'), v.lastRelease, 'last-release'))
        : null,
      v.eventRelease
        ? h(
            'div',
            { class: 'facts', id: 'event-release' },
            h('span', { class: 'fact' }, icon('package'), l10n.t('this event: '), h('strong', { text: v.eventRelease.version })),
            v.eventRelease.commit ? h('span', { class: 'fact' }, icon('git-commit'), commit(v.eventRelease.commit, false)) : null,
            v.deploys.length ? h('span', { class: 'fact', id: 'deploys' }, icon('rocket'), l10n.t('deployed to {0}', v.deploys.map((d) => d.environment).join(', '))) : null,
          )
        : null,
      v.suspects.length
        ? h(
            'div',
            { class: 'facts', id: 'suspect-commits' },
            h('span', { class: 'fact' }, icon('git-commit'), v.suspects.length === 1 ? l10n.t('suspect commit') : l10n.t('suspect commits')),
            ...v.suspects.slice(0, 3).map((c) => commit(c, true)),
          )
        : null,
      v.owners.length ? h('div', { class: 'facts', id: 'owners' }, h('span', { class: 'fact' }, icon('organization'), l10n.t('owners: {0}', v.owners.join(', ')))) : null,
    ];
    replace(this.el, ...rows);
    this.el.hidden = rows.every((r) => r === null);
  }

  /** The event whose provenance is shown (for tests). */
  get eventId(): string | undefined {
    return this.shownFor;
  }
}
