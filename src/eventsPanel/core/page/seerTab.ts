/**
 * The Seer tab: the issue summary, Find Root Cause (a run starts only on that click), the run's
 * progress as it comes with Stop, the causes with their reproduction steps, and on request the
 * solution and the code changes, each with the workspace file it writes beside Seer's own path (or
 * why none), what needs a confirmation and what was cut, opening in VS Code's diff editor, then
 * Apply. Where Seer is not there it says which case and what to do, and offers no button that cannot
 * act. The host sends one whole view (../protocol/seer.ts); every server string is drawn as text,
 * its invisible and bidirectional-control characters shown as VS Code's editor shows them.
 */
import * as l10n from '@vscode/l10n';
import { codePointName, invisiblePieces } from '../../../format/invisibles';
import type { SeerActionName, SeerChangeView, SeerView } from '../protocol/seer';
import { h, icon, replace, type Child } from './dom';
import { button, progressBar } from './elements';

/** Server text as nodes: each invisible character a marked `[U+202E]`, so nothing hides or reorders the text around it. */
function vis(text: string): Child[] {
  return invisiblePieces(text).map((p) => (typeof p === 'string' ? p : h('span', { class: 'seer-invisible', title: codePointName(p.codePoint), text: p.shown })));
}

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
          h('h3', {}, ...vis(v.summary.headline)),
          v.summary.whatsWrong ? h('p', {}, ...vis(v.summary.whatsWrong)) : null,
          v.summary.possibleCause ? h('p', { class: 'seer-muted' }, h('strong', { text: l10n.t('Possible cause: ') }), ...vis(v.summary.possibleCause)) : null,
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
          v.unavailable.detail ? h('p', { class: 'seer-muted' }, ...vis(l10n.t('Sentry said: {0}', v.unavailable.detail))) : null,
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
          ...(v.progress.length ? v.progress.map((p) => h('p', {}, ...vis(p))) : [h('p', { text: l10n.t('Starting Seer…') })]),
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
          h('p', {}, ...vis(v.question)),
          h('p', { class: 'seer-muted', text: l10n.t('Answer it in Sentry’s web page of the issue, then Refresh.') }),
        ),
      );
    if (v.message) out.push(h('p', { class: v.phase === 'failed' ? 'seer-error' : 'seer-muted', role: v.phase === 'failed' ? 'alert' : undefined, id: 'seer-message' }, ...vis(v.message)));

    for (const [i, c] of v.causes.entries()) {
      out.push(
        h(
          'div',
          { class: 'seer-cause', id: i === 0 ? 'seer-root-cause' : undefined },
          h('h3', {}, icon('search'), ' ', l10n.t('Root cause')),
          h('p', { class: 'seer-cause-summary' }, ...vis(c.summary)),
          c.whys.length ? h('ol', { class: 'seer-whys' }, ...c.whys.map((w) => h('li', {}, ...vis(w)))) : null,
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
                      h('span', {}, ...vis(s.title)),
                      s.file ? h('code', { class: 'seer-file' }, ' ', ...vis(s.file.path)) : null,
                      s.detail ? h('pre', { class: 'seer-detail' }, ...vis(s.detail)) : null,
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
          h('p', {}, ...vis(v.solution.summary)),
          v.solution.steps.length ? h('ol', {}, ...v.solution.steps.map((s) => h('li', {}, h('strong', {}, ...vis(s.title)), s.detail ? h('p', {}, ...vis(s.detail)) : null))) : null,
        ),
      );
    }
    if (v.can.codeChanges) out.push(h('div', { class: 'seer-bar' }, this.btn(l10n.t('Write Code Changes'), 'code_changes', { primary: true, icon: 'code', id: 'seer-code' })));
    if (v.changes.length || v.cut) {
      out.push(
        h(
          'div',
          { class: 'seer-changes', id: 'seer-changes' },
          h('h3', {}, icon('diff'), ' ', l10n.t('Code changes')),
          v.cut ? this.cutNote(v.cut, 'seer-cut') : null,
          h('ul', {}, ...v.changes.map((c, i) => this.change(c, i))),
          v.applyNote ? h('p', { class: 'seer-muted', id: 'seer-apply-note' }, v.applyNote) : null,
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
            p.url
              ? h('p', {}, this.btn(l10n.t('Open Pull Request'), 'openPr', { index: i, icon: 'git-pull-request' }), ' ', h('span', {}, ...vis(`${p.repo}${p.number ? ` #${p.number}` : ''}`)))
              : null,
          ),
        ),
      );
    }
    return out;
  }

  /** What was cut, with Sentry's page of the issue, which shows Seer's change whole. */
  private cutNote(text: string, id: string): HTMLElement {
    return h(
      'p',
      { class: 'seer-change-note seer-change-cut', id },
      icon('warning'),
      ' ',
      text,
      ' ',
      this.btn(l10n.t('Open in Sentry'), 'openIssuePage', { icon: 'link-external', id: `${id}-sentry` }),
    );
  }

  /**
   * One change: Seer's path and repository, the workspace file it writes (its folder's name in a
   * multi-root workspace) or why none, what asks for a confirmation, invisible characters, what was cut.
   */
  private change(c: SeerChangeView, i: number): HTMLElement {
    const where = c.folder ? `${c.folder}/${c.file}` : c.file;
    const canOpen = c.file !== undefined && c.cut === undefined;
    return h(
      'li',
      { class: 'seer-change', id: `seer-change-${i}` },
      h(
        'div',
        { class: 'seer-change-head' },
        canOpen ? this.btn(c.reviewed ? l10n.t('Open Diff Again') : l10n.t('Open Diff'), 'openDiff', { index: i, icon: 'diff', id: `seer-diff-${i}` }) : null,
        h('code', { class: 'seer-change-path', title: l10n.t("Seer's path in {0}", c.repo) }, ...vis(c.path)),
        h('span', { class: 'seer-muted' }, ' ', ...vis(c.repo), ` · +${c.added} −${c.removed}`),
        c.reviewed ? h('span', { class: 'seer-muted', text: ` · ${l10n.t('reviewed')}` }) : null,
      ),
      where !== undefined
        ? h('p', { class: 'seer-change-note seer-change-target' }, icon('arrow-right'), ' ', l10n.t('Writes'), ' ', h('code', {}, ...vis(where)))
        : c.missing !== undefined
          ? h('p', { class: 'seer-change-note seer-change-missing' }, icon('circle-slash'), ' ', l10n.t('not found in this workspace'), `: ${c.missing}`)
          : h('p', { class: 'seer-change-note seer-muted', text: l10n.t('Finding its workspace file…') }),
      c.sensitive ? h('p', { class: 'seer-change-note seer-change-sensitive' }, icon('shield'), ' ', l10n.t('Asks before it is written: {0}', c.sensitive.join('; '))) : null,
      c.invisible ? h('p', { class: 'seer-change-note seer-change-invisible' }, icon('eye'), ' ', l10n.t('Holds invisible or bidirectional-control characters: {0}', c.invisible)) : null,
      c.cut ? this.cutNote(c.cut, `seer-cut-${i}`) : null,
    );
  }

  /** The view drawn last (for the UI checks' assertions). */
  get current(): SeerView | undefined {
    return this.view;
  }
}
