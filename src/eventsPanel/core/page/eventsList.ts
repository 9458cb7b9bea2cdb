/**
 * The windowed list of events: only the rows near the viewport exist in the DOM. Rows are measured
 * (ResizeObserver) and positioned from RowHeights' prefix sums, so expanded rows of any height
 * work, and 10,000 loaded events cost the same to paint as 20.
 */
import * as l10n from '@vscode/l10n';
import { isEventId } from '../../../model/event/types';
import type { FrameRef } from '../protocol/messages';
import type { EventData, ExceptionData } from '../protocol/eventList';
import type { DetailFrame } from '../../../model/event/types';
import { frameLocation, frameRef, frameWhere } from '../../../model/event/frame';
import { absoluteTime, relativeTime } from '../../../format/time';
import { h, icon, replace } from './dom';
import { hasTagFilter } from './searchQuery';
import { frameLabel, headline, metadataPairs, userLabel } from './presentation';
import { RowHeights, scrollToReveal } from './windowing';

export interface ListCallbacks {
  toggle(id: string): void;
  openLocation(location: string, frame?: FrameRef): void;
  tagFilter(key: string, value: string): void;
  copy(text: string, what: string): void;
  enableFull(): void;
  /** Show this event (by its 32-hex eventID) in the Event tab. */
  openEvent(eventId: string): void;
}

interface RenderedRow {
  el: HTMLElement;
  id: string;
  open: boolean;
}

const OVERSCAN_PX = 600;
const COLLAPSED_CHIPS = 6;

export class EventList {
  readonly el: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly heights = new RowHeights(76);
  private readonly rows = new Map<number, RenderedRow>();
  private events: readonly EventData[] = [];
  private expanded: ReadonlySet<string> = new Set();
  private query = '';
  private full = false;
  private estimated = false;
  private frame = 0;
  private readonly ro: ResizeObserver;

  constructor(private readonly cb: ListCallbacks) {
    this.spacer = h('div', { class: 'list-spacer', role: 'list', attrs: { 'aria-label': l10n.t('Events') } });
    this.el = h('div', { class: 'list', id: 'event-list', role: 'region', tabIndex: -1, attrs: { 'aria-label': l10n.t('Loaded events') } }, this.spacer);
    this.el.addEventListener('scroll', () => this.schedule(), { passive: true });
    this.el.addEventListener('keydown', (e) => this.onKey(e));
    this.ro = new ResizeObserver((entries) => this.onResize(entries));
    new ResizeObserver(() => this.schedule()).observe(this.el);
  }

  get renderedCount(): number {
    return this.rows.size;
  }

  /** New data. `reset`: a different list (new filters): forget rows and scroll to the top. */
  setData(events: readonly EventData[], expanded: ReadonlySet<string>, query: string, full: boolean, reset: boolean): void {
    const queryChanged = query !== this.query || full !== this.full;
    // A re-rendered row must not lose the keyboard focus (expanding a row re-renders it).
    const focused = reset ? undefined : this.focusedIndex();
    if (reset) {
      this.clearRows();
      this.heights.reset(events.length);
      this.el.scrollTop = 0;
    } else {
      this.heights.setCount(events.length);
      // Rows whose open state changed, or whose chips' pressed state depends on the query, re-render.
      for (const [i, r] of this.rows) {
        const e = events[i];
        if (!e || e.id !== r.id || expanded.has(r.id) !== r.open || queryChanged) this.dropRow(i);
      }
    }
    this.events = events;
    this.expanded = expanded;
    this.query = query;
    this.full = full;
    this.render();
    if (focused !== undefined && !this.spacer.contains(document.activeElement)) {
      this.rows.get(focused)?.el.querySelector<HTMLElement>('.expander')?.focus({ preventScroll: true });
    }
  }

  private clearRows(): void {
    for (const i of [...this.rows.keys()]) this.dropRow(i);
  }

  private dropRow(i: number): void {
    const r = this.rows.get(i);
    if (!r) return;
    this.ro.unobserve(r.el);
    r.el.remove();
    this.rows.delete(i);
  }

  private schedule(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.render();
    });
  }

  /** Renders the rows the viewport needs (synchronously). */
  render(): void {
    const viewport = this.el.clientHeight || 600;
    const { start, end } = this.heights.range(this.el.scrollTop, viewport, OVERSCAN_PX);
    const focused = this.focusedIndex();
    for (const i of [...this.rows.keys()]) if ((i < start || i >= end) && i !== focused) this.dropRow(i);
    const now = Date.now();
    const fragment = document.createDocumentFragment();
    for (let i = start; i < end; i++) {
      if (this.rows.has(i)) continue;
      const e = this.events[i];
      const open = this.expanded.has(e.id);
      const el = renderRow(e, i, open, this.query, this.full, this.cb, now);
      this.rows.set(i, { el, id: e.id, open });
      fragment.appendChild(el);
    }
    if (fragment.childNodes.length) this.spacer.appendChild(fragment);
    this.layout();
    for (const r of this.rows.values()) this.ro.observe(r.el);
    if (!this.estimated && this.rows.size) {
      // The first collapsed row sets the estimate for rows not yet seen.
      for (const [i, r] of this.rows) {
        if (r.open) continue;
        const hgt = r.el.offsetHeight;
        if (hgt > 0) {
          this.heights.setEstimate(hgt);
          this.heights.set(i, hgt);
          this.estimated = true;
          this.layout();
        }
        break;
      }
    }
  }

  private layout(): void {
    this.spacer.style.height = `${this.heights.total()}px`;
    for (const [i, r] of this.rows) r.el.style.transform = `translateY(${this.heights.offsetOf(i)}px)`;
  }

  private onResize(entries: ResizeObserverEntry[]): void {
    const anchor = this.heights.indexAt(this.el.scrollTop);
    const anchorOffset = this.el.scrollTop - this.heights.offsetOf(anchor);
    let changed = false;
    for (const entry of entries) {
      const el = entry.target as HTMLElement;
      if (!el.isConnected) continue;
      const i = Number(el.dataset.index);
      const hgt = entry.borderBoxSize?.[0]?.blockSize ?? el.offsetHeight;
      if (hgt > 0 && this.heights.set(i, hgt)) changed = true;
    }
    if (!changed) return;
    this.layout();
    const want = this.heights.offsetOf(anchor) + anchorOffset;
    if (anchor > 0 && Math.abs(want - this.el.scrollTop) > 0.5) this.el.scrollTop = want;
    this.schedule();
  }

  private focusedIndex(): number | undefined {
    const active = document.activeElement;
    if (!active || !this.spacer.contains(active)) return undefined;
    const row = (active as HTMLElement).closest<HTMLElement>('.event-row');
    return row ? Number(row.dataset.index) : undefined;
  }

  /** Brings row i into view, renders it, and focuses its expander. */
  focusRow(i: number): void {
    if (i < 0 || i >= this.events.length) return;
    const top = scrollToReveal(this.heights, i, this.el.scrollTop, this.el.clientHeight);
    if (top !== undefined) this.el.scrollTop = top;
    this.render();
    const r = this.rows.get(i);
    r?.el.querySelector<HTMLElement>('.expander')?.focus({ preventScroll: true });
    if (top === undefined && r) r.el.scrollIntoView({ block: 'nearest' });
  }

  private onKey(e: KeyboardEvent): void {
    const target = e.target as HTMLElement;
    if (!target.classList.contains('expander')) return;
    const i = this.focusedIndex();
    if (i === undefined) return;
    let next: number | undefined;
    if (e.key === 'ArrowDown') next = i + 1;
    else if (e.key === 'ArrowUp') next = i - 1;
    else if (e.key === 'Home') next = 0;
    else if (e.key === 'End') next = this.events.length - 1;
    else if (e.key === 'PageDown') next = Math.min(this.events.length - 1, this.heights.indexAt(this.heights.offsetOf(i) + this.el.clientHeight));
    else if (e.key === 'PageUp') next = Math.max(0, this.heights.indexAt(this.heights.offsetOf(i) - this.el.clientHeight));
    if (next === undefined) return;
    e.preventDefault();
    this.focusRow(Math.max(0, Math.min(this.events.length - 1, next)));
  }
}

// ---------------------------------------------------------------------------------------------
// One row

function chip(key: string, value: string, query: string, cb: ListCallbacks): HTMLElement {
  const active = hasTagFilter(query, key, value);
  return h(
    'button',
    {
      class: `chip${active ? ' active' : ''}`,
      title: l10n.t('Show only events with {0}:{1}', key, value),
      attrs: { type: 'button', 'aria-pressed': active ? 'true' : 'false' },
      on: { click: () => cb.tagFilter(key, value) },
    },
    h('span', { class: 'chip-key', text: key }),
    h('span', { class: 'chip-value', text: value }),
  );
}

function locationButton(location: string, cb: ListCallbacks, frame?: FrameRef, label?: string): HTMLElement {
  return h(
    'button',
    {
      class: 'link location',
      title: l10n.t('Open {0} (copied when it is not in the workspace)', location),
      attrs: { type: 'button' },
      on: { click: () => cb.openLocation(location, frame) },
    },
    icon('go-to-file'),
    h('span', { text: label ?? location }),
  );
}

/** `what`: what the host says it copied; `label`: the button's name and tooltip. */
function copyButton(text: string, what: string, label: string, cb: ListCallbacks): HTMLElement {
  return h('button', { class: 'icon-button', title: label, attrs: { type: 'button', 'aria-label': label }, on: { click: () => cb.copy(text, what) } }, icon('copy'));
}

export function renderRow(e: EventData, index: number, open: boolean, query: string, full: boolean, cb: ListCallbacks, now: number): HTMLElement {
  const detailsId = `event-details-${index}`;
  const title = headline(e);
  const user = userLabel(e.user);
  const main = h(
    'div',
    { class: 'row-main' },
    h(
      'button',
      {
        class: 'expander',
        attrs: { type: 'button', 'aria-expanded': open ? 'true' : 'false', 'aria-controls': open ? detailsId : undefined },
        title: open ? l10n.t('Hide details') : l10n.t('Show details'),
        on: { click: () => cb.toggle(e.id) },
      },
      icon(open ? 'chevron-down' : 'chevron-right'),
      h('span', { class: 'event-title', text: title }),
    ),
    isEventId(e.eventID)
      ? h(
          'button',
          {
            class: 'icon-button open-event',
            title: l10n.t('Show this event in the Event tab'),
            attrs: { type: 'button', 'aria-label': l10n.t('Show this event in the Event tab') },
            on: { click: () => cb.openEvent(e.eventID) },
          },
          icon('open-preview'),
        )
      : null,
    h('time', { class: 'time', text: relativeTime(e.dateCreated, now), title: absoluteTime(e.dateCreated), attrs: { datetime: e.dateCreated } }),
  );
  const sub = h(
    'div',
    { class: 'row-sub' },
    e.location ? locationButton(e.location, cb) : h('span', { class: 'muted', text: l10n.t('no location') }),
    e.culprit ? h('span', { class: 'culprit', text: e.culprit, title: l10n.t('Culprit') }) : null,
    e.platform ? h('span', { class: 'fact', title: l10n.t('Platform') }, icon('symbol-namespace'), e.platform) : null,
    e.type ? h('span', { class: 'fact', title: l10n.t('Event type') }, icon('symbol-event'), e.type) : null,
    user ? h('span', { class: 'fact', title: l10n.t('User') }, icon('account'), user) : null,
  );
  const tags = open ? [] : e.tags.slice(0, COLLAPSED_CHIPS);
  const more = open ? 0 : e.tags.length - tags.length;
  const chips = h(
    'div',
    { class: 'chips' },
    ...tags.map((t) => chip(t.key, t.value, query, cb)),
    more > 0 ? h('button', { class: 'link more', text: l10n.t('+{0} more', more), attrs: { type: 'button' }, on: { click: () => cb.toggle(e.id) } }) : null,
  );
  const row = h('div', { class: `event-row${open ? ' open' : ''}`, role: 'listitem', dataset: { index: String(index), id: e.id } }, main, sub, open ? null : chips);
  if (open) row.appendChild(renderDetails(e, detailsId, query, full, cb, now));
  return row;
}

function pair(label: string, ...value: (Node | string | null | undefined)[]): HTMLElement[] {
  return [h('dt', { text: label }), h('dd', null, ...value)];
}

function renderDetails(e: EventData, id: string, query: string, full: boolean, cb: ListCallbacks, now: number): HTMLElement {
  const user = e.user ? metadataPairs(e.user) : [];
  const meta = metadataPairs(e.metadata);
  const facts = h(
    'dl',
    { class: 'facts-list' },
    ...pair(l10n.t('Title'), e.title),
    ...(e.message ? pair(l10n.t('Message'), h('span', { class: 'pre', text: e.message })) : []),
    ...pair(l10n.t('Date'), `${absoluteTime(e.dateCreated)} (${relativeTime(e.dateCreated, now)})`),
    ...pair(l10n.t('Event ID'), h('code', { text: e.eventID }), copyButton(e.eventID, l10n.t('event ID'), l10n.t('Copy event ID'), cb)),
    ...pair(l10n.t('ID'), h('code', { text: e.id }), copyButton(e.id, l10n.t('ID'), l10n.t('Copy ID'), cb)),
    ...(e.groupID ? pair(l10n.t('Issue ID'), h('code', { text: e.groupID })) : []),
    ...(e.projectID ? pair(l10n.t('Project ID'), h('code', { text: e.projectID })) : []),
    ...pair(l10n.t('Location'), e.location ? locationButton(e.location, cb) : h('span', { class: 'muted', text: l10n.t('none') })),
    ...(e.culprit ? pair(l10n.t('Culprit'), e.culprit) : []),
    ...(e.platform ? pair(l10n.t('Platform'), e.platform) : []),
    ...(e.type ? pair(l10n.t('Event type'), e.type) : []),
    ...(user.length ? pair(l10n.t('User'), h('span', { text: user.map(([k, v]) => `${k}: ${v}`).join(' · ') })) : pair(l10n.t('User'), h('span', { class: 'muted', text: l10n.t('none') }))),
    ...(e.crashFile !== undefined ? pair(l10n.t('Crash file'), typeof e.crashFile === 'string' ? e.crashFile : JSON.stringify(e.crashFile)) : []),
  );
  const parts: (HTMLElement | null)[] = [
    facts,
    e.trimmed ? h('p', { class: 'muted hint trimmed', role: 'note', text: l10n.t('Parts of this event were too large to show here; Open in Browser shows all of it.') }) : null,
    e.tags.length ? h('div', { class: 'section-label', text: l10n.t('Tags') }) : null,
    e.tags.length ? h('div', { class: 'chips wrap' }, ...e.tags.map((t) => chip(t.key, t.value, query, cb))) : null,
  ];
  if (meta.length) {
    parts.push(h('div', { class: 'section-label', text: l10n.t('Metadata') }));
    parts.push(h('dl', { class: 'facts-list' }, ...meta.flatMap(([k, v]) => pair(k, v))));
  }
  if (e.exceptions) {
    if (e.exceptions.length === 0) parts.push(h('p', { class: 'muted', text: l10n.t('This event has no exception or stack trace.') }));
    for (const x of e.exceptions) parts.push(renderException(x, cb, e));
  } else if (full && e.trimmed) {
    parts.push(h('p', { class: 'muted hint', text: l10n.t('The stack trace was too large to show here.') }));
  } else {
    parts.push(
      h(
        'p',
        { class: 'muted hint' },
        full ? l10n.t('The stack trace is loading…') : `${l10n.t('Stack traces come with full events.')} `,
        full ? null : h('button', { class: 'link', text: l10n.t('Turn on Full events'), attrs: { type: 'button' }, on: { click: () => cb.enableFull() } }),
      ),
    );
  }
  return h('div', { class: 'details', id }, ...parts);
}

function renderException(x: ExceptionData, cb: ListCallbacks, e: EventData): HTMLElement {
  return h(
    'div',
    { class: 'exception' },
    h('div', { class: 'exception-head' }, h('span', { class: 'exception-type', text: x.type || l10n.t('Exception') }), x.value ? h('span', { class: 'exception-value', text: `: ${x.value}` }) : null),
    x.frames.length
      ? h('ol', { class: 'frames', attrs: { 'aria-label': l10n.t('Stack frames, newest first') } }, ...x.frames.map((f) => renderFrame(f, cb, e)))
      : h('p', { class: 'muted', text: l10n.t('No stack frames.') }),
  );
}

function renderFrame(f: DetailFrame, cb: ListCallbacks, e: EventData): HTMLElement {
  const loc = frameLocation(f);
  const where = frameWhere(f);
  // The event's platform and SDK decide the path a code mapping applies to.
  const ref: FrameRef = { ...frameRef(f), eventPlatform: e.platform, sdkName: e.sdkName };
  const head = loc
    ? h(
        'button',
        { class: 'frame-head link', title: l10n.t('Open {0}', loc), attrs: { type: 'button' }, on: { click: () => cb.openLocation(loc, ref) } },
        h('span', { class: 'frame-fn', text: frameLabel(f) }),
        h('span', { class: 'frame-where', text: ` ${where}` }),
      )
    : h('div', { class: 'frame-head' }, h('span', { class: 'frame-fn', text: frameLabel(f) }), h('span', { class: 'frame-where', text: ` ${where}` }));
  const li = h('li', { class: `frame${f.inApp ? ' in-app' : ''}` }, f.inApp ? h('span', { class: 'badge', text: l10n.t('in app') }) : null, head);
  if (f.context?.length) {
    const pre = h('pre', { class: 'context' });
    for (const [n, code] of f.context) {
      pre.appendChild(h('span', { class: `ctx-line${n === f.lineNo ? ' current' : ''}` }, h('span', { class: 'ctx-no', text: String(n).padStart(5) }), h('span', { text: ` ${code}\n` })));
    }
    li.appendChild(pre);
  }
  return li;
}

export function clear(el: HTMLElement): void {
  replace(el);
}
