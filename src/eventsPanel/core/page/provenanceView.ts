/**
 * The header's second part: the first and last release, the release of the event on screen
 * (its commit and where it was deployed), the suspect commits (short id, message, author) and the
 * owners. All server text, set as text only. A commit is a button: the host opens the commit it sent
 * for this event (the workspace's source control, or its host's page after asking), never anything
 * the page names.
 */
import * as l10n from '@vscode/l10n';
import type { CommitView, ProvenanceView, ReleaseView } from '../../../contracts/provenance';
import { absoluteTime } from '../../../format/time';
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
    const commit = (c: CommitView, withAuthor: boolean, idOnly = false) =>
      h(
        'button',
        {
          class: 'link commit',
          attrs: { type: 'button', 'data-commit': c.id },
          title: [c.id, c.message, c.repository, c.suspectType].filter(Boolean).join(' · '),
          on: { click: () => this.openCommit(eventId, c.id) },
        },
        h('code', { text: c.shortId }),
        c.message && !idOnly ? ` ${c.message}` : '',
        withAuthor && c.author ? ` — ${c.author}` : '',
      );
    const release = (label: string, r: ReleaseView | undefined, id: string) =>
      r ? h('span', { class: 'fact', id, title: r.date ? absoluteTime(r.date) : undefined }, icon('tag'), `${label} `, h('strong', { text: r.version })) : null;
    // One wrapping row of facts, as the header's own: the Event tab's stack trace stays on the first screen.
    const facts: (HTMLElement | null)[] = [
      release(l10n.t('first release'), v.firstRelease, 'first-release'),
      release(l10n.t('last release'), v.lastRelease, 'last-release'),
      v.eventRelease
        ? h(
            'span',
            { class: 'fact', id: 'event-release' },
            icon('package'),
            // Said once: the event's release is most often the last one, its commit most often the suspect.
            v.eventRelease.version === v.lastRelease?.version ? l10n.t('this event') : l10n.t('this event: '),
            v.eventRelease.version === v.lastRelease?.version ? null : h('strong', { text: v.eventRelease.version }),
            // Its short id only (the message in its tooltip): the header stays short enough for the Event tab's stack trace.
            v.eventRelease.commit ? commit(v.eventRelease.commit, false, true) : null,
          )
        : null,
      v.eventRelease && v.deploys.length ? h('span', { class: 'fact', id: 'deploys' }, icon('rocket'), l10n.t('deployed to {0}', v.deploys.map((d) => d.environment).join(', '))) : null,
      v.suspects.length
        ? h(
            'span',
            { class: 'fact', id: 'suspect-commits' },
            icon('git-commit'),
            v.suspects.length === 1 ? l10n.t('suspect commit') : l10n.t('suspect commits'),
            ...v.suspects.slice(0, 3).map((c) => commit(c, true)),
          )
        : null,
      v.owners.length ? h('span', { class: 'fact', id: 'owners' }, icon('organization'), l10n.t('owners: {0}', v.owners.join(', '))) : null,
      // Which scope this server checks for suspect commits and owners, and how to get it.
      v.refused ? h('span', { class: 'fact refused', id: 'provenance-refused', role: 'note' }, icon('warning'), v.refused) : null,
    ];
    const shown = facts.filter((f): f is HTMLElement => f !== null);
    replace(this.el, shown.length ? h('div', { class: 'facts' }, ...shown) : null);
    this.el.hidden = shown.length === 0;
  }

  /** The event whose provenance is shown (for tests). */
  get eventId(): string | undefined {
    return this.shownFor;
  }
}
