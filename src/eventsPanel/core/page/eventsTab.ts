/**
 * The Events tab: the status line (count, Load more, Refresh), progress, the inline error with its
 * actions, the empty state, and the windowed list of events (./eventsList).
 */
import * as l10n from '@vscode/l10n';
import type { ErrorActionName, ErrorView } from '../protocol/messages';
import { h, icon, replace } from './dom';
import { button, progressBar } from './elements';
import { renderErrorBox } from './errorBox';
import { EventList, type ListCallbacks } from './eventsList';
import { isStale, type ViewState } from './pageState';
import { loadedLabel } from './presentation';

export interface EventsTabCallbacks extends ListCallbacks {
  loadMore(): void;
  refresh(): void;
  retry(): void;
  errorAction(action: ErrorActionName, retry: () => void): void;
}

export class EventsTab {
  readonly el: HTMLElement;
  private readonly progress = progressBar({ class: 'progress', attrs: { 'aria-label': l10n.t('Loading events') }, hidden: true });
  /** What the list holds; the page's live region (./main) reads out the same, so this one is not live. */
  private readonly countLabel = h('span', { class: 'count' });
  private readonly loadMore: HTMLElement;
  /** Not an alert: the page's polite live region reads the error out. */
  private readonly errorBox = h('div', { class: 'inline-error', hidden: true });
  private readonly emptyBox = h('div', { class: 'empty', hidden: true });
  private readonly list: EventList;

  constructor(private readonly cb: EventsTabCallbacks) {
    this.loadMore = button({ id: 'load-more', attrs: { secondary: true }, on: { click: () => cb.loadMore() } }, l10n.t('Load more'));
    const refresh = h('button', { class: 'icon-button', title: l10n.t('Refresh'), attrs: { type: 'button', 'aria-label': l10n.t('Refresh') }, on: { click: () => cb.refresh() } }, icon('refresh'));
    this.list = new EventList(cb);
    this.el = h(
      'section',
      { class: 'panel events-panel', id: 'events-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-events' } },
      h('div', { class: 'status-line' }, this.countLabel, h('span', { class: 'spacer' }), this.loadMore, refresh),
      this.progress,
      this.errorBox,
      this.emptyBox,
      this.list.el,
    );
  }

  render(prev: ViewState | undefined, s: ViewState): void {
    this.el.hidden = s.tab !== 'events';

    // Status line
    this.progress.hidden = s.loading === 'none';
    const stale = isStale(s);
    this.countLabel.textContent = eventsStatus(s);
    this.loadMore.hidden = !s.nextCursor || stale;
    this.loadMore.toggleAttribute('disabled', s.loading !== 'none');
    this.el.classList.toggle('stale', stale && s.loading === 'first');

    // Error
    this.errorBox.hidden = !s.error;
    if (s.error && (!prev || prev.error !== s.error)) this.renderError(s.error);

    // Empty
    const empty = s.loading === 'none' && !s.error && !stale && s.events.length === 0;
    this.emptyBox.hidden = !empty;
    if (empty) {
      replace(this.emptyBox, h('p', { text: l10n.t('No events match these filters.') }), h('p', { class: 'muted', text: l10n.t('Try a longer period, fewer environments or a different query.') }));
    }

    // List
    const reset = !prev || prev.loadedFor !== s.loadedFor || (prev.events !== s.events && !(s.events.length > prev.events.length && s.events[0] === prev.events[0]));
    if (reset || prev.events !== s.events || prev.expanded !== s.expanded || prev.filters.query !== s.filters.query || prev.filters.full !== s.filters.full) {
      this.list.setData(s.events, s.expanded, s.filters.query, s.filters.full, reset);
    }
  }

  private renderError(error: ErrorView): void {
    renderErrorBox(this.errorBox, error, (a) => this.cb.errorAction(a, this.cb.retry));
  }
}

/** The status line's text: loading, or what is loaded (and that more is on its way). */
export function eventsStatus(s: ViewState): string {
  if (s.loading === 'first' && (isStale(s) || !s.events.length)) return l10n.t('Loading events…');
  const loaded = loadedLabel(s.events.length, s.hits, !!s.nextCursor);
  return s.loading === 'more' ? l10n.t('{0} · loading more…', loaded) : loaded;
}
