/** The Events / Tags / Event / Trace / Logs / Replays / Feedback / Seer tab list (arrow keys, Home and End move among them); the selected tab is the state's. */
import * as l10n from '@vscode/l10n';
import type { Tab } from '../protocol/messages';
import { compactCount } from '../../../format/numbers';
import { h, icon, replace } from './dom';
import { badge } from './elements';
import type { ViewState } from './pageState';
import { eventsScope } from './presentation';

const ORDER: Tab[] = ['events', 'tags', 'event', 'trace', 'logs', 'replays', 'feedback', 'seer'];

export class Tabs {
  readonly el: HTMLElement;
  private readonly buttons: Record<Tab, HTMLButtonElement>;
  private current: Tab = 'events';

  constructor(select: (tab: Tab) => void) {
    const tab = (id: Tab, panel: string, ...label: (Node | string)[]) =>
      h('button', { class: 'tab', id: `tab-${id}`, role: 'tab', attrs: { type: 'button', 'aria-controls': panel }, on: { click: () => select(id) } }, ...label);
    this.buttons = {
      events: tab('events', 'events-panel'),
      tags: tab('tags', 'tags-panel', icon('tag'), ` ${l10n.t('Tags')}`),
      event: tab('event', 'event-panel', icon('open-preview'), ` ${l10n.t('Event')}`),
      trace: tab('trace', 'trace-panel', icon('type-hierarchy'), ` ${l10n.t('Trace')}`),
      logs: tab('logs', 'logs-panel', icon('output'), ` ${l10n.t('Logs')}`),
      replays: tab('replays', 'replays-panel', icon('play-circle'), ` ${l10n.t('Replays')}`),
      feedback: tab('feedback', 'feedback-panel', icon('feedback'), ` ${l10n.t('Feedback')}`),
      seer: tab('seer', 'seer-panel', icon('sparkle'), ` ${l10n.t('Seer')}`),
    };
    this.el = h(
      'div',
      { class: 'tabs', role: 'tablist', attrs: { 'aria-label': l10n.t('Events, tags, one event, its trace and logs, its users’ replays and feedback, and Seer') } },
      ...ORDER.map((t) => this.buttons[t]),
    );
    this.el.addEventListener('keydown', (e) => {
      const i = ORDER.indexOf(this.current);
      let next: Tab | undefined;
      if (e.key === 'ArrowRight') next = ORDER[(i + 1) % ORDER.length];
      else if (e.key === 'ArrowLeft') next = ORDER[(i + ORDER.length - 1) % ORDER.length];
      else if (e.key === 'Home') next = ORDER[0];
      else if (e.key === 'End') next = ORDER[ORDER.length - 1];
      if (!next) return;
      e.preventDefault();
      select(next);
      this.buttons[next].focus();
    });
  }

  render(prev: ViewState | undefined, s: ViewState): void {
    this.current = s.tab;
    for (const t of ORDER) {
      this.buttons[t].setAttribute('aria-selected', String(s.tab === t));
      this.buttons[t].tabIndex = s.tab === t ? 0 : -1;
    }
    // No count before the first answer: a "0" there would contradict the header's total.
    const known = s.loadedFor !== undefined;
    const was = prev?.loadedFor !== undefined;
    if (!prev || prev.events.length !== s.events.length || was !== known) {
      replace(this.buttons.events, icon('list-unordered'), ` ${l10n.t('Events')} `, ...(known ? [badge(compactCount(s.events.length))] : []));
    }
    // Its count is of the events loaded for the tab's period and filters, which the header's is not.
    if (!prev || prev.events.length !== s.events.length || prev.filters !== s.filters || was !== known) {
      this.buttons.events.title = known ? l10n.t('{0} events loaded: {1}', s.events.length.toLocaleString('en'), eventsScope(s.filters)) : l10n.t('Loading events: {0}', eventsScope(s.filters));
    }
  }
}
