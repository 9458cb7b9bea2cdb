/**
 * The Replays and Feedback tabs: what the users saw and wrote. Replays lists each session
 * replay of the issue with its user, duration, errors and when, newest first; a click opens its page
 * in the browser (the host decides which page, and opens only one of the server's own). Feedback
 * lists what users wrote, newest first, with who and when. Each is read when its tab is first shown,
 * never before. Every server string is drawn as text.
 */
import * as l10n from '@vscode/l10n';
import { formatSeconds, relativeTime } from '../../../format/time';
import type { FeedbackActionName, FeedbackRow, ReplayRow, ReplaysActionName, UsersView } from '../protocol/users';
import { h, replace, type Child } from './dom';
import { button } from './elements';

/** One tab of rows read once when shown: its loading, failure, empty and ready states. */
abstract class UsersTab<Row, Action extends string> {
  readonly el: HTMLElement;
  private view: UsersView<Row> | undefined;
  private readonly head: HTMLElement;
  protected readonly list: HTMLElement;

  constructor(
    private readonly id: 'replays' | 'feedback',
    private readonly loading: string,
    listLabel: string,
    protected readonly send: (action: Action | 'open' | 'refresh', index?: number) => void,
  ) {
    this.head = h('div', { class: 'users-head' }, h('p', { class: 'logs-muted', text: loading }));
    this.list = h('ol', { class: 'users-list', id: `${id}-list`, attrs: { 'aria-label': listLabel } });
    this.el = h('section', { class: 'panel users-panel', id: `${id}-panel`, role: 'tabpanel', attrs: { 'aria-labelledby': `tab-${id}` }, hidden: true }, this.head, this.list);
  }

  /** Shown or hidden; each time it comes into view the host is told (it reads once, then answers from what it read). */
  shown(visible: boolean): void {
    const was = !this.el.hidden;
    this.el.hidden = !visible;
    if (visible && !was) this.send('open');
  }

  /** Another issue: read its rows when the tab is shown again. */
  reset(): void {
    this.el.hidden = true;
    this.view = undefined;
    replace(this.head, h('p', { class: 'logs-muted', text: this.loading }));
    replace(this.list);
  }

  get state(): UsersView<Row> | undefined {
    return this.view;
  }

  receive(view: UsersView<Row>): void {
    this.view = view;
    replace(this.head, ...this.header(view));
    const now = Date.now();
    replace(this.list, ...(view.phase === 'ready' ? view.rows.map((r, i) => this.row(r, i, now)) : []));
  }

  private header(v: UsersView<Row>): Child[] {
    if (v.phase === 'loading') return [h('p', { class: 'logs-muted', text: this.loading })];
    const refresh = button({
      class: 'logs-button',
      attrs: { secondary: true, icon: 'refresh' },
      text: v.phase === 'failed' ? l10n.t('Retry') : l10n.t('Refresh'),
      on: { click: () => this.send('refresh') },
    });
    if (v.phase === 'failed') return [h('p', { class: 'logs-error', role: 'alert', id: `${this.id}-message`, text: v.message ?? '' }), refresh];
    return [
      h('div', { class: 'logs-bar' }, refresh, h('span', { class: 'logs-muted', id: `${this.id}-count`, text: this.count(v.rows.length) })),
      v.message ? h('p', { class: 'logs-muted', id: `${this.id}-message`, role: 'note', text: v.message }) : null,
      v.masked ? h('p', { class: 'logs-muted', text: l10n.t('Secrets in what users wrote are masked.') }) : null,
    ];
  }

  protected abstract count(n: number): string;
  protected abstract row(r: Row, index: number, now: number): HTMLElement;
}

export class ReplaysTab extends UsersTab<ReplayRow, ReplaysActionName> {
  constructor(send: (action: ReplaysActionName, index?: number) => void) {
    super('replays', l10n.t('Loading the replays…'), l10n.t('Session replays of this issue, newest first'), send);
  }

  protected count(n: number): string {
    return l10n.t('{0} replays', n);
  }

  protected row(r: ReplayRow, i: number, now: number): HTMLElement {
    const when = r.startedAt !== undefined ? relativeTime(r.startedAt, now) : '';
    return h(
      'li',
      { class: 'users-row', dataset: { index: String(i) } },
      h('a', {
        class: 'users-open',
        attrs: { href: '#', role: 'button', title: l10n.t('Open this replay in the browser') },
        text: r.user || l10n.t('Anonymous user'),
        on: { click: (e: Event) => (e.preventDefault(), this.send('openReplay', i)) },
      }),
      h('span', { class: 'users-meta logs-muted', text: r.duration !== undefined ? formatSeconds(r.duration) : '' }),
      h('span', { class: r.errors ? 'users-meta logs-error' : 'users-meta logs-muted', text: l10n.t('{0} errors', r.errors) }),
      h('span', { class: 'users-meta logs-muted', text: when, title: r.startedAt !== undefined ? new Date(r.startedAt).toISOString() : '' }),
      r.client ? h('span', { class: 'users-meta logs-muted', text: r.client }) : null,
    );
  }
}

export class FeedbackTab extends UsersTab<FeedbackRow, FeedbackActionName> {
  constructor(send: (action: FeedbackActionName) => void) {
    super('feedback', l10n.t('Loading the feedback…'), l10n.t('What users of this issue wrote, newest first'), send);
  }

  protected count(n: number): string {
    return l10n.t('{0} pieces of feedback', n);
  }

  protected row(r: FeedbackRow, i: number, now: number): HTMLElement {
    return h(
      'li',
      { class: 'users-row users-feedback', dataset: { index: String(i) } },
      h('span', { class: 'users-author', text: r.author || l10n.t('Anonymous user') }),
      h('span', { class: 'users-meta logs-muted', text: r.when !== undefined ? relativeTime(r.when, now) : '', title: r.when !== undefined ? new Date(r.when).toISOString() : '' }),
      h('p', { class: 'users-message', text: r.message }),
    );
  }
}
