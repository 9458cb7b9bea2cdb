/**
 * The issue header: short ID, title, Open in Browser, culprit and the facts (level, status,
 * counts, first and last seen). The issue comes from the host (the issue store's issue); until it
 * has a title, the newest event's title stands in. Server strings are text only.
 */
import { compactCount } from '../format/numbers';
import { absoluteTime, relativeTime } from '../format/time';
import { h, icon, replace } from './dom';
import { button } from './elements';
import type { ViewState } from './model';

export class HeaderView {
  readonly el = h('header', { class: 'issue-header' });

  constructor(private readonly openInBrowser: () => void) {}

  /** Whether the header shows something else in `s` than in `prev`. */
  static changed(prev: ViewState | undefined, s: ViewState): boolean {
    return !prev || prev.issue !== s.issue || (prev.events[0] !== s.events[0] && !s.issue.title);
  }

  render(s: ViewState, now: number): void {
    const i = s.issue;
    const ev = s.events[0];
    const title = i.title ?? ev?.title ?? `Issue ${s.issueId}`;
    const culprit = i.culprit ?? ev?.culprit;
    const facts: (HTMLElement | null)[] = [
      i.level ? h('span', { class: `level level-${i.level}`, text: i.level }) : null,
      i.status ? h('span', { class: 'fact', title: 'Status' }, icon('circle-large-outline'), i.status) : null,
      i.count !== undefined ? h('span', { class: 'fact', title: `${i.count} events` }, icon('pulse'), `${compactCount(i.count)} events`) : null,
      i.userCount !== undefined ? h('span', { class: 'fact', title: `${i.userCount} users` }, icon('person'), `${compactCount(i.userCount)} users`) : null,
      i.firstSeen ? h('span', { class: 'fact', title: `First seen ${absoluteTime(i.firstSeen)}` }, icon('history'), `first seen ${relativeTime(i.firstSeen, now)}`) : null,
      i.lastSeen ? h('span', { class: 'fact', title: `Last seen ${absoluteTime(i.lastSeen)}` }, icon('clock'), `last seen ${relativeTime(i.lastSeen, now)}`) : null,
    ];
    replace(
      this.el,
      h(
        'div',
        { class: 'title-row' },
        h('span', { class: 'short-id', text: i.shortId ?? `#${s.issueId}` }),
        h('h1', { class: 'issue-title', text: title, title }),
        button({ id: 'open-in-browser', attrs: { secondary: true, icon: 'link-external' }, text: 'Open in Browser', on: { click: () => this.openInBrowser() } }),
      ),
      culprit ? h('div', { class: 'culprit', text: culprit }) : null,
      h('div', { class: 'facts' }, ...facts),
    );
  }
}
