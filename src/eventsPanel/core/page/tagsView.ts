/**
 * The Tags tab: one card per tag key seen in the loaded events, each with a bar chart of the top
 * values (count and share of totalValues), uniqueValues and first/last seen. A card asks for its
 * data only when it scrolls into view (IntersectionObserver), for the chosen environments.
 */
import * as l10n from '@vscode/l10n';
import { actionLabel } from '../../../contracts/errorPresentation';
import type { ErrorActionName } from '../protocol/messages';
import { absoluteTime, relativeTime } from '../../../format/time';
import { compactCount } from '../../../format/numbers';
import { announce, h, icon, replace } from './dom';
import { showAllState, tagBars, type TagSlot } from './tagsModel';

export interface TagsCallbacks {
  /** The card of `key` became visible (or needs its data again). */
  need(key: string): void;
  tagFilter(key: string, value: string): void;
  action(name: ErrorActionName, key: string): void;
  /** "Show all values" (or go on after Stop or an error): follow the cursor of `key`. */
  showAll(key: string): void;
  /** Stop following the cursor of `key`. */
  stopAll(key: string): void;
}

/** A card holding every value scrolls inside itself instead of stretching the grid. */
const ALL_VALUES_MAX_HEIGHT = '24rem';

export class TagsView {
  readonly el: HTMLElement;
  private readonly grid: HTMLElement;
  private readonly empty: HTMLElement;
  private readonly cards = new Map<string, { el: HTMLElement; slot?: TagSlot }>();
  private readonly io: IntersectionObserver;
  private readonly visible = new Set<string>();

  constructor(private readonly cb: TagsCallbacks) {
    this.grid = h('div', { class: 'tag-grid' });
    this.empty = h('p', { class: 'muted empty', text: l10n.t('Tags appear here once events are loaded.') });
    this.el = h('div', { class: 'tags', id: 'tags-scroll', role: 'region', attrs: { 'aria-label': l10n.t('Tag values') } }, this.empty, this.grid);
    this.io = new IntersectionObserver(
      (entries) => {
        for (const en of entries) {
          const key = (en.target as HTMLElement).dataset.key!;
          if (en.isIntersecting) {
            this.visible.add(key);
            this.cb.need(key);
          } else this.visible.delete(key);
        }
      },
      { root: null, rootMargin: '200px' },
    );
  }

  /** Keys whose cards are on screen. */
  visibleKeys(): string[] {
    return [...this.visible];
  }

  update(keys: string[], slots: ReadonlyMap<string, TagSlot>, now: number): void {
    this.empty.hidden = keys.length > 0;
    const wanted = new Set(keys);
    for (const [k, c] of this.cards) {
      if (!wanted.has(k)) {
        this.io.unobserve(c.el);
        c.el.remove();
        this.cards.delete(k);
        this.visible.delete(k);
      }
    }
    let prev: HTMLElement | null = null;
    for (const key of keys) {
      let card = this.cards.get(key);
      const slot = slots.get(key);
      if (!card) {
        card = { el: h('section', { class: 'tag-card', dataset: { key }, attrs: { 'aria-label': l10n.t('Tag {0}', key) } }) };
        this.cards.set(key, card);
        this.fill(card.el, key, slot, now);
        card.slot = slot;
        this.io.observe(card.el);
      } else if (card.slot !== slot) {
        this.fill(card.el, key, slot, now);
        card.slot = slot;
      }
      // Keep DOM order equal to key order.
      const want: ChildNode | null = prev ? prev.nextSibling : this.grid.firstChild;
      if (want !== card.el) this.grid.insertBefore(card.el, want);
      prev = card.el;
    }
  }

  private fill(el: HTMLElement, key: string, slot: TagSlot | undefined, now: number): void {
    const d = slot?.data;
    const head = h(
      'header',
      { class: 'tag-head' },
      h('h3', { text: d?.name || key }),
      d ? h('span', { class: 'muted', text: l10n.t('{0} unique · {1} total', compactCount(d.uniqueValues), compactCount(d.totalValues)) }) : null,
    );
    const body: (HTMLElement | null)[] = [];
    if (!slot || slot.status === 'loading') {
      body.push(h('div', { class: 'tag-loading' }, h('vscode-progress-ring', { attrs: { 'aria-label': l10n.t('Loading tag {0}', key) } }), h('span', { class: 'muted', text: l10n.t('Loading…') })));
    }
    if (slot?.status === 'error' && slot.error) {
      // Read out by the page's polite live region, not as an alert of its own.
      announce(slot.error.message);
      body.push(
        h(
          'div',
          { class: 'inline-error' },
          icon('warning'),
          h('span', { text: slot.error.message }),
          // The error's own actions (the one table's), each of which the page answers (PageController.errorAction).
          ...slot.error.actions.map((a) => h('vscode-button', { attrs: { secondary: true }, dataset: { action: a }, text: actionLabel(a), on: { click: () => this.cb.action(a, key) } })),
        ),
      );
    }
    if (d) {
      const bars = tagBars(d);
      if (!bars.length) body.push(h('p', { class: 'muted', text: l10n.t('No values.') }));
      // A chart: each bar's value, count and share are its text; the drawn bar is left to the eye.
      const list = h('ul', { class: 'bars', attrs: { 'aria-label': l10n.t('Top values of {0}', d.name || key) } });
      for (const b of bars) {
        const fill = h('span', { class: 'bar-fill' });
        fill.style.width = `${(b.share * 100).toFixed(2)}%`;
        const seen = b.lastSeen || b.firstSeen ? l10n.t('first seen {0}, last seen {1}', b.firstSeen ? relativeTime(b.firstSeen, now) : '?', b.lastSeen ? relativeTime(b.lastSeen, now) : '?') : '';
        const label =
          b.raw !== null
            ? h('button', {
                class: 'link bar-value',
                text: b.value,
                title: l10n.t('Show only events with {0}:{1}', key, b.value),
                attrs: { type: 'button' },
                on: { click: () => this.cb.tagFilter(key, b.raw!) },
              })
            : h('span', { class: 'bar-value muted', text: b.value });
        list.appendChild(
          h(
            'li',
            {
              class: 'bar',
              title: [
                l10n.t('{0}: {1} of {2} ({3})', b.value, b.count.toLocaleString('en'), d.totalValues.toLocaleString('en'), b.percent),
                b.firstSeen ? l10n.t('first seen {0}', absoluteTime(b.firstSeen)) : '',
                b.lastSeen ? l10n.t('last seen {0}', absoluteTime(b.lastSeen)) : '',
              ]
                .filter(Boolean)
                .join('\n'),
            },
            h('div', { class: 'bar-label' }, label, h('span', { class: 'bar-count', text: `${compactCount(b.count)} · ${b.percent}` })),
            h('div', { class: 'bar-track', attrs: { 'aria-hidden': 'true' } }, fill),
            seen ? h('div', { class: 'bar-seen muted', text: seen }) : null,
          ),
        );
      }
      if (slot?.more) {
        list.style.maxHeight = ALL_VALUES_MAX_HEIGHT;
        list.style.overflowY = 'auto';
      }
      if (bars.length) body.push(list);
      const shown = bars.reduce((n, b) => n + b.count, 0);
      if (d.totalValues > shown && bars.length) body.push(h('p', { class: 'muted small', text: l10n.t('Other values: {0}', compactCount(d.totalValues - shown)) }));
      body.push(this.showAllRow(key, slot!));
    }
    replace(el, head, ...body);
  }

  /** The "Show all values" control of a card: the button, the walk's progress and Stop, or how it ended. */
  private showAllRow(key: string, slot: TagSlot): HTMLElement | null {
    const st = showAllState(slot);
    const unique = slot.data?.uniqueValues ?? 0;
    // "N values", or "N of M values" while the server has more than the card holds.
    const of = unique > st.loaded;
    const n = st.loaded.toLocaleString('en');
    const m = unique.toLocaleString('en');
    const button = (label: string) => h('vscode-button', { class: 'show-all', attrs: { secondary: true }, text: label, dataset: { key }, on: { click: () => this.cb.showAll(key) } });
    switch (st.status) {
      case 'idle':
        return st.offer ? h('div', { class: 'show-all-row' }, button(of ? l10n.t('Show all {0} values', m) : l10n.t('Show all values'))) : null;
      case 'loading':
        return h(
          'div',
          { class: 'show-all-row', role: 'status' },
          h('vscode-progress-ring', { attrs: { 'aria-label': l10n.t('Loading every value of {0}', key) } }),
          h('span', { class: 'muted', text: of ? l10n.t('Loading values… {0} of {1} values', n, m) : l10n.t('Loading values… {0} values', n) }),
          h('vscode-button', { class: 'stop-all', attrs: { secondary: true }, text: l10n.t('Stop'), on: { click: () => this.cb.stopAll(key) } }),
        );
      case 'done':
        return null;
      case 'capped':
        return h('p', {
          class: 'muted small show-all-note',
          role: 'note',
          text: of ? l10n.t('Showing the first {0} of {1} values: a card shows at most this many.', n, m) : l10n.t('Showing the first {0} values: a card shows at most this many.', n),
        });
      case 'stopped':
        return h(
          'div',
          { class: 'show-all-row' },
          h('span', { class: 'muted', text: of ? l10n.t('Stopped at {0} of {1} values.', n, m) : l10n.t('Stopped at {0} values.', n) }),
          st.offer ? button(l10n.t('Continue')) : null,
        );
      case 'error': {
        const message = slot.more?.error?.message ?? l10n.t('Loading more values failed.');
        const text = of ? l10n.t('{0} ({1} of {2} values loaded)', message, n, m) : l10n.t('{0} ({1} values loaded)', message, n);
        // Read out by the page's polite live region, not as an alert of its own.
        announce(text);
        return h('div', { class: 'inline-error show-all-row' }, icon('warning'), h('span', { text }), st.offer ? button(l10n.t('Continue')) : null);
      }
    }
  }
}
