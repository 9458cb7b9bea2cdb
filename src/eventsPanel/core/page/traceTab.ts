/**
 * The Trace tab: the event's trace as a waterfall, every span with its operation, description,
 * duration, status and project, indented by depth, its bar placed in the trace's time. The error's
 * own span is highlighted and the moment of the error marked across the waterfall; the trace's other
 * errors and performance issues are listed above it, each a click from its own panel; a span whose
 * SDK recorded its code attributes opens that line (through the host's one frame resolver). Only the
 * rows in view are drawn (fixed-height rows, so a trace of 10,000 spans draws its first screen at
 * once). Read when the tab is first shown, never before. Every server string is drawn as text.
 */
import * as l10n from '@vscode/l10n';
import { decodeTraceRows, type TraceActionName, type TraceRow, type TraceView } from '../protocol/trace';
import { h, icon, replace, type Child } from './dom';
import { button } from './elements';
import { TRACE_ROW_HEIGHT, formatMs, visibleRows } from './traceLayout';

export class TraceTab {
  readonly el: HTMLElement;
  private view: TraceView | undefined;
  private rows: TraceRow[] = [];
  private readonly head: HTMLElement;
  private readonly scroller: HTMLElement;
  private readonly spacer: HTMLElement;
  private readonly marker: HTMLElement;
  private drawn = { start: -1, end: -1 };

  constructor(private readonly send: (action: TraceActionName, index?: number) => void) {
    this.head = h('div', { class: 'trace-head' }, h('p', { class: 'trace-muted', text: l10n.t('Loading the trace…') }));
    this.spacer = h('div', { class: 'trace-rows', role: 'list', attrs: { 'aria-label': l10n.t('Spans of the trace') } });
    this.marker = h('div', { class: 'trace-error-moment', hidden: true, title: l10n.t('When the error happened') });
    this.scroller = h('div', { class: 'trace-scroller', id: 'trace-waterfall', tabIndex: 0, on: { scroll: () => this.drawRows() } }, this.spacer, this.marker);
    this.scroller.hidden = true;
    this.el = h('section', { class: 'panel trace-panel', id: 'trace-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-trace' }, hidden: true }, this.head, this.scroller);
  }

  /**
   * The tab is shown or hidden. Each time it comes into view the host is told: the first time it reads
   * the trace; later it answers from what it read, unless the Event tab chose another event since.
   */
  shown(visible: boolean): void {
    const was = !this.el.hidden;
    this.el.hidden = !visible;
    if (!visible || was) return;
    this.send('open');
    this.drawRows();
  }

  /** Another issue (a preview panel taking over): read its trace when the tab is shown again. */
  reset(): void {
    // Hidden, so that the tab in view asks for the new issue's trace at the next draw.
    this.el.hidden = true;
    this.view = undefined;
    this.rows = [];
    replace(this.head, h('p', { class: 'trace-muted', text: l10n.t('Loading the trace…') }));
    this.scroller.hidden = true;
  }

  get state(): TraceView | undefined {
    return this.view;
  }

  receive(view: TraceView): void {
    performance.mark('sentry-trace-received');
    this.view = view;
    try {
      this.rows = view.rowsJson ? decodeTraceRows(view.rowsJson) : [];
    } catch {
      this.rows = [];
    }
    replace(this.head, ...this.header(view));
    this.scroller.hidden = view.phase !== 'ready' || this.rows.length === 0;
    this.spacer.style.height = `${this.rows.length * TRACE_ROW_HEIGHT}px`;
    this.marker.style.height = this.spacer.style.height;
    this.drawn = { start: -1, end: -1 };
    replace(this.spacer);
    const at = view.errorAt !== undefined && view.duration > 0 ? view.errorAt / view.duration : undefined;
    this.marker.hidden = at === undefined;
    if (at !== undefined) this.marker.style.left = `calc(var(--trace-bar-left) + (100% - var(--trace-bar-left)) * ${Math.min(1, Math.max(0, at)).toFixed(4)})`;
    this.drawRows();
    // The error's span in view at once.
    if (view.errorRow !== undefined && this.scroller.clientHeight > 0) this.reveal(view.errorRow);
    // For bench/traceView.ts: when the waterfall's first screen was painted.
    if (view.phase === 'ready') requestAnimationFrame(() => setTimeout(() => performance.mark('sentry-trace-painted'), 0));
  }

  /** Scrolls a row into the middle of the waterfall. */
  reveal(row: number): void {
    this.scroller.scrollTop = Math.max(0, row * TRACE_ROW_HEIGHT - this.scroller.clientHeight / 2);
    this.drawRows();
  }

  private header(v: TraceView): Child[] {
    if (v.phase === 'loading') return [h('p', { class: 'trace-muted', text: l10n.t('Loading the trace…') })];
    if (v.phase === 'none') return [h('p', { class: 'trace-muted', id: 'trace-none', role: 'note', text: v.message ?? '' })];
    if (v.phase === 'failed') {
      return [
        h('p', { class: 'trace-error', role: 'alert', id: 'trace-message', text: v.message ?? l10n.t('The trace could not be read.') }),
        button({ class: 'trace-button', attrs: { secondary: true, icon: 'refresh' }, text: l10n.t('Retry'), on: { click: () => this.send('refresh') } }),
      ];
    }
    const summary = l10n.t('{0} spans over {1}', v.spans.toLocaleString('en'), formatMs(v.duration));
    const out: Child[] = [
      h(
        'div',
        { class: 'trace-summary' },
        h('strong', { text: l10n.t('Trace {0}', (v.traceId ?? '').slice(0, 8)) }),
        ' ',
        h('span', { class: 'trace-muted', id: 'trace-count', text: summary }),
        ' ',
        button({ class: 'trace-button', attrs: { secondary: true, icon: 'refresh', title: l10n.t('Read the trace again') }, text: l10n.t('Refresh'), on: { click: () => this.send('refresh') } }),
      ),
    ];
    if (v.transactionsOnly) out.push(h('p', { class: 'trace-muted', text: l10n.t('This server answers the older trace view: its transactions, without the spans inside them.') }));
    if (v.cut) out.push(h('p', { class: 'trace-muted', text: l10n.t('The trace was larger than the extension reads: its first spans are shown.') }));
    if (v.issues.length) {
      out.push(
        h(
          'ul',
          { class: 'trace-issues', attrs: { 'aria-label': l10n.t('Errors and performance issues in this trace') } },
          ...v.issues.map((i, k) =>
            h(
              'li',
              { class: `trace-issue trace-issue-${i.kind}` },
              icon(i.kind === 'error' ? 'error' : 'dashboard'),
              ' ',
              i.shortId ? h('strong', { text: i.shortId }) : null,
              i.shortId ? ' ' : null,
              h('span', { text: i.title }),
              i.current ? h('span', { class: 'trace-muted', text: ` · ${l10n.t('this event')}` }) : null,
              i.row !== undefined
                ? h('a', { class: 'trace-link', attrs: { href: '#', role: 'button' }, text: l10n.t('Show span'), on: { click: (e: Event) => (e.preventDefault(), this.reveal(i.row!)) } })
                : null,
              i.openable
                ? h('a', {
                    class: 'trace-link trace-open-issue',
                    attrs: { href: '#', role: 'button', 'data-index': k },
                    text: l10n.t('Open issue'),
                    on: { click: (e: Event) => (e.preventDefault(), this.send('openIssue', k)) },
                  })
                : null,
            ),
          ),
        ),
      );
    }
    return out;
  }

  /** Draws the rows in view (and a few around), if they changed. */
  private drawRows(): void {
    if (this.scroller.hidden || !this.view || this.view.phase !== 'ready') return;
    const { start, end } = visibleRows(this.rows.length, this.scroller.scrollTop, this.scroller.clientHeight);
    if (start === this.drawn.start && end === this.drawn.end) return;
    this.drawn = { start, end };
    const duration = this.view.duration || 1;
    const nodes: HTMLElement[] = [];
    for (let i = start; i < end; i++) nodes.push(this.row(this.rows[i], i, duration));
    replace(this.spacer, ...nodes);
  }

  private row(r: TraceRow, i: number, duration: number): HTMLElement {
    // Positions through the CSSOM: the page's CSP refuses style attributes.
    const el = this.rowElement(r, i, duration);
    el.style.top = `${i * TRACE_ROW_HEIGHT}px`;
    return el;
  }

  private rowElement(r: TraceRow, i: number, duration: number): HTMLElement {
    const isError = i === this.view?.errorRow;
    const failed = r.st !== undefined && r.st !== 'ok' && r.st !== 'unknown';
    const left = Math.min(100, (r.s / duration) * 100);
    const width = Math.max(0.2, Math.min(100 - left, (r.ms / duration) * 100));
    return h(
      'div',
      {
        class: `trace-row${isError ? ' trace-row-error' : ''}${r.e ? ' trace-row-has-error' : ''}`,
        role: 'listitem',
        dataset: { row: String(i) },
        attrs: { 'aria-current': isError ? 'true' : undefined },
      },
      indent(
        h(
          'span',
          { class: 'trace-label' },
          r.e ? icon('error', 'trace-error-icon') : null,
          h('strong', { class: 'trace-op', text: r.op }),
          ' ',
          h('span', { class: 'trace-desc', text: r.desc, title: r.desc }),
          r.p ? h('span', { class: 'trace-project trace-muted', text: ` · ${r.p}` }) : null,
          r.code
            ? h('a', {
                class: 'trace-code',
                attrs: { href: '#', role: 'button', title: l10n.t('Open {0}', r.code) },
                text: r.code,
                on: { click: (e: Event) => (e.preventDefault(), this.send('openSpan', i)) },
              })
            : null,
        ),
        r.d,
      ),
      h(
        'span',
        { class: 'trace-bar-lane' },
        bar(h('span', { class: `trace-bar${failed ? ' trace-bar-failed' : ''}` }), left, width),
        h('span', { class: 'trace-duration', text: `${formatMs(r.ms)}${r.st && r.st !== 'ok' ? ` · ${r.st}` : ''}` }),
      ),
    );
  }
}

function indent(el: HTMLElement, depth: number): HTMLElement {
  el.style.paddingLeft = `${Math.min(depth, 40) * 12}px`;
  return el;
}

function bar(el: HTMLElement, left: number, width: number): HTMLElement {
  el.style.left = `${left.toFixed(3)}%`;
  el.style.width = `${width.toFixed(3)}%`;
  return el;
}
