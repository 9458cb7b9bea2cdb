/**
 * The Tags tab: one card per tag key seen in the loaded events, each with a bar chart of the top
 * values (count and share of totalValues), uniqueValues and first/last seen. A card asks for its
 * data only when it scrolls into view (IntersectionObserver), for the chosen environments.
 */
import type { ErrorActionName } from '../contracts/eventsProtocol';
import { absoluteTime, relativeTime } from '../format/time';
import { compactCount } from '../format/numbers';
import { h, icon, replace } from './dom';
import { showAllState, tagBars, type TagSlot } from './model';

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
    this.empty = h('p', { class: 'muted empty', text: 'Tags appear here once events are loaded.' });
    this.el = h('div', { class: 'tags', id: 'tags-scroll' }, this.empty, this.grid);
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
        card = { el: h('section', { class: 'tag-card', dataset: { key }, attrs: { 'aria-label': `Tag ${key}` } }) };
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
      d ? h('span', { class: 'muted', text: `${compactCount(d.uniqueValues)} unique · ${compactCount(d.totalValues)} total` }) : null,
    );
    const body: (HTMLElement | null)[] = [];
    if (!slot || slot.status === 'loading') {
      body.push(h('div', { class: 'tag-loading' }, h('vscode-progress-ring', { attrs: { 'aria-label': `Loading tag ${key}` } }), h('span', { class: 'muted', text: 'Loading…' })));
    }
    if (slot?.status === 'error' && slot.error) {
      body.push(
        h(
          'div',
          { class: 'inline-error', role: 'alert' },
          icon('warning'),
          h('span', { text: slot.error.message }),
          ...slot.error.actions
            .filter((a) => a === 'retry' || a === 'signIn')
            .map((a) => h('vscode-button', { attrs: { secondary: true }, text: a === 'retry' ? 'Retry' : 'Sign In', on: { click: () => this.cb.action(a, key) } })),
        ),
      );
    }
    if (d) {
      const bars = tagBars(d);
      if (!bars.length) body.push(h('p', { class: 'muted', text: 'No values.' }));
      const list = h('ul', { class: 'bars' });
      for (const b of bars) {
        const fill = h('span', { class: 'bar-fill' });
        fill.style.width = `${(b.share * 100).toFixed(2)}%`;
        const seen = b.lastSeen || b.firstSeen ? `first seen ${b.firstSeen ? relativeTime(b.firstSeen, now) : '?'}, last seen ${b.lastSeen ? relativeTime(b.lastSeen, now) : '?'}` : '';
        const label =
          b.raw !== null
            ? h('button', {
                class: 'link bar-value',
                text: b.value,
                title: `Show only events with ${key}:${b.value}`,
                attrs: { type: 'button' },
                on: { click: () => this.cb.tagFilter(key, b.raw!) },
              })
            : h('span', { class: 'bar-value muted', text: b.value });
        list.appendChild(
          h(
            'li',
            {
              class: 'bar',
              title: `${b.value}: ${b.count.toLocaleString('en')} of ${d.totalValues.toLocaleString('en')} (${b.percent})${b.firstSeen ? `\nfirst seen ${absoluteTime(b.firstSeen)}` : ''}${b.lastSeen ? `\nlast seen ${absoluteTime(b.lastSeen)}` : ''}`,
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
      if (d.totalValues > shown && bars.length) body.push(h('p', { class: 'muted small', text: `Other values: ${compactCount(d.totalValues - shown)}` }));
      body.push(this.showAllRow(key, slot!));
    }
    replace(el, head, ...body);
  }

  /** The "Show all values" control of a card: the button, the walk's progress and Stop, or how it ended. */
  private showAllRow(key: string, slot: TagSlot): HTMLElement | null {
    const st = showAllState(slot);
    const unique = slot.data?.uniqueValues ?? 0;
    const of = unique > st.loaded ? ` of ${unique.toLocaleString('en')}` : '';
    const loaded = `${st.loaded.toLocaleString('en')}${of} values`;
    const button = (label: string) => h('vscode-button', { class: 'show-all', attrs: { secondary: true }, text: label, dataset: { key }, on: { click: () => this.cb.showAll(key) } });
    switch (st.status) {
      case 'idle':
        return st.offer ? h('div', { class: 'show-all-row' }, button(unique > st.loaded ? `Show all ${unique.toLocaleString('en')} values` : 'Show all values')) : null;
      case 'loading':
        return h(
          'div',
          { class: 'show-all-row', role: 'status' },
          h('vscode-progress-ring', { attrs: { 'aria-label': `Loading every value of ${key}` } }),
          h('span', { class: 'muted', text: `Loading values… ${loaded}` }),
          h('vscode-button', { class: 'stop-all', attrs: { secondary: true }, text: 'Stop', on: { click: () => this.cb.stopAll(key) } }),
        );
      case 'done':
        return null;
      case 'capped':
        return h('p', { class: 'muted small show-all-note', role: 'note', text: `Showing the first ${loaded}: a card shows at most this many.` });
      case 'stopped':
        return h('div', { class: 'show-all-row' }, h('span', { class: 'muted', text: `Stopped at ${loaded}.` }), st.offer ? button('Continue') : null);
      case 'error':
        return h(
          'div',
          { class: 'inline-error show-all-row', role: 'alert' },
          icon('warning'),
          h('span', { text: `${slot.more?.error?.message ?? 'Loading more values failed.'} (${loaded} loaded)` }),
          st.offer ? button('Continue') : null,
        );
    }
  }
}
