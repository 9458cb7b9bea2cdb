/**
 * The Event tab's smaller sections: the message, the HTTP request, the contexts (one card each),
 * the user, the SDK, the tags (chips that filter the Events tab), the additional data and the
 * entries this view does not know (their JSON folded). Each returns null when the event has
 * nothing for it, so a section with nothing is left out.
 */
import * as l10n from '@vscode/l10n';
import type { EventDetail } from '../../../model/event/types';
import { h, icon } from './dom';
import { contextTitle } from './eventViewModel';
import { hasTagFilter } from './searchQuery';
import { disclosure, labelledTable, pairsTable, section, valueNode, type RevealFn } from './pairsTable';

export function messageSection(d: EventDetail, reveal: RevealFn): HTMLElement | null {
  const m = d.messageEntry;
  const text = m?.formatted || (!(d.exceptions ?? []).length ? d.message : undefined);
  if (!text) return null;
  const params = m?.params?.length ? m.params.map((value, i) => ({ key: String(i), value })) : undefined;
  return section('message', l10n.t('Message'), h('pre', { class: 'message-text pre', text }), params ? labelledTable(l10n.t('Parameters'), params, reveal) : null);
}

export function requestSection(d: EventDetail, reveal: RevealFn): HTMLElement | null {
  const r = d.request;
  if (!r) return null;
  const line =
    r.method || r.url
      ? h('p', { class: 'request-line' }, r.method ? h('span', { class: 'request-method', text: r.method }) : null, r.url ? h('span', { class: 'request-url', text: r.url }) : null)
      : null;
  let body: HTMLElement | null = null;
  if (r.body && 'pairs' in r.body) body = labelledTable(l10n.t('Body'), r.body.pairs, reveal);
  else if (r.body && 'text' in r.body)
    body = h('div', { class: 'pairs-block' }, h('h4', { class: 'sub-heading', text: l10n.t('Body') }), h('div', { class: 'request-body pre' }, valueNode('body', r.body.text, reveal)));
  const parts = [
    line,
    r.fragment ? h('p', { class: 'muted small', text: l10n.t('Fragment: {0}', r.fragment) }) : null,
    labelledTable(l10n.t('Query'), r.query, reveal),
    labelledTable(l10n.t('Headers'), r.headers, reveal),
    labelledTable(l10n.t('Cookies'), r.cookies, reveal),
    body,
    labelledTable(l10n.t('Environment'), r.env, reveal),
  ].filter((p): p is HTMLElement => !!p);
  return parts.length ? section('request', l10n.t('HTTP Request'), ...parts) : null;
}

export function contextsSection(d: EventDetail, reveal: RevealFn): HTMLElement | null {
  const cards = (d.contexts ?? [])
    .filter((c) => c.pairs?.length)
    .map((c) => {
      const title = contextTitle(c.key);
      return h(
        'div',
        { class: 'context-card' },
        h('h4', { class: 'sub-heading', text: title }, c.type && c.type !== c.key && c.type !== 'default' ? h('span', { class: 'muted', text: ` (${c.type})` }) : null),
        pairsTable(c.pairs, reveal, l10n.t('{0} context', title)),
      );
    });
  return cards.length ? section('contexts', l10n.t('Contexts'), h('div', { class: 'context-grid' }, ...cards)) : null;
}

export function userSection(d: EventDetail, reveal: RevealFn): HTMLElement | null {
  const t = pairsTable(d.user, reveal, l10n.t('User'));
  return t ? section('user', l10n.t('User'), t) : null;
}

export function sdkSection(d: EventDetail): HTMLElement | null {
  const s = d.sdk;
  if (!s?.name && !s?.version) return null;
  return section('sdk', l10n.t('SDK'), h('p', { class: 'sdk-line' }, icon('package'), ` ${s.name ?? l10n.t('unknown SDK')}`, s.version ? h('span', { class: 'muted', text: ` ${s.version}` }) : null));
}

export function tagsSection(d: EventDetail, query: string, tagFilter: (key: string, value: string) => void): HTMLElement | null {
  const tags = d.tags ?? [];
  if (!tags.length) return null;
  return section(
    'tags',
    l10n.t('Tags ({0})', tags.length),
    h(
      'div',
      { class: 'chips wrap' },
      ...tags.map((t) => {
        const active = hasTagFilter(query, t.key, t.value);
        return h(
          'button',
          {
            class: `chip${active ? ' active' : ''}`,
            title: l10n.t('Show only events with {0}:{1}', t.key, t.value),
            attrs: { type: 'button', 'aria-pressed': active ? 'true' : 'false' },
            on: { click: () => tagFilter(t.key, t.value) },
          },
          h('span', { class: 'chip-key', text: t.key }),
          h('span', { class: 'chip-value', text: t.value }),
        );
      }),
    ),
  );
}

export function extraSection(d: EventDetail, reveal: RevealFn): HTMLElement | null {
  const t = pairsTable(d.extra, reveal, l10n.t('Additional data'));
  return t ? section('extra', l10n.t('Additional Data'), t) : null;
}

export function otherEntriesSection(d: EventDetail): HTMLElement | null {
  const others = d.otherEntries ?? [];
  if (!others.length) return null;
  return section(
    'other',
    l10n.t('Other Entries'),
    ...others.map((o) =>
      disclosure({ class: 'other-entry', label: [h('code', { text: o.type })], title: l10n.t('The {0} entry as JSON', o.type), render: () => h('pre', { class: 'json pre', text: o.json }) }),
    ),
  );
}
