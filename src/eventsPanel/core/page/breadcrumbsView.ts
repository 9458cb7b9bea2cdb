/**
 * The Breadcrumbs section of the Event tab: a table of what happened before the event, NEWEST
 * FIRST (Sentry's issue page lists them that way by default), the last 100 drawn and "Show N
 * earlier breadcrumbs" for the rest. Filters by level and category and a search box, all in the
 * page, apply to every crumb. Each row: the time relative to the event (absolute in the tooltip),
 * a type icon, category, level, message and data.
 */
import * as l10n from '@vscode/l10n';
import type { Breadcrumb } from '../../../model/event/types';
import { absoluteTime } from '../../../format/time';
import { h, icon, replace } from './dom';
import { checkbox, textfield } from './elements';
import { crumbCategories, crumbIcon, crumbLevels, crumbOffset, filterCrumbs, visibleCrumbs } from './eventViewModel';
import { section, valueNode, type RevealFn } from './pairsTable';

const SEARCH_DELAY_MS = 150;

export class BreadcrumbsView {
  readonly el: HTMLElement;
  private readonly levels: string[];
  private readonly shownLevels: Set<string>;
  private category = '';
  private search = '';
  private all = false;
  private readonly tbody = h('tbody');
  private readonly status = h('p', { class: 'muted small crumbs-status', tabIndex: -1, attrs: { 'aria-live': 'polite' } });
  private readonly earlier = h('button', { class: 'link show-earlier', attrs: { type: 'button' }, hidden: true });
  private searchTimer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly crumbs: readonly Breadcrumb[],
    private readonly eventTime: string | undefined,
    omitted: number,
    private readonly reveal: RevealFn,
  ) {
    this.levels = crumbLevels(crumbs);
    this.shownLevels = new Set(this.levels);
    this.earlier.addEventListener('click', () => {
      this.all = true;
      this.draw();
      // The button is gone: the focus goes to the count, which now says how many show.
      this.status.focus();
    });
    const controls = h('div', { class: 'crumb-filters', role: 'group', attrs: { 'aria-label': l10n.t('Filter breadcrumbs') } });
    if (this.levels.length > 1) {
      const group = h('div', { class: 'crumb-levels', role: 'group', attrs: { 'aria-label': l10n.t('Levels') } });
      for (const level of this.levels) {
        const n = crumbs.reduce((k, c) => k + (c.level === level ? 1 : 0), 0);
        const box = checkbox({ class: `level-check level-${level}`, attrs: { label: `${level} (${n})` }, props: { checked: true } });
        box.addEventListener('change', () => {
          if (box.checked) this.shownLevels.add(level);
          else this.shownLevels.delete(level);
          this.draw();
        });
        group.appendChild(box);
      }
      controls.appendChild(group);
    }
    const categories = crumbCategories(crumbs);
    if (categories.length > 1) {
      // A native select: vscode-single-select measures the page when it is created (a forced layout of the whole event).
      const select = h(
        'select',
        { class: 'native-select crumb-category-select', title: l10n.t('Only breadcrumbs of this category'), attrs: { 'aria-label': l10n.t('Category') } },
        h('option', { attrs: { value: '' }, text: l10n.t('All categories') }),
        ...categories.map((c) => h('option', { attrs: { value: c }, text: c })),
      );
      select.addEventListener('change', () => {
        this.category = select.value;
        this.draw();
      });
      controls.appendChild(select);
    }
    const search = textfield({ class: 'crumb-search', attrs: { placeholder: l10n.t('Search breadcrumbs'), 'aria-label': l10n.t('Search breadcrumbs') } });
    search.addEventListener('input', () => {
      clearTimeout(this.searchTimer);
      this.searchTimer = setTimeout(() => {
        this.search = search.value ?? '';
        this.draw();
      }, SEARCH_DELAY_MS);
    });
    controls.appendChild(search);

    const table = h(
      'table',
      { class: 'crumbs', attrs: { 'aria-label': l10n.t('Breadcrumbs, newest first') } },
      h('thead', null, h('tr', null, ...[l10n.t('Time'), l10n.t('Type'), l10n.t('Category'), l10n.t('Level'), l10n.t('Message')].map((t) => h('th', { attrs: { scope: 'col' }, text: t })))),
      this.tbody,
    );
    this.el = section(
      'breadcrumbs',
      l10n.t('Breadcrumbs ({0})', crumbs.length.toLocaleString('en')),
      controls,
      this.status,
      h('div', { class: 'crumbs-scroll' }, table),
      this.earlier,
      omitted ? h('p', { class: 'muted small', role: 'note', text: l10n.t('{0} older breadcrumbs were left out.', omitted.toLocaleString('en')) }) : null,
    );
    this.draw();
  }

  private draw(): void {
    const kept = filterCrumbs(this.crumbs, {
      levels: this.shownLevels.size === this.levels.length ? undefined : this.shownLevels,
      category: this.category || undefined,
      search: this.search,
    });
    const { rows, earlier } = visibleCrumbs(kept, this.all);
    const frag = document.createDocumentFragment();
    for (const i of rows) frag.appendChild(this.row(this.crumbs[i]));
    replace(this.tbody, frag);
    if (!kept.length) this.tbody.appendChild(h('tr', null, h('td', { class: 'muted', attrs: { colspan: 5 }, text: l10n.t('No breadcrumbs match.') })));
    const total = this.crumbs.length;
    const [shown, matching, all] = [rows.length, kept.length, total].map((n) => n.toLocaleString('en'));
    this.status.textContent =
      kept.length !== total ? l10n.t('Showing {0} of {1} matching ({2} in all), newest first.', shown, matching, all) : l10n.t('Showing {0} of {1}, newest first.', shown, matching);
    this.earlier.hidden = earlier === 0;
    this.earlier.textContent = earlier === 1 ? l10n.t('Show 1 earlier breadcrumb') : l10n.t('Show {0} earlier breadcrumbs', earlier.toLocaleString('en'));
  }

  private row(c: Breadcrumb): HTMLElement {
    const offset = crumbOffset(c.timestamp, this.eventTime);
    const data = c.data?.length
      ? h('div', { class: 'crumb-data' }, ...c.data.map((p) => h('span', { class: 'crumb-pair' }, h('span', { class: 'crumb-key', text: `${p.key}: ` }), valueNode(p.key, p.value, this.reveal))))
      : null;
    return h(
      'tr',
      { class: `crumb crumb-${c.level}` },
      h('td', { class: 'crumb-time', title: c.timestamp ? absoluteTime(c.timestamp) : l10n.t('No time recorded'), text: offset || (c.timestamp ? absoluteTime(c.timestamp) : '') }),
      h('td', { class: 'crumb-type' }, icon(crumbIcon(c.type, c.category)), h('span', { text: c.type })),
      h('td', { class: 'crumb-category', text: c.category ?? '' }),
      h('td', { class: 'crumb-level' }, h('span', { class: `level-text level-${c.level}`, text: c.level })),
      h('td', { class: 'crumb-message' }, c.message ? h('div', { class: 'pre', text: c.message }) : null, data),
    );
  }
}
