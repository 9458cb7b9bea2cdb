/**
 * The Logs tab: the logs of the event's trace, oldest first, each with its time, level, message and
 * attributes; the moment of the error marked between the logs before and after it; a search box that
 * narrows the list as one types (message, level, code location, attributes); a log whose SDK recorded
 * `code.file.path`/`code.line.number` opens that line; Follow, which the host polls every few seconds
 * while the panel is visible. A server or plan without logs is said once, as a note. Read when the tab
 * is first shown, never before. Every server string is drawn as text.
 */
import * as l10n from '@vscode/l10n';
import { decodeLogRows, filterLogRows, type LogRow, type LogsActionName, type LogsView } from '../protocol/logs';
import { h, icon, replace, type Child } from './dom';
import { button, textfield } from './elements';

function clock(ms: number): string {
  const d = new Date(ms);
  const p = (n: number, w = 2) => String(n).padStart(w, '0');
  return `${p(d.getHours())}:${p(d.getMinutes())}:${p(d.getSeconds())}.${p(d.getMilliseconds(), 3)}`;
}

export class LogsTab {
  readonly el: HTMLElement;
  private view: LogsView | undefined;
  private rows: LogRow[] = [];
  private readonly head: HTMLElement;
  private readonly list: HTMLElement;
  private readonly search = textfield({ id: 'logs-search', attrs: { placeholder: l10n.t('Search the logs'), 'aria-label': l10n.t('Search the logs') } });
  private readonly follow: HTMLElement;
  private readonly status = h('span', { class: 'logs-muted', id: 'logs-count' });

  constructor(private readonly send: (action: LogsActionName, index?: number) => void) {
    this.follow = button({
      id: 'logs-follow',
      class: 'logs-button',
      attrs: { secondary: true, icon: 'debug-start' },
      text: l10n.t('Follow'),
      on: { click: () => this.send(this.view?.following ? 'unfollow' : 'follow') },
    });
    this.search.addEventListener('input', () => this.drawRows());
    this.head = h('div', { class: 'logs-head' }, h('p', { class: 'logs-muted', text: l10n.t('Loading the logs…') }));
    this.list = h('ol', { class: 'logs-list', id: 'logs-list', attrs: { 'aria-label': l10n.t('Logs of the trace, oldest first') } });
    this.el = h('section', { class: 'panel logs-panel', id: 'logs-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-logs' }, hidden: true }, this.head, this.list);
  }

  /** Shown or hidden; each time it comes into view the host is told (it reads once, then answers from what it read). */
  shown(visible: boolean): void {
    const was = !this.el.hidden;
    this.el.hidden = !visible;
    if (visible && !was) this.send('open');
  }

  /** Another issue: read its logs when the tab is shown again. */
  reset(): void {
    this.el.hidden = true;
    this.view = undefined;
    this.rows = [];
    replace(this.head, h('p', { class: 'logs-muted', text: l10n.t('Loading the logs…') }));
    replace(this.list);
  }

  get state(): LogsView | undefined {
    return this.view;
  }

  receive(view: LogsView): void {
    this.view = view;
    try {
      this.rows = view.rowsJson ? decodeLogRows(view.rowsJson) : [];
    } catch {
      this.rows = [];
    }
    replace(this.head, ...this.header(view));
    this.drawRows();
  }

  private header(v: LogsView): Child[] {
    if (v.phase === 'loading') return [h('p', { class: 'logs-muted', text: l10n.t('Loading the logs…') })];
    if (v.phase === 'none' || v.phase === 'no-logs') return [h('p', { class: 'logs-muted', id: 'logs-none', role: 'note', text: v.message ?? '' })];
    if (v.phase === 'failed') {
      return [
        h('p', { class: 'logs-error', role: 'alert', id: 'logs-message', text: v.message ?? l10n.t('The logs could not be read.') }),
        button({ class: 'logs-button', attrs: { secondary: true, icon: 'refresh' }, text: l10n.t('Retry'), on: { click: () => this.send('refresh') } }),
      ];
    }
    this.follow.textContent = v.following ? l10n.t('Following') : l10n.t('Follow');
    this.follow.setAttribute('icon', v.following ? 'debug-pause' : 'debug-start');
    this.follow.setAttribute('aria-pressed', String(v.following));
    this.follow.title = v.following ? l10n.t('New logs of the trace are read every few seconds; click to stop') : l10n.t('Read new logs of the trace every few seconds while this panel is visible');
    return [
      h(
        'div',
        { class: 'logs-bar' },
        this.search,
        this.follow,
        button({ class: 'logs-button', attrs: { secondary: true, icon: 'refresh', title: l10n.t('Read the logs again') }, text: l10n.t('Refresh'), on: { click: () => this.send('refresh') } }),
        this.status,
      ),
      v.message ? h('p', { class: 'logs-muted', id: 'logs-message', text: v.message }) : null,
      v.cut ? h('p', { class: 'logs-muted', text: l10n.t('There were more logs than the extension keeps: the newest are shown.') }) : null,
    ];
  }

  private drawRows(): void {
    const v = this.view;
    if (!v || v.phase !== 'ready') {
      replace(this.list);
      return;
    }
    const query = String(this.search.value ?? '');
    const shown = filterLogRows(this.rows, query);
    this.status.textContent = query.trim()
      ? l10n.t('{0} of {1} logs', shown.length, this.rows.length)
      : v.added
        ? l10n.t('{0} logs, {1} new', this.rows.length, v.added)
        : l10n.t('{0} logs', this.rows.length);
    const nodes: HTMLElement[] = [];
    let marked = false;
    for (const i of shown) {
      if (!marked && v.errorIndex !== undefined && i >= v.errorIndex) {
        nodes.push(this.moment());
        marked = true;
      }
      nodes.push(this.row(this.rows[i], i));
    }
    if (!marked && v.errorIndex !== undefined && v.errorIndex >= this.rows.length && shown.length) nodes.push(this.moment());
    replace(this.list, ...nodes);
  }

  private moment(): HTMLElement {
    return h('li', { class: 'logs-moment', id: 'logs-error-moment', role: 'separator' }, icon('error'), ' ', l10n.t('The error happened here'));
  }

  private row(r: LogRow, i: number): HTMLElement {
    return h(
      'li',
      { class: `logs-row logs-level-${/^[a-z]+$/.test(r.lvl) ? r.lvl : 'other'}`, dataset: { index: String(i) } },
      h('span', { class: 'logs-time logs-muted', text: clock(r.t), title: new Date(r.t).toISOString() }),
      h('span', { class: 'logs-level', text: r.lvl || '—' }),
      h('span', { class: 'logs-msg', text: r.msg }),
      r.code
        ? h('a', {
            class: 'logs-code',
            attrs: { href: '#', role: 'button', title: l10n.t('Open {0}', r.code) },
            text: r.code,
            on: { click: (e: Event) => (e.preventDefault(), this.send('openLog', i)) },
          })
        : null,
      r.a?.length ? h('span', { class: 'logs-attrs logs-muted', text: r.a.map(([k, val]) => `${k}=${val}`).join('  ') }) : null,
    );
  }
}
