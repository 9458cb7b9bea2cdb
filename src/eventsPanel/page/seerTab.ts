/**
 * The Seer tab: the issue summary, Find Root Cause (a run starts only on that click), the run's
 * progress as it comes with Stop, the causes with their reproduction steps, and on request the
 * solution and the code changes, each opening in VS Code's diff editor, then Apply. Where Seer is not
 * there it says which case and what to do, and offers no button that cannot act. The host sends one
 * whole view (../protocol/seer.ts); every server string is drawn as text.
 */
import * as l10n from '@vscode/l10n';
import type { SeerActionName, SeerView } from '../protocol/seer';
import { h, icon, replace, type Child } from './dom';
import { button, progressBar } from './elements';

export class SeerTab {
  readonly el: HTMLElement;
  private opened = false;
  private view: SeerView | undefined;

  constructor(private readonly send: (action: SeerActionName, index?: number) => void) {
    this.el = h('section', { class: 'panel seer-panel', id: 'seer-panel', role: 'tabpanel', attrs: { 'aria-labelledby': 'tab-seer' }, hidden: true });
    replace(this.el, h('p', { class: 'seer-muted', text: l10n.t('Loading Seer…') }));
  }

  /** The tab is shown: the first time, the host reads the issue's run (never starts one). */
  shown(visible: boolean): void {
    this.el.hidden = !visible;
    if (visible && !this.opened) {
      this.opened = true;
      this.send('open');
    }
  }

  /** A preview panel took over another issue: read its run when the tab is shown again. */
  reset(): void {
    this.opened = false;
    this.view = undefined;
    replace(this.el, h('p', { class: 'seer-muted', text: l10n.t('Loading Seer…') }));
  }

  receive(view: SeerView): void {
    this.view = view;
    replace(this.el, ...this.draw(view));
  }

  private btn(label: string, action: SeerActionName, opts: { primary?: boolean; icon?: string; index?: number; id?: string } = {}): HTMLElement {
    return button({ class: 'seer-button', attrs: { secondary: !opts.primary, icon: opts.icon, 'data-seer': action }, id: opts.id, text: label, on: { click: () => this.send(action, opts.index) } });
  }

  private draw(v: SeerView): Child[] {
    const out: Child[] = [];
    if (v.summary) {
      out.push(
        h(
          'div',
          { class: 'seer-summary' },
          h('h3', { text: v.summary.headline }),
          v.summary.whatsWrong ? h('p', { text: v.summary.whatsWrong }) : null,
          v.summary.possibleCause ? h('p', { class: 'seer-muted' }, h('strong', { text: l10n.t('Possible cause: ') }), v.summary.possibleCause) : null,
        ),
      );
    }
    if (v.unavailable) {
      out.push(
        h(
          'div',
          { class: 'seer-unavailable', role: 'note', id: 'seer-unavailable' },
          icon('info'),
          ' ',
          h('strong', { text: v.unavailable.message }),
          h('p', { text: v.unavailable.action }),
          v.unavailable.detail ? h('p', { class: 'seer-muted', text: l10n.t('Sentry said: {0}', v.unavailable.detail) }) : null,
        ),
      );
      return out;
    }
    if (v.note) out.push(h('div', { class: 'seer-note', role: 'note' }, icon('warning'), ' ', h('strong', { text: v.note.message }), h('p', { text: v.note.action })));

    const bar: Child[] = [];
    if (v.can.start) bar.push(this.btn(v.phase === 'idle' ? l10n.t('Find Root Cause') : l10n.t('Start a New Run'), 'start', { primary: true, icon: 'sparkle', id: 'seer-start' }));
    if (v.can.stop) bar.push(this.btn(l10n.t('Stop'), 'stop', { icon: 'debug-stop', id: 'seer-stop' }));
    if (v.can.refresh) bar.push(this.btn(l10n.t('Refresh'), 'refresh', { icon: 'refresh' }));
    if (bar.length) out.push(h('div', { class: 'seer-bar' }, ...bar));

    if (v.phase === 'loading') out.push(h('p', { class: 'seer-muted', text: l10n.t('Reading Seer’s state for this issue…') }));
    if (v.phase === 'idle')
      out.push(h('p', { class: 'seer-muted', text: l10n.t('Seer has not looked at this issue yet. Find Root Cause asks it to; it reads the event, its trace and the connected repositories.') }));
    if (v.phase === 'starting' || v.phase === 'running' || v.can.stop) {
      out.push(
        h(
          'div',
          { class: 'seer-progress', id: 'seer-progress', attrs: { 'aria-live': 'polite' } },
          progressBar({ attrs: { indeterminate: true } }),
          ...(v.progress.length ? v.progress.map((p) => h('p', { text: p })) : [h('p', { text: l10n.t('Starting Seer…') })]),
        ),
      );
    }
    if (v.phase === 'stopped') out.push(h('p', { class: 'seer-muted', text: l10n.t('Stopped watching. Seer may go on on the server; Refresh shows where it is.') }));
    if (v.question)
      out.push(
        h(
          'div',
          { class: 'seer-question', role: 'note' },
          icon('question'),
          ' ',
          h('strong', { text: l10n.t('Seer needs more information:') }),
          h('p', { text: v.question }),
          h('p', { class: 'seer-muted', text: l10n.t('Answer it in Sentry’s web page of the issue, then Refresh.') }),
        ),
      );
    if (v.message) out.push(h('p', { class: v.phase === 'failed' ? 'seer-error' : 'seer-muted', role: v.phase === 'failed' ? 'alert' : undefined, text: v.message }));

    for (const [i, c] of v.causes.entries()) {
      out.push(
        h(
          'div',
          { class: 'seer-cause', id: i === 0 ? 'seer-root-cause' : undefined },
          h('h3', {}, icon('search'), ' ', l10n.t('Root cause')),
          h('p', { class: 'seer-cause-summary', text: c.summary }),
          c.whys.length ? h('ol', { class: 'seer-whys' }, ...c.whys.map((w) => h('li', { text: w }))) : null,
          c.reproduction.length
            ? h(
                'div',
                {},
                h('h4', { text: l10n.t('How it happens') }),
                h(
                  'ol',
                  { class: 'seer-steps' },
                  ...c.reproduction.map((s) =>
                    h(
                      'li',
                      {},
                      h('span', { text: s.title }),
                      s.file ? h('code', { class: 'seer-file', text: ` ${s.file.path}` }) : null,
                      s.detail ? h('pre', { class: 'seer-detail', text: s.detail }) : null,
                    ),
                  ),
                ),
              )
            : null,
        ),
      );
    }
    if (v.can.solution) out.push(h('div', { class: 'seer-bar' }, this.btn(l10n.t('Find a Solution'), 'solution', { primary: true, icon: 'lightbulb', id: 'seer-solution' })));
    if (v.solution) {
      out.push(
        h(
          'div',
          { class: 'seer-solution', id: 'seer-solution-text' },
          h('h3', {}, icon('lightbulb'), ' ', l10n.t('Solution')),
          h('p', { text: v.solution.summary }),
          v.solution.steps.length ? h('ol', {}, ...v.solution.steps.map((s) => h('li', {}, h('strong', { text: s.title }), s.detail ? h('p', { text: s.detail }) : null))) : null,
        ),
      );
    }
    if (v.can.codeChanges) out.push(h('div', { class: 'seer-bar' }, this.btn(l10n.t('Write Code Changes'), 'code_changes', { primary: true, icon: 'code', id: 'seer-code' })));
    if (v.changes.length) {
      out.push(
        h(
          'div',
          { class: 'seer-changes', id: 'seer-changes' },
          h('h3', {}, icon('diff'), ' ', l10n.t('Code changes')),
          h(
            'ul',
            {},
            ...v.changes.map((c, i) =>
              h(
                'li',
                { class: 'seer-change' },
                c.file ? this.btn(c.reviewed ? l10n.t('Open Diff Again') : l10n.t('Open Diff'), 'openDiff', { index: i, icon: 'diff', id: `seer-diff-${i}` }) : null,
                ' ',
                h('code', { text: c.path }),
                h('span', { class: 'seer-muted', text: ` ${c.repo} · +${c.added} −${c.removed}` }),
                c.reviewed ? h('span', { class: 'seer-muted', text: ` · ${l10n.t('reviewed')}` }) : null,
                c.file ? null : h('span', { class: 'seer-muted', text: ` · ${l10n.t('not found in this workspace')}` }),
              ),
            ),
          ),
          v.applyNote ? h('p', { class: 'seer-muted', text: v.applyNote }) : null,
          v.can.apply ? h('div', { class: 'seer-bar' }, this.btn(l10n.t('Apply to the Workspace'), 'apply', { primary: true, icon: 'check', id: 'seer-apply' })) : null,
        ),
      );
    }
    const prs = v.pullRequests.filter((p) => p.url);
    if (prs.length) {
      out.push(
        h(
          'div',
          { class: 'seer-prs' },
          h('h3', { text: l10n.t('Pull requests') }),
          ...v.pullRequests.map((p, i) =>
            p.url ? h('p', {}, this.btn(l10n.t('Open Pull Request'), 'openPr', { index: i, icon: 'git-pull-request' }), ' ', h('span', { text: `${p.repo}${p.number ? ` #${p.number}` : ''}` })) : null,
          ),
        ),
      );
    }
    return out;
  }

  /** The view drawn last (for the UI checks' assertions). */
  get current(): SeerView | undefined {
    return this.view;
  }
}
