/**
 * The Event tab: the whole of one event. A bar to choose it (Latest, Recommended,
 * Oldest, Previous, Next), progress, the inline error with Retry, and the event drawn section by
 * section: summary (./eventSummary), message, exception chain or threads (./exceptionView),
 * breadcrumbs (./breadcrumbsView), request, contexts, user, SDK, tags, additional data and unknown
 * entries (./eventSections). The state (which event, loading, the data) is the view state's
 * `event` / `detail`; the body is drawn only while the tab shows and only when the data changes.
 */
import * as l10n from '@vscode/l10n';
import type { EventDetail, EventRef } from '../../../model/event/types';
import type { ErrorActionName, ErrorView, FrameRef } from '../protocol/messages';
import { BreadcrumbsView } from './breadcrumbsView';
import { h, icon, replace } from './dom';
import { DrawQueue } from './drawQueue';
import { progressBar } from './elements';
import { renderErrorBox } from './errorBox';
import { contextsSection, extraSection, messageSection, otherEntriesSection, requestSection, sdkSection, tagsSection, userSection } from './eventSections';
import { eventSummary } from './eventSummary';
import { exceptionSection, threadsSection } from './exceptionView';
import type { ViewState } from './pageState';
import type { RevealFn } from './pairsTable';
import { environmentsText } from './presentation';

export interface EventViewCallbacks {
  select(ref: EventRef): void;
  retry(): void;
  errorAction(action: ErrorActionName, retry: () => void): void;
  openLocation(location: string, frame?: FrameRef): void;
  copy(text: string, what: string): void;
  copyEvent(eventId: string, format: 'markdown' | 'json'): void;
  openRaw(eventId: string): void;
  tagFilter(key: string, value: string): void;
  reveal(eventId: string, secret: number, done: (result: { value: string } | { error: string }) => void): void;
}

const aliases = (): { ref: EventRef; label: string; title: string }[] => [
  { ref: 'latest', label: l10n.t('Latest'), title: l10n.t('The newest event of the issue') },
  { ref: 'recommended', label: l10n.t('Recommended'), title: l10n.t('The event Sentry recommends: the most helpful recent one') },
  { ref: 'oldest', label: l10n.t('Oldest'), title: l10n.t('The first event of the issue') },
];

export class EventView {
  readonly el: HTMLElement;
  private readonly aliasButtons: HTMLButtonElement[];
  private readonly prev: HTMLButtonElement;
  private readonly next: HTMLButtonElement;
  private readonly progress = progressBar({ class: 'progress', attrs: { 'aria-label': l10n.t('Loading the event') }, hidden: true });
  /** Not an alert: the page's polite live region reads the error out. */
  private readonly errorBox = h('div', { class: 'inline-error', hidden: true });
  private readonly scroller: HTMLElement;
  /** The environments the aliases are of: the filters are folded away on this tab, so it says them. */
  private readonly scope = h('span', { class: 'ev-scope muted', id: 'event-scope', hidden: true });
  private readonly body = h('div', { class: 'ev-body' });
  /** What the body shows: the data drawn and the tags section (redrawn alone when the query changes). */
  private drawn: EventDetail | undefined;
  private drawnError: ErrorView | undefined;
  private tags: HTMLElement | null = null;
  private tagsQuery = '';
  private current: ViewState | undefined;
  private queue: DrawQueue | undefined;

  constructor(private readonly cb: EventViewCallbacks) {
    this.aliasButtons = aliases().map((a) =>
      h('button', { class: 'seg-button', title: a.title, dataset: { ref: a.ref }, attrs: { type: 'button', 'aria-pressed': 'false' }, on: { click: () => cb.select(a.ref) } }, a.label),
    );
    this.prev = h(
      'button',
      { class: 'seg-button nav-step', id: 'event-previous', title: l10n.t('The event before this one'), attrs: { type: 'button', 'aria-label': l10n.t('Previous event') } },
      icon('chevron-left'),
      l10n.t('Previous'),
    );
    this.next = h(
      'button',
      { class: 'seg-button nav-step', id: 'event-next', title: l10n.t('The event after this one'), attrs: { type: 'button', 'aria-label': l10n.t('Next event') } },
      l10n.t('Next'),
      icon('chevron-right'),
    );
    this.prev.addEventListener('click', () => this.step('previousEventID'));
    this.next.addEventListener('click', () => this.step('nextEventID'));
    const nav = h(
      'div',
      { class: 'status-line ev-nav' },
      h('div', { class: 'segmented', role: 'group', attrs: { 'aria-label': l10n.t('Which event') } }, ...this.aliasButtons),
      h('div', { class: 'segmented', role: 'group', attrs: { 'aria-label': l10n.t('Step through events') } }, this.prev, this.next),
      this.scope,
    );
    this.scroller = h('div', { class: 'ev-scroll', id: 'event-scroll', tabIndex: -1 }, this.body);
    this.el = h(
      'section',
      { class: 'panel event-panel', id: 'event-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-event' }, hidden: true },
      nav,
      this.progress,
      this.errorBox,
      this.scroller,
    );
  }

  private step(which: 'previousEventID' | 'nextEventID'): void {
    const id = this.current?.detail.data?.[which];
    if (id) this.cb.select(id);
  }

  render(s: ViewState, now: number): void {
    this.current = s;
    this.el.hidden = s.tab !== 'event';
    if (s.tab !== 'event') return;
    const d = s.detail;
    const loading = d.status === 'loading';
    for (const b of this.aliasButtons) b.setAttribute('aria-pressed', String(b.dataset.ref === s.event));
    const envs = s.filters.environments;
    this.scope.hidden = envs.length === 0;
    if (envs.length) {
      this.scope.textContent = l10n.t('Environments: {0}', environmentsText(envs));
      this.scope.title = l10n.t('Latest, Recommended and Oldest are of these environments, chosen on the Events tab: {0}', envs.length > 10 ? `${envs.slice(0, 10).join(', ')}, …` : envs.join(', '));
    }
    this.prev.disabled = loading || !d.data?.previousEventID;
    this.next.disabled = loading || !d.data?.nextEventID;
    this.progress.hidden = !loading;
    this.el.setAttribute('aria-busy', String(loading));

    this.errorBox.hidden = d.status !== 'error' || !d.error;
    if (d.status === 'error' && d.error && d.error !== this.drawnError) {
      renderErrorBox(this.errorBox, d.error, (a) => this.cb.errorAction(a, this.cb.retry), ['retry']);
    }
    this.drawnError = d.status === 'error' ? d.error : undefined;

    this.body.classList.toggle('stale', loading && !!d.data);
    if (d.data !== this.drawn) {
      // Scrolled back before the new body goes in: setting it after would force a layout of the whole event.
      if (this.scroller.scrollTop) this.scroller.scrollTop = 0;
      this.drawn = d.data;
      this.draw(d.data, s, now);
    } else if (this.tags && s.filters.query !== this.tagsQuery && d.data) {
      const tags = tagsSection(d.data, s.filters.query, this.cb.tagFilter);
      if (tags) this.tags.replaceWith(tags);
      this.tags = tags;
      this.tagsQuery = s.filters.query;
    }
    if (!d.data) {
      const text = d.status === 'error' ? '' : l10n.t('Loading the event…');
      if (this.body.dataset.empty !== text) {
        replace(this.body, text ? h('p', { class: 'muted empty', text }) : null);
        this.body.dataset.empty = text;
      }
    }
  }

  private draw(d: EventDetail | undefined, s: ViewState, now: number): void {
    this.queue?.cancel();
    this.queue = undefined;
    if (!d) {
      replace(this.body);
      delete this.body.dataset.empty;
      this.tags = null;
      return;
    }
    const reveal: RevealFn = (secret, done) => this.cb.reveal(d.eventID, secret, done);
    // The head and the stacks draw at once (with the code of the first frames); the rest after the first paint.
    const queue = new DrawQueue(EAGER_FRAME_BODIES, () => performance.mark('sentry-event-complete'));
    this.queue = queue;
    const stackCb = { openLocation: this.cb.openLocation, reveal, queue };
    this.tags = null;
    this.tagsQuery = s.filters.query;
    const hasStack = (d.exceptions ?? []).length > 0 || (d.threads ?? []).length > 0;
    const first: (() => HTMLElement | null)[] = [
      () => eventSummary(d, this.cb, now),
      () => messageSection(d, reveal),
      () => exceptionSection(d, stackCb),
      () => threadsSection(d, stackCb),
      () => (hasStack || d.messageEntry || d.message ? null : h('p', { class: 'muted ev-note', text: l10n.t('This event has no exception, stack trace or message.') })),
    ];
    const later: (() => HTMLElement | null)[] = [
      () =>
        (d.breadcrumbs ?? []).length
          ? new BreadcrumbsView(d.breadcrumbs, d.dateCreated, d.breadcrumbsOmitted ?? 0, reveal).el
          : h('p', { class: 'muted ev-note', id: 'no-breadcrumbs', text: l10n.t('No breadcrumbs.') }),
      () => requestSection(d, reveal),
      () => contextsSection(d, reveal),
      () => userSection(d, reveal),
      () => sdkSection(d),
      () => {
        // Drawn after the first paint: with the query as it is then (a chip click may have changed it).
        this.tagsQuery = this.current?.filters.query ?? s.filters.query;
        return (this.tags = tagsSection(d, this.tagsQuery, this.cb.tagFilter));
      },
      () => extraSection(d, reveal),
      () => otherEntriesSection(d),
    ];
    const frag = document.createDocumentFragment();
    for (const part of first) {
      const el = drawPart(part);
      if (el) frag.appendChild(el);
    }
    for (const part of later) {
      // A placeholder keeps the section's place; it is replaced (or removed) when the section is drawn.
      const slot = frag.appendChild(h('div', { class: 'ev-pending' }));
      queue.later(() => {
        const el = drawPart(part);
        if (el) slot.replaceWith(el);
        else slot.remove();
      });
    }
    replace(this.body, frag);
    delete this.body.dataset.empty;
    queue.start();
  }
}

const EAGER_FRAME_BODIES = 8;

/** A part of the event; an odd one shows as a note, and the rest of the event still shows. */
function drawPart(part: () => HTMLElement | null): HTMLElement | null {
  try {
    return part();
  } catch (e) {
    return h('p', { class: 'muted ev-note', role: 'note', text: l10n.t('A part of this event could not be shown ({0}).', String((e as Error).message)) });
  }
}
