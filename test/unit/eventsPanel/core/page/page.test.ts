// The whole events page (src/eventsPanel/core/page/main.ts) in a fake DOM with a fake host
// (./pageHarness): its landmarks, tabs, accessible names of icon-only controls, text equivalents of
// the level and the tag charts, the polite live region, and its strings taken from the l10n bundle
// the host writes into the HTML (src/eventsPanel/pageHtml.ts).
import assert from 'node:assert/strict';
import { encodeDetail } from '../../../../../src/model/event/types';
import { encodeEvents, PROTOCOL_VERSION } from '../../../../../src/eventsPanel/core/protocol/messages';
import { bundleJson } from '../../../../../src/eventsPanel/pageHtml';
import { parseBundle } from '../../../../../src/eventsPanel/core/page/l10nBoot';
import { FakeElement } from './fakeDom';
import { DETAIL, EVENTS, TAG, loaded, openPage, pageCode, panel, shown, type Page } from './pageHarness';

before(async function () {
  this.timeout(60_000);
  await pageCode();
});

const buttons = (p: Page) => p.doc.all().filter((e) => e.tagName === 'button' || e.tagName === 'vscode-button' || e.getAttribute('role') === 'button');

/** Every button that shows no text of its own has an accessible name and a tooltip. */
function assertIconButtonsNamed(p: Page, where: string): number {
  let iconOnly = 0;
  for (const b of buttons(p)) {
    if (b.textContent.trim()) continue;
    iconOnly++;
    const what = `${where}: <${b.tagName} class="${b.className}" id="${b.id}">`;
    assert.ok(b.getAttribute('aria-label')?.trim(), `${what} has no aria-label`);
    assert.ok(b.title.trim(), `${what} has no title`);
  }
  return iconOnly;
}

/** The element an id reference names. */
function ref(p: Page, el: FakeElement, attr: string): FakeElement {
  const id = el.getAttribute(attr);
  assert.ok(id, `${el.id || el.className} has ${attr}`);
  const target = p.byId(id);
  assert.ok(target, `${attr}="${id}" names an element`);
  return target;
}

describe('events page: accessibility', () => {
  it('landmarks: the issue header is the banner, the filters a search, the tabs a tablist over tab panels in <main>', async () => {
    const p = await openPage();
    try {
      await loaded(p);
      const header = p.app.querySelector('header.issue-header');
      assert.ok(header, 'a <header> for the issue');
      assert.ok(!header.closest('main') && !header.closest('section') && !header.closest('article'), 'top level: the banner landmark');
      assert.equal(p.app.querySelector('form.filters')?.getAttribute('role'), 'search');
      assert.ok(p.app.querySelector('form.filters')?.getAttribute('aria-label'));
      const main = p.app.querySelector('main');
      assert.ok(main, 'a <main>');
      const tablist = p.app.querySelector('[role="tablist"]')!;
      assert.ok(tablist?.getAttribute('aria-label'), 'a named tablist');
      const tabs = tablist.querySelectorAll('[role="tab"]');
      assert.deepEqual(
        tabs.map((t) => t.id),
        ['tab-events', 'tab-tags', 'tab-event', 'tab-trace', 'tab-logs', 'tab-replays', 'tab-feedback', 'tab-seer'],
      );
      assert.deepEqual(
        tabs.map((t) => t.getAttribute('aria-selected')),
        ['true', 'false', 'false', 'false', 'false', 'false', 'false', 'false'],
      );
      assert.deepEqual(
        tabs.map((t) => t.tabIndex),
        [0, -1, -1, -1, -1, -1, -1, -1],
        'one tab stop: the selected tab',
      );
      for (const t of tabs) {
        const tabpanel = ref(p, t, 'aria-controls');
        assert.equal(tabpanel.getAttribute('role'), 'tabpanel');
        assert.equal(ref(p, tabpanel, 'aria-labelledby'), t, 'the panel is named by its tab');
        assert.ok(main.contains(tabpanel), 'the tab panels are the main content');
      }
      const list = p.byId('event-list')!;
      assert.equal(list.getAttribute('role'), 'region');
      assert.ok(list.getAttribute('aria-label'), 'the event list is a named region');
      assert.equal(p.byId('tags-scroll')?.getAttribute('role'), 'region');
      assert.ok(p.byId('tags-scroll')?.getAttribute('aria-label'), 'the tags are a named region');

      // Selecting a tab moves aria-selected and the tab stop.
      (tabs[1] as FakeElement).click();
      await p.settle();
      assert.deepEqual(
        tabs.map((t) => t.getAttribute('aria-selected')),
        ['false', 'true', 'false', 'false', 'false', 'false', 'false', 'false'],
      );
      assert.deepEqual(
        tabs.map((t) => t.tabIndex),
        [-1, 0, -1, -1, -1, -1, -1, -1],
      );
      assert.equal(p.byId('tags-panel')!.hidden, false);
      assert.equal(p.byId('events-panel')!.hidden, true);
    } finally {
      await p.close();
    }
  });

  it('every button without visible text has an aria-label and a title, on each tab', async () => {
    const p = await openPage();
    try {
      await loaded(p);
      let iconOnly = assertIconButtonsNamed(p, 'events tab');
      // An open row: its copy buttons.
      p.app.querySelector('.event-row .expander')!.click();
      await p.settle();
      assert.ok(p.app.querySelector('.event-row.open'), 'a row opened');
      iconOnly += assertIconButtonsNamed(p, 'open row');
      p.byId('tab-tags')!.click();
      await p.settle();
      p.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
      await p.settle();
      assert.equal(p.app.querySelectorAll('.tag-card .bars').length, 3, 'the tag charts are drawn');
      iconOnly += assertIconButtonsNamed(p, 'tags tab');
      p.byId('tab-event')!.click();
      await p.settle();
      p.answer('event', () => ({ detailJson: encodeDetail(DETAIL) }));
      await p.settle();
      assert.ok(p.app.querySelector('.ev-summary'), 'the event is drawn');
      assert.ok(p.app.querySelector('.ev-breadcrumbs'), 'with its breadcrumbs');
      iconOnly += assertIconButtonsNamed(p, 'event tab');
      // Refresh, search, clear, bookmark, copy event ID (row and summary), open event, frame toggle, reveal.
      assert.ok(iconOnly >= 8, `icon-only buttons checked: ${iconOnly}`);
      for (const cls of ['frame-toggle', 'reveal']) {
        const b = p.app.querySelector(`button.${cls}`);
        assert.ok(b, `a ${cls} button`);
        assert.ok(b.getAttribute('aria-label'), `${cls} is named`);
      }
      // The breadcrumbs are a region named by their heading.
      const crumbs = p.app.querySelector('section.ev-breadcrumbs')!;
      assert.equal(crumbs.getAttribute('role'), 'region');
      assert.match(ref(p, crumbs, 'aria-labelledby').textContent, /^Breadcrumbs \(2\)$/);
      // The codicons say nothing to a screen reader.
      for (const i of p.app.querySelectorAll('.codicon')) assert.equal(i.getAttribute('aria-hidden'), 'true');
    } finally {
      await p.close();
    }
  });

  it("a click on a frame names its event's platform and SDK, which decide the path a code mapping applies to", async () => {
    const p = await openPage();
    try {
      await loaded(p);
      p.byId('tab-event')!.click();
      await p.settle();
      p.answer('event', () => ({ detailJson: encodeDetail(DETAIL) }));
      await p.settle();
      p.app.querySelector('.ev-frame button.frame-head')!.click();
      await p.settle();
      const open = p.posted.find((m) => m.type === 'openLocation') as unknown as { location: string; frame: Record<string, unknown> };
      assert.ok(open, 'the frame was asked to open');
      assert.deepEqual(
        { filename: open.frame.filename, eventPlatform: open.frame.eventPlatform, sdkName: open.frame.sdkName },
        { filename: 'src/app.ts', eventPlatform: 'javascript', sdkName: 'sentry.javascript.browser' },
      );
      // Its context menu (Copy Path, Copy Path:Line, package.json webview/context) names the same frame.
      const context = JSON.parse([...p.app.querySelectorAll('.ev-frame')].map((e) => e.getAttribute('data-vscode-context')).find(Boolean)!) as {
        webviewSection: string;
        preventDefaultContextMenuItems: boolean;
        sentryFrame: Record<string, unknown>;
      };
      assert.equal(context.webviewSection, 'sentryFrame');
      assert.equal(context.preventDefaultContextMenuItems, true);
      assert.deepEqual(
        { filename: context.sentryFrame.filename, lineNo: context.sentryFrame.lineNo, eventPlatform: context.sentryFrame.eventPlatform },
        { filename: 'src/app.ts', lineNo: open.frame.lineNo, eventPlatform: 'javascript' },
      );
    } finally {
      await p.close();
    }
  });

  it('text equivalents: the level says what it is; a tag chart is a named list of values with counts and shares', async () => {
    const p = await openPage();
    try {
      await loaded(p);
      const level = p.app.querySelector('.issue-header .level')!;
      assert.equal(level.textContent, 'error');
      assert.equal(level.getAttribute('role'), 'img');
      assert.equal(level.getAttribute('aria-label'), 'Level: error');
      assert.equal(level.title, 'Level: error');
      p.byId('tab-tags')!.click();
      await p.settle();
      // The cards ask for their values as they come into view.
      p.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
      await p.settle();
      const card = p.app.querySelector('.tag-card[data-key="browser"]')!;
      assert.ok(card.getAttribute('aria-label'));
      const chart = card.querySelector('ul.bars')!;
      assert.equal(chart.getAttribute('aria-label'), 'Top values of Browser');
      const bars = chart.querySelectorAll('li.bar');
      assert.deepEqual(
        bars.map((b) => b.querySelector('.bar-count')!.textContent),
        ['7 · 70%', '3 · 30%'],
        'each bar says its count and share',
      );
      assert.match(bars[0].title, /^Chrome 120: 7 of 10 \(70%\)\nfirst seen .+\nlast seen .+$/);
      for (const b of bars) assert.equal(b.querySelector('.bar-track')!.getAttribute('aria-hidden'), 'true', 'the drawn bar is for the eye only');
    } finally {
      await p.close();
    }
  });

  it('loading and errors are said in one polite live region outside #app (not alerts, not held back by aria-busy)', async () => {
    const p = await openPage();
    try {
      const live = p.byId('live-status')!;
      assert.ok(live, 'a live region');
      assert.equal(live.getAttribute('aria-live'), 'polite');
      assert.equal(live.getAttribute('role'), 'status');
      assert.ok(!p.app.contains(live), 'outside #app');
      assert.equal(live.style.position, 'absolute', 'visually hidden');
      p.send({ type: 'init', version: PROTOCOL_VERSION, state: panel() });
      await p.settle();
      assert.equal(live.textContent, 'Loading events…');
      assert.equal(p.app.getAttribute('aria-busy'), 'true');
      p.fail('events', 'Sentry did not answer.');
      await p.settle();
      assert.equal(live.textContent, 'Sentry did not answer.');
      const box = p.app.querySelector('.events-panel .inline-error')!;
      assert.ok(shown(box) && box.textContent.includes('Sentry did not answer.'), 'the error shows in the tab');
      assert.equal(box.getAttribute('role'), null, 'not an alert besides');
      assert.equal(p.app.querySelectorAll('[role="alert"]').length, 0, 'no alerts');
      p.app.querySelector('.events-panel .inline-error vscode-button[data-action="retry"]')!.click();
      await p.settle();
      assert.equal(live.textContent, 'Loading events…');
      p.answer('events', () => ({ eventsJson: encodeEvents(EVENTS), count: EVENTS.length, hits: 3 }));
      await p.settle();
      assert.equal(live.textContent, '3 of 3 events loaded');
      assert.equal(p.app.getAttribute('aria-busy'), 'false');
      p.byId('tab-event')!.click();
      await p.settle();
      assert.equal(live.textContent, 'Loading the event…');
      p.fail('event', 'The event is gone.');
      await p.settle();
      assert.equal(live.textContent, 'The event is gone.');
    } finally {
      await p.close();
    }
  });
});

describe('events page: localization', () => {
  const BUNDLE = {
    'Load more': 'Mehr laden',
    Tags: 'Schlagwörter',
    Refresh: 'Aktualisieren',
    'Level: {0}': 'Stufe: {0}',
    '{0} of {1} events loaded': '{0} von {1} Ereignissen geladen',
    'Show only events with {0}:{1}': 'Nur Ereignisse mit {0}:{1}',
    // Markup in a message stays text, and cannot end the data block it travels in.
    'Loading events…': '</script><b>Lädt…</b>',
  };

  it('the host writes the bundle so that the page reads it back as it was', () => {
    const json = bundleJson(BUNDLE);
    assert.doesNotMatch(json, /</);
    assert.deepEqual(parseBundle(json), BUNDLE);
    assert.equal(parseBundle(''), undefined, 'English: no bundle');
    assert.equal(parseBundle('not json'), undefined);
    assert.equal(parseBundle('["a"]'), undefined);
    assert.deepEqual(parseBundle('{"a":"b","c":1,"d":{"message":"e","comment":["f"]}}'), { a: 'b', d: { message: 'e', comment: ['f'] } });
  });

  it('with a bundle, the page shows its translations (server data as it came); without one, English', async () => {
    const de = await openPage({ bundle: BUNDLE });
    try {
      de.send({ type: 'init', version: PROTOCOL_VERSION, state: panel() });
      await de.settle();
      assert.equal(de.byId('live-status')!.textContent, '</script><b>Lädt…</b>', 'translated, as text');
      assert.equal(de.app.querySelectorAll('b').length, 0);
      de.answer('events', () => ({ eventsJson: encodeEvents(EVENTS), count: EVENTS.length, hits: 3 }));
      de.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
      await de.settle();
      assert.equal(de.byId('load-more')!.textContent, 'Mehr laden');
      assert.equal(de.byId('tab-tags')!.textContent, ' Schlagwörter');
      assert.equal(de.app.querySelector('.events-panel .count')!.textContent, '3 von 3 Ereignissen geladen');
      const refresh = de.app.querySelector('.status-line button.icon-button')!;
      assert.equal(refresh.getAttribute('aria-label'), 'Aktualisieren');
      assert.equal(refresh.title, 'Aktualisieren');
      assert.equal(de.app.querySelector('.issue-header .level')!.getAttribute('aria-label'), 'Stufe: error');
      const chip = de.app.querySelector('.event-row .chip')!;
      assert.equal(chip.title, 'Nur Ereignisse mit browser:Chrome 120');
      assert.equal(chip.textContent, 'browserChrome 120', 'server data is never translated');
      assert.equal(de.app.querySelector('.issue-title')!.textContent, 'TypeError: boom');
      assert.equal(de.byId('open-in-browser')!.textContent, 'Open in Browser', 'what the bundle lacks stays English');
    } finally {
      await de.close();
    }
    const en = await openPage();
    try {
      await loaded(en);
      assert.equal(en.byId('load-more')!.textContent, 'Load more');
      assert.equal(en.byId('tab-tags')!.textContent, ' Tags');
      assert.equal(en.app.querySelector('.events-panel .count')!.textContent, '3 of 3 events loaded');
      assert.equal(en.app.querySelector('.issue-header .level')!.getAttribute('aria-label'), 'Level: error');
    } finally {
      await en.close();
    }
  });
});
