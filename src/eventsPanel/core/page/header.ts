/**
 * The issue header: short ID, title, Explain with AI and Fix with AI (where a chat can take them), Open in Browser,
 * culprit, the facts (level, status, assignee, counts, first and last seen) and the triage buttons
 * The issue comes from the host (the issue store's issue, so a triage change shows
 * here at once); until it has a title, the newest event's title stands in. Server strings are text
 * only.
 */
import * as l10n from '@vscode/l10n';
import type { HandOffKind, IssueHeader, TriageCommand } from '../protocol/messages';
import { compactCount } from '../../../format/numbers';
import { absoluteTime, relativeTime } from '../../../format/time';
import { h, icon, replace } from './dom';
import { button } from './elements';
import type { ViewState } from './pageState';
import { assigneeText, focusAfter, handOffButtons, statusBadge, triageButtons } from './triageActions';

export class HeaderView {
  readonly el = h('header', { class: 'issue-header' });

  constructor(
    private readonly openInBrowser: () => void,
    /** A triage button was pressed: the host runs the command on the panel's issue. */
    private readonly triage: (command: TriageCommand) => void = () => undefined,
    /** An AI button was pressed: the host runs it on the panel's issue. */
    private readonly handOff: (kind: HandOffKind) => void = () => undefined,
    /** Debug This Event was pressed: the host opens the event on screen in VS Code's debugger. */
    private readonly debug: (() => void) | undefined = undefined,
  ) {}

  /** Whether the header shows something else in `s` than in `prev`. */
  static changed(prev: ViewState | undefined, s: ViewState): boolean {
    return !prev || prev.issue !== s.issue || prev.ai !== s.ai || (prev.events[0] !== s.events[0] && !s.issue.title);
  }

  render(s: ViewState, now: number): void {
    const i = s.issue;
    const ev = s.events[0];
    const title = i.title ?? ev?.title ?? l10n.t('Issue {0}', s.issueId);
    const culprit = i.culprit ?? ev?.culprit;
    const status = statusBadge(i.status);
    const assigned = assigneeText(i.assignee);
    const facts: (HTMLElement | null)[] = [
      i.level ? levelIndicator(i.level) : null,
      status ? h('span', { class: `fact status status-${status.kind}`, id: 'issue-status', title: l10n.t('Status') }, icon(status.icon), status.text) : null,
      assigned ? h('span', { class: 'fact assignee', id: 'issue-assignee', title: l10n.t('Assignee') }, icon('account'), assigned) : null,
      i.count !== undefined ? h('span', { class: 'fact', id: 'issue-count', title: countsTitle(i.countScope, 'events', i.count) }, icon('pulse'), countsText(i.countScope, 'events', i.count)) : null,
      i.userCount !== undefined
        ? h('span', { class: 'fact', id: 'issue-users', title: countsTitle(i.countScope, 'users', i.userCount) }, icon('person'), countsText(i.countScope, 'users', i.userCount))
        : null,
      i.firstSeen ? h('span', { class: 'fact', title: l10n.t('First seen {0}', absoluteTime(i.firstSeen)) }, icon('history'), l10n.t('first seen {0}', relativeTime(i.firstSeen, now))) : null,
      i.lastSeen ? h('span', { class: 'fact', title: l10n.t('Last seen {0}', absoluteTime(i.lastSeen)) }, icon('clock'), l10n.t('last seen {0}', relativeTime(i.lastSeen, now))) : null,
    ];
    const buttons = triageButtons(i).map((b) =>
      button({
        id: b.id,
        class: b.label ? 'triage-button' : 'triage-button icon-only',
        title: b.tooltip ?? b.ariaLabel,
        text: b.label || undefined,
        dataset: { command: b.command },
        attrs: {
          secondary: !b.primary,
          icon: b.icon,
          'icon-only': !b.label,
          'aria-label': b.ariaLabel,
          'aria-pressed': b.pressed === undefined ? undefined : String(b.pressed),
        },
        on: { click: () => this.triage(b.command) },
      }),
    );
    // Before Open in Browser, so Tab from it still reaches the triage row next; only where a chat can take them.
    const ai = (s.ai ? handOffButtons() : []).map((b) =>
      button({
        id: b.id,
        class: 'ai-button',
        title: b.ariaLabel,
        text: b.label,
        dataset: { kind: b.kind },
        attrs: { secondary: true, icon: b.icon, 'aria-label': b.ariaLabel },
        on: { click: () => this.handOff(b.kind) },
      }),
    );
    // A redraw replaces the buttons: keyboard focus on one of them stays on it (or its counterpart).
    const activeId = this.el.contains(document.activeElement) ? document.activeElement?.id : undefined;
    const focused = activeId?.startsWith('triage-') ? activeId : undefined;
    const focusedAi = ai.find((b) => b.id === activeId);
    replace(
      this.el,
      h(
        'div',
        { class: 'title-row' },
        h('span', { class: 'short-id', text: i.shortId ?? `#${s.issueId}` }),
        h('h1', { class: 'issue-title', text: title, title }),
        ...ai,
        this.debug
          ? button({
              id: 'debug-event',
              title: l10n.t('Open the event on screen in the debugger: its stack, variables and breadcrumbs, as if stopped at the exception (nothing runs)'),
              text: l10n.t('Debug This Event'),
              attrs: { secondary: true, icon: 'debug-alt' },
              on: { click: () => this.debug?.() },
            })
          : null,
        button({ id: 'open-in-browser', attrs: { secondary: true, icon: 'link-external' }, text: l10n.t('Open in Browser'), on: { click: () => this.openInBrowser() } }),
      ),
      culprit ? h('div', { class: 'culprit', text: culprit }) : null,
      h('div', { class: 'facts' }, ...facts),
      h('div', { class: 'facts triage', id: 'triage', role: 'group', attrs: { 'aria-label': l10n.t('Triage') } }, ...buttons),
    );
    if (focused) {
      const next = focusAfter(
        focused,
        buttons.map((b) => b.id),
      );
      if (next) buttons.find((b) => b.id === next)?.focus();
    }
    focusedAi?.focus();
  }
}

/**
 * The header's counts say what they cover, as the Events tab counts something else (the events of
 * its period and filters): the issue's whole life ("in total"), or the issue list's period and
 * environments it came from.
 */
function countsText(scope: IssueHeader['countScope'], what: 'events' | 'users', n: string | number): string {
  const c = compactCount(n);
  if (scope === 'lifetime') return what === 'events' ? l10n.t('{0} events in total', c) : l10n.t('{0} users in total', c);
  return what === 'events' ? l10n.t('{0} events', c) : l10n.t('{0} users', c);
}

function countsTitle(scope: IssueHeader['countScope'], what: 'events' | 'users', n: string | number): string {
  if (scope === 'lifetime') {
    return what === 'events' ? l10n.t('{0} events since the issue was first seen, in every environment', n) : l10n.t('{0} users since the issue was first seen, in every environment', n);
  }
  if (scope === 'list') {
    return what === 'events' ? l10n.t("{0} events in the issue list's period and environments", n) : l10n.t("{0} users in the issue list's period and environments", n);
  }
  return what === 'events' ? l10n.t('{0} events', n) : l10n.t('{0} users', n);
}

/**
 * The issue's level (the server's word, colored by it): its text with a label that says what it is
 * (`role="img"`: a screen reader reads "Level: error", not a bare "error"), and that as its tooltip.
 */
export function levelIndicator(level: string): HTMLElement {
  const label = l10n.t('Level: {0}', level);
  return h('span', { class: `level level-${level}`, role: 'img', title: label, attrs: { 'aria-label': label }, text: level });
}
