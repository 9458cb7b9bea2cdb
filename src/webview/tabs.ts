/** The Events / Tags tab list (arrow keys move between them); the selected tab is the state's. */
import type { Tab } from '../contracts/eventsProtocol';
import { compactCount } from '../format/numbers';
import { h, icon, replace } from './dom';
import { badge } from './elements';
import type { ViewState } from './model';

export class Tabs {
  readonly el: HTMLElement;
  private readonly events: HTMLButtonElement;
  private readonly tags: HTMLButtonElement;
  private current: Tab = 'events';

  constructor(select: (tab: Tab) => void) {
    this.events = h('button', { class: 'tab', id: 'tab-events', role: 'tab', attrs: { type: 'button', 'aria-controls': 'events-panel' }, on: { click: () => select('events') } });
    this.tags = h('button', { class: 'tab', id: 'tab-tags', role: 'tab', attrs: { type: 'button', 'aria-controls': 'tags-panel' }, on: { click: () => select('tags') } }, icon('tag'), ' Tags');
    this.el = h('div', { class: 'tabs', role: 'tablist', attrs: { 'aria-label': 'Events and tags' } }, this.events, this.tags);
    this.el.addEventListener('keydown', (e) => {
      if (e.key === 'ArrowRight' || e.key === 'ArrowLeft') {
        e.preventDefault();
        const next: Tab = this.current === 'events' ? 'tags' : 'events';
        select(next);
        (next === 'events' ? this.events : this.tags).focus();
      }
    });
  }

  render(prev: ViewState | undefined, s: ViewState): void {
    this.current = s.tab;
    this.events.setAttribute('aria-selected', String(s.tab === 'events'));
    this.tags.setAttribute('aria-selected', String(s.tab === 'tags'));
    this.events.tabIndex = s.tab === 'events' ? 0 : -1;
    this.tags.tabIndex = s.tab === 'tags' ? 0 : -1;
    if (!prev || prev.events.length !== s.events.length) replace(this.events, icon('list-unordered'), ' Events ', badge(compactCount(s.events.length)));
  }
}
