/**
 * The filters bar: period (a preset or a custom range), environments, query, full and sample.
 * Reads the filters from the view state and hands every change to `setFilters`; `sync` puts a
 * state into the controls (after init, or a change made elsewhere such as a tag chip).
 */
import * as l10n from '@vscode/l10n';
import { PERIOD_PRESETS, isPeriodPreset, type EventFilters } from '../protocol/filters';
import { announce, h, icon, replace } from './dom';
import { button, checkbox, environmentsSelect, option, singleSelect, textfield } from './elements';
import type { ViewState } from './pageState';
import { periodPresetLabel, rangeFromInputs, toLocalInput } from './presentation';

export interface FiltersBarCallbacks {
  state(): ViewState;
  setFilters(filters: EventFilters): void;
}

const DAY_MS = 86_400_000;

export class FiltersBar {
  readonly el: HTMLFormElement;
  private readonly period = singleSelect({ id: 'period', attrs: { 'aria-label': l10n.t('Period') } });
  private readonly start = textfield({ id: 'range-start', attrs: { type: 'datetime-local', 'aria-label': l10n.t('Start of the period') } });
  private readonly end = textfield({ id: 'range-end', attrs: { type: 'datetime-local', 'aria-label': l10n.t('End of the period') } });
  /** Shown by the inputs and read out by the page's polite live region. */
  private readonly rangeError = h('span', { class: 'range-error' });
  private readonly envs = environmentsSelect({ id: 'environments', attrs: { 'aria-label': l10n.t('Environments') } });
  private readonly query = textfield({ id: 'query', attrs: { placeholder: l10n.t('Search events, e.g. release:1.2.0 browser:Chrome'), 'aria-label': l10n.t('Search query') } });
  private readonly full = checkbox({ id: 'full', attrs: { label: l10n.t('Full events (stack traces)') } });
  private readonly sample = checkbox({ id: 'sample', attrs: { label: l10n.t('Sample: pseudo-random but deterministic order') } });
  private readonly envLabel = h('label', { text: l10n.t('Environments'), attrs: { for: 'environments' } });
  private readonly rangeBox: HTMLElement;
  /** The environment options last drawn (redrawn only when they change). */
  private envOptionsKey = '';

  constructor(private readonly cb: FiltersBarCallbacks) {
    for (const p of PERIOD_PRESETS) this.period.appendChild(option(p, periodPresetLabel(p)));
    this.period.appendChild(option('custom', l10n.t('Custom range…')));
    this.rangeBox = h(
      'div',
      { class: 'range', hidden: true },
      h('label', { text: l10n.t('From'), attrs: { for: 'range-start' } }),
      this.start,
      h('label', { text: l10n.t('to'), attrs: { for: 'range-end' } }),
      this.end,
      button({ id: 'range-apply', attrs: { secondary: true }, text: l10n.t('Apply'), on: { click: () => this.applyRange() } }),
      this.rangeError,
    );
    const searchButton = h(
      'button',
      { class: 'icon-button', title: l10n.t('Search'), attrs: { type: 'button', 'aria-label': l10n.t('Search') }, on: { click: () => this.applyQuery() } },
      icon('search'),
    );
    const clearButton = h(
      'button',
      {
        class: 'icon-button',
        title: l10n.t('Clear the search'),
        attrs: { type: 'button', 'aria-label': l10n.t('Clear the search') },
        on: { click: () => ((this.query.value = ''), this.applyQuery()) },
      },
      icon('clear-all'),
    );
    this.el = h(
      'form',
      { class: 'filters', role: 'search', attrs: { 'aria-label': l10n.t('Event filters') }, on: { submit: (e: Event) => e.preventDefault() } },
      h(
        'div',
        { class: 'filter-row' },
        h('div', { class: 'field' }, h('label', { text: l10n.t('Period'), attrs: { for: 'period' } }), this.period),
        h('div', { class: 'field' }, this.envLabel, this.envs),
        h('div', { class: 'field grow' }, h('label', { text: l10n.t('Query'), attrs: { for: 'query' } }), h('div', { class: 'query-box' }, this.query, searchButton, clearButton)),
      ),
      this.rangeBox,
      h('div', { class: 'filter-row toggles' }, this.full, this.sample),
    );
    this.listen();
  }

  private get filters(): EventFilters {
    return this.cb.state().filters;
  }

  private listen(): void {
    this.period.addEventListener('change', () => {
      const v = this.period.value;
      if (isPeriodPreset(v)) {
        this.rangeBox.hidden = true;
        this.cb.setFilters({ ...this.filters, period: { kind: 'preset', statsPeriod: v } });
        return;
      }
      this.rangeBox.hidden = false;
      if (this.filters.period.kind !== 'range') {
        const tz = new Date().getTimezoneOffset();
        const now = Date.now();
        if (!this.end.value) this.end.value = toLocalInput(new Date(now).toISOString(), tz);
        if (!this.start.value) this.start.value = toLocalInput(new Date(now - 7 * DAY_MS).toISOString(), tz);
      }
      this.start.focus();
    });
    for (const c of [this.start, this.end]) {
      c.addEventListener('keydown', (e) => {
        if (e.key === 'Enter') this.applyRange();
      });
    }
    this.envs.addEventListener('change', () => this.cb.setFilters({ ...this.filters, environments: [...this.envs.value] }));
    this.query.addEventListener('keydown', (e) => {
      if (e.key === 'Enter') {
        e.preventDefault();
        this.applyQuery();
      } else if (e.key === 'Escape' && this.query.value) {
        this.query.value = this.filters.query;
      }
    });
    this.query.addEventListener('change', () => this.applyQuery());
    this.full.addEventListener('change', () => this.cb.setFilters({ ...this.filters, full: !!this.full.checked }));
    this.sample.addEventListener('change', () => this.cb.setFilters({ ...this.filters, sample: !!this.sample.checked }));
  }

  private applyRange(): void {
    const r = rangeFromInputs(this.start.value, this.end.value, new Date().getTimezoneOffset());
    if (typeof r === 'string') {
      this.rangeError.textContent = r;
      announce(r);
      return;
    }
    this.rangeError.textContent = '';
    this.cb.setFilters({ ...this.filters, period: r });
  }

  private applyQuery(): void {
    const q = this.query.value ?? '';
    if (q !== this.filters.query) this.cb.setFilters({ ...this.filters, query: q });
  }

  focusQuery(): void {
    this.query.focus();
  }

  /** Puts the filter state into the controls (after init or a tag-chip click). */
  sync(): void {
    const f = this.filters;
    if (f.period.kind === 'preset') {
      this.period.value = f.period.statsPeriod;
      this.rangeBox.hidden = true;
    } else {
      this.period.value = 'custom';
      this.rangeBox.hidden = false;
      const tz = new Date().getTimezoneOffset();
      this.start.value = toLocalInput(f.period.start, tz);
      this.end.value = toLocalInput(f.period.end, tz);
    }
    if (this.query.value !== f.query) this.query.value = f.query;
    this.full.checked = f.full;
    this.sample.checked = f.sample;
    this.syncEnvironments();
  }

  /** The environments picker: the environments (and any chosen one) as options, the chosen ones selected. */
  syncEnvironments(): void {
    const s = this.cb.state();
    const chosen = s.filters.environments;
    const values = [...new Set([...(s.environments ?? []), ...chosen])];
    const key = values.join('\n');
    if (key !== this.envOptionsKey) {
      this.envOptionsKey = key;
      replace(this.envs, ...values.map((v) => option(v, v)));
    }
    const cur = [...(this.envs.value ?? [])].sort().join('\n');
    if (cur !== [...chosen].sort().join('\n')) {
      // Options are slotted asynchronously: set the value once they are in.
      queueMicrotask(() => (this.envs.value = [...chosen]));
    }
    this.envs.toggleAttribute('disabled', values.length === 0);
    this.envs.title = values.length ? l10n.t('Only events from these environments (none chosen: all)') : l10n.t('No environments seen for this issue');
  }
}
