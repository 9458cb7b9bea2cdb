/**
 * Key/value tables of the Event tab, masked values with their Reveal toggle, and the lazy
 * disclosure the tab uses for whatever is heavy (variables, unknown entries, other threads).
 *
 * A masked value shows its `shown` text; its Reveal toggle asks the host for the secret (the
 * `reveal` request) and puts the answer in the DOM next to it; pressing it again removes that node.
 * The value is never logged, never kept in the view state, the saved state or the page's cache.
 */
import * as l10n from '@vscode/l10n';
import { isMasked, type DetailPair, type DetailValue, type MaskedValue } from '../../../model/event/types';
import { announce, h, icon, replace, type Child } from './dom';
import { readableJson } from './eventViewModel';

/** Asks the host for masked value `secret` of the event drawn (the event id is bound by the caller). */
export type RevealFn = (secret: number, done: (result: { value: string } | { error: string }) => void) => void;

let nextId = 0;
/** An id unique in the page, for aria-controls / aria-labelledby. */
export function uid(prefix: string): string {
  return `${prefix}-${++nextId}`;
}

/**
 * A value as the tables draw it: text (JSON-looking text in the code font, indented with `pretty`),
 * or a masked value with its toggle.
 */
export function valueNode(key: string, v: DetailValue, reveal: RevealFn, pretty = false): HTMLElement {
  if (isMasked(v)) return maskedValue(key, v, reveal);
  const json = v.startsWith('{') || v.startsWith('[');
  return h('span', { class: json ? 'value code' : 'value', text: json && pretty ? readableJson(v) : v });
}

function maskedValue(key: string, v: MaskedValue, reveal: RevealFn): HTMLElement {
  const shown = h('span', { class: 'masked-shown', text: v.shown });
  const label = l10n.t('Reveal value of {0}', key);
  const toggle = h('button', { class: 'icon-button reveal', title: label, attrs: { type: 'button', 'aria-label': label, 'aria-pressed': 'false' } }, icon('eye'));
  const box = h('span', { class: 'value masked' }, shown, toggle);
  // A click while the host is still answering, or after hiding, makes the late answer stale.
  let turn = 0;
  let revealed: HTMLElement | undefined;
  const hide = () => {
    revealed?.remove();
    revealed = undefined;
    shown.hidden = false;
    toggle.setAttribute('aria-pressed', 'false');
    toggle.title = label;
    replace(toggle, icon('eye'));
  };
  toggle.addEventListener('click', () => {
    const mine = ++turn;
    if (toggle.getAttribute('aria-pressed') === 'true') {
      hide();
      return;
    }
    toggle.setAttribute('aria-pressed', 'true');
    toggle.title = l10n.t('Hide value of {0}', key);
    replace(toggle, icon('eye-closed'));
    reveal(v.secret, (r) => {
      if (mine !== turn) return;
      revealed?.remove();
      if ('value' in r) {
        revealed = h('span', { class: 'revealed', text: r.value });
        shown.hidden = true;
      } else {
        const text = l10n.t('Could not reveal: {0}', r.error);
        revealed = h('span', { class: 'reveal-error', text });
        announce(text);
      }
      box.insertBefore(revealed, toggle);
    });
  });
  return box;
}

/** A two-column table of pairs (`label`: its accessible name); null when there are none. */
export function pairsTable(pairs: readonly DetailPair[] | undefined, reveal: RevealFn, label: string): HTMLTableElement | null {
  if (!pairs?.length) return null;
  const body = h('tbody');
  for (const p of pairs) body.appendChild(h('tr', null, h('th', { attrs: { scope: 'row' }, text: p.key }), h('td', null, valueNode(p.key, p.value, reveal, true))));
  return h('table', { class: 'pairs', attrs: { 'aria-label': label } }, body);
}

/** A sub-heading and its table, or nothing when the table is empty. */
export function labelledTable(title: string, pairs: readonly DetailPair[] | undefined, reveal: RevealFn): HTMLElement | null {
  const table = pairsTable(pairs, reveal, title);
  return table ? h('div', { class: 'pairs-block' }, h('h4', { class: 'sub-heading', text: title }), table) : null;
}

export interface DisclosureOptions {
  /** The button's content (text and icons). */
  label: Child[];
  /** Drawn the first time the disclosure opens (and kept while it is closed). */
  render: () => Node;
  open?: boolean;
  class?: string;
  title?: string;
}

/** `fn` the first time it is called, nothing after. */
export function once(fn: () => void): () => void {
  let done = false;
  return () => {
    if (done) return;
    done = true;
    fn();
  };
}

/** Makes `button` open and close `region` (its aria-expanded and chevron follow), calling `draw` before each opening. */
export function togglesRegion(button: HTMLElement, chevron: HTMLElement, region: HTMLElement, draw: () => void): void {
  button.addEventListener('click', () => {
    const open = button.getAttribute('aria-expanded') !== 'true';
    if (open) draw();
    region.hidden = !open;
    button.setAttribute('aria-expanded', String(open));
    chevron.className = `codicon codicon-${open ? 'chevron-down' : 'chevron-right'}`;
  });
}

/** A button with aria-expanded that shows and hides a region it draws only when first opened. */
export function disclosure(o: DisclosureOptions): HTMLElement {
  const id = uid('disc');
  const chevron = icon(o.open ? 'chevron-down' : 'chevron-right');
  const region = h('div', { class: 'disclosure-body', id, hidden: !o.open });
  const button = h('button', { class: 'disclosure-toggle link', title: o.title, attrs: { type: 'button', 'aria-expanded': o.open ? 'true' : 'false', 'aria-controls': id } }, chevron, ...o.label);
  const draw = once(() => region.appendChild(o.render()));
  if (o.open) draw();
  togglesRegion(button, chevron, region, draw);
  return h('div', { class: `disclosure${o.class ? ` ${o.class}` : ''}` }, button, region);
}

/** A section of the Event tab: a region landmark named by its h3. */
export function section(key: string, title: string, ...children: Child[]): HTMLElement {
  const headingId = `ev-h-${key}`;
  return h('section', { class: `ev-section ev-${key}`, role: 'region', attrs: { 'aria-labelledby': headingId } }, h('h3', { id: headingId, text: title }), ...children);
}
