/**
 * The head of the Event tab: the event's title, its id (with copy), date, release, dist,
 * environment, platform and SDK, the copy / raw JSON actions (the host copies and opens, masked),
 * and the notes on masked values and trimmed parts.
 */
import * as l10n from '@vscode/l10n';
import { isEventId, type EventDetail } from '../../../model/event/types';
import type { FrameRef } from '../protocol/messages';
import { absoluteTime, relativeTime } from '../../../format/time';
import { h, icon, type Child } from './dom';
import { button } from './elements';
import { maskedLabel } from './eventViewModel';

export interface SummaryCallbacks {
  copy(text: string, what: string): void;
  copyEvent(eventId: string, format: 'markdown' | 'json'): void;
  openRaw(eventId: string): void;
  openLocation(location: string, frame?: FrameRef): void;
}

function fact(label: string, ...value: Child[]): HTMLElement {
  return h('div', { class: 'ev-fact' }, h('dt', { text: label }), h('dd', null, ...value));
}

export function eventSummary(d: EventDetail, cb: SummaryCallbacks, now: number): HTMLElement {
  const id = d.eventID || d.id;
  const sdk = d.sdk?.name ? `${d.sdk.name}${d.sdk.version ? ` ${d.sdk.version}` : ''}` : undefined;
  const facts: (HTMLElement | null)[] = [
    id
      ? fact(
          l10n.t('Event ID'),
          h('code', { text: id }),
          h(
            'button',
            { class: 'icon-button', title: l10n.t('Copy the event ID'), attrs: { type: 'button', 'aria-label': l10n.t('Copy the event ID') }, on: { click: () => cb.copy(id, l10n.t('event ID')) } },
            icon('copy'),
          ),
        )
      : null,
    d.dateCreated ? fact(l10n.t('Date'), h('time', { text: `${absoluteTime(d.dateCreated)} (${relativeTime(d.dateCreated, now)})`, attrs: { datetime: d.dateCreated } })) : null,
    d.release ? fact(l10n.t('Release'), h('code', { text: d.release })) : null,
    d.dist ? fact(l10n.t('Dist'), d.dist) : null,
    d.environment ? fact(l10n.t('Environment'), d.environment) : null,
    d.platform ? fact(l10n.t('Platform'), d.platform) : null,
    sdk ? fact(l10n.t('SDK'), sdk) : null,
    d.type ? fact(l10n.t('Type'), d.type) : null,
  ];
  // The actions name the event by its id: the host copies / opens what it sent, masked.
  const canAct = isEventId(d.eventID);
  const actions = canAct
    ? h(
        'div',
        { class: 'ev-actions', role: 'group', attrs: { 'aria-label': l10n.t('Event actions') } },
        button({ id: 'copy-event-markdown', attrs: { secondary: true, icon: 'markdown' }, text: l10n.t('Copy as Markdown'), on: { click: () => cb.copyEvent(d.eventID, 'markdown') } }),
        button({ id: 'copy-event-json', attrs: { secondary: true, icon: 'json' }, text: l10n.t('Copy JSON'), on: { click: () => cb.copyEvent(d.eventID, 'json') } }),
        button({ id: 'open-raw-event', attrs: { secondary: true, icon: 'go-to-file' }, text: l10n.t('Open raw JSON'), on: { click: () => cb.openRaw(d.eventID) } }),
      )
    : null;
  const where = d.location || d.culprit;
  return h(
    'header',
    { class: 'ev-summary' },
    h('h2', { class: 'ev-title', text: d.title || l10n.t('(no title)') }),
    where ? h('div', { class: 'ev-culprit muted', text: where }) : null,
    h('dl', { class: 'ev-facts' }, ...facts),
    actions,
    d.maskedCount > 0
      ? h(
          'p',
          { class: 'ev-note masked-note', role: 'note', title: l10n.t('Secrets (tokens, passwords, cookies) are masked; a masked table value can be revealed with its eye button.') },
          icon('shield'),
          ` ${maskedLabel(d.maskedCount)}`,
        )
      : null,
    d.trimmed ? h('p', { class: 'ev-note muted trimmed', role: 'note', text: l10n.t('Parts of this event were too large to show here; Open in Browser shows all of it.') }) : null,
  );
}
