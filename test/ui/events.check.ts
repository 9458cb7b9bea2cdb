// Person-like checks of the events panel in Chromium: open it from the palette, look at it in the
// dark and light themes, click a tag chip, use it by keyboard, click a stack frame, and check that
// the XSS issue renders as text and runs nothing. Filters survive hiding and a window reload.
import * as assert from 'node:assert/strict';
import { check } from './framework';
import { XSS_TITLE, seed } from '../sandbox';
import { closeEditors, eventsFrame, hidePanel, openEvents, setTheme, shot, signIn, until, waitLoaded } from './eventsPanelPage';

const XSS_SHORT_ID = 'WEB-FRONTEND-2';

check('events panel: the XSS issue renders its markup as text and runs nothing (dark theme)', async ({ page, vscode }) => {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  await signIn(page, vscode);
  await setTheme(page, vscode, 'Dark Modern');
  await closeEditors(vscode);
  await hidePanel(page, vscode);
  const f = await openEvents(page, vscode, XSS_SHORT_ID);
  await waitLoaded(f);
  assert.equal(await f.locator('.issue-title').textContent(), XSS_TITLE);
  assert.equal(await f.locator('img').count(), 0, 'no <img> element was created from server text');
  const titles = await f.locator('.event-row .event-title').allTextContents();
  assert.ok(titles.length > 0);
  assert.ok(
    titles.some((t) => t.includes('<img') || t.includes('<')),
    `row titles show the markup as text: ${titles.slice(0, 3).join(' | ')}`,
  );
  assert.equal(await f.evaluate("document.querySelectorAll('[onerror],[onload],[onclick],[onmouseover]').length"), 0, 'no inline handler attribute exists');
  assert.equal(await f.evaluate("[...document.scripts].filter((s) => /alert/.test(s.textContent ?? '')).length"), 0, 'no script carries server text');
  await page.waitForTimeout(500);
  assert.deepEqual(dialogs, [], 'no alert() ran');
  await f.locator('.event-row .expander').first().click();
  await f.locator('.event-row.open .details').waitFor();
  await shot(vscode, 'events-panel-xss-dark');
});

check('events panel: the header shows the status, the assignee and the triage buttons, reachable by keyboard (dark theme)', async ({ page, vscode }) => {
  await signIn(page, vscode);
  const f = await eventsFrame(page, XSS_SHORT_ID, 2000).catch(() => openEvents(page, vscode, XSS_SHORT_ID));
  await waitLoaded(f);
  await until(f, "!!document.querySelector('#issue-status') && !!document.querySelector('#triage vscode-button')");
  const status = ((await f.locator('#issue-status').textContent()) ?? '').trim();
  assert.ok(['Unresolved', 'Resolved', 'Archived'].includes(status), `a status badge: ${status}`);
  assert.match(((await f.locator('#issue-assignee').textContent()) ?? '').trim(), /^(Assigned to .+|Unassigned)$/);
  const group = f.locator('#triage');
  assert.equal(await group.getAttribute('role'), 'group');
  assert.equal(await group.getAttribute('aria-label'), 'Triage');
  const buttons = await group.locator('vscode-button').evaluateAll((els) =>
    els.map((e) => ({
      id: e.id,
      text: (e.textContent ?? '').trim(),
      label: e.getAttribute('aria-label'),
      pressed: e.getAttribute('aria-pressed'),
      icon: e.getAttribute('icon'),
      tabIndex: (e as HTMLElement).tabIndex,
    })),
  );
  const texts = buttons.map((b) => b.text);
  const want: Record<string, string[]> = {
    Unresolved: ['Resolve', 'Resolve In…', 'Archive…', 'Assign…', ''],
    Resolved: ['Archive…', 'Unresolve', 'Assign…', ''],
    Archived: ['Resolve', 'Resolve In…', 'Unarchive', 'Assign…', ''],
  };
  assert.deepEqual(texts, want[status], `the buttons of an ${status} issue`);
  for (const b of buttons) {
    assert.ok(b.label, `${b.id} has an aria-label`);
    assert.ok(b.icon, `${b.id} has a codicon`);
    assert.equal(b.tabIndex, 0, `${b.id} is in the tab order`);
  }
  const bookmark = buttons.at(-1)!;
  assert.equal(bookmark.id, 'triage-bookmark');
  assert.equal(bookmark.label, 'Bookmark');
  assert.ok(bookmark.pressed === 'true' || bookmark.pressed === 'false', 'the toggle says its state');
  assert.equal(bookmark.icon, bookmark.pressed === 'true' ? 'star-full' : 'star-empty');
  // Keyboard: from Open in Browser, Tab reaches the triage buttons one after the other.
  await f.locator('#open-in-browser').focus();
  const reached: string[] = [];
  for (let i = 0; i < buttons.length; i++) {
    await page.keyboard.press('Tab');
    reached.push(String(await f.evaluate('document.activeElement?.id ?? ""')));
  }
  assert.deepEqual(
    reached,
    buttons.map((b) => b.id),
  );
  await shot(vscode, 'events-panel-header-triage-dark');
});

check('events panel: a tag chip click filters the list; keyboard moves between events', async ({ page, vscode }) => {
  await signIn(page, vscode);
  const f = await eventsFrame(page, XSS_SHORT_ID, 2000).catch(() => openEvents(page, vscode, XSS_SHORT_ID));
  await waitLoaded(f);
  const chip = f.locator('.event-row:not(.open) .chip').first();
  const key = (await chip.locator('.chip-key').textContent())!;
  const value = (await chip.locator('.chip-value').textContent())!;
  await chip.click();
  const term = `${key}:${/[\s"()]/.test(value) ? JSON.stringify(value) : value}`;
  await until(f, `document.getElementById('query')?.value === ${JSON.stringify(term)}`);
  await waitLoaded(f);
  const rows = f.locator('.event-row');
  const n = await rows.count();
  assert.ok(n > 0);
  for (let i = 0; i < n; i++) {
    const active = rows.nth(i).locator('.chip.active');
    if (await rows.nth(i).locator('.chip').count()) assert.equal(await active.count(), 1, `row ${i} carries ${term}`);
  }
  // Keyboard alone: focus the first event, open it with Enter, move down with the arrow key.
  const first = f.locator('.event-row .expander').first();
  await first.focus();
  await page.keyboard.press('Enter');
  await f.locator('.event-row.open').first().waitFor();
  assert.equal(await f.locator('.event-row.open .expander').first().getAttribute('aria-expanded'), 'true');
  await page.keyboard.press('ArrowDown');
  const focusedIndex = await f.evaluate("document.activeElement?.closest('.event-row')?.dataset.index ?? null");
  assert.equal(focusedIndex, '1');
  await shot(vscode, 'events-panel-tag-filter-dark');
});

check('events panel: the Tags tab charts the top values of each key, lazily, for the chosen environments', async ({ page, vscode }) => {
  await signIn(page, vscode);
  const f = await eventsFrame(page, XSS_SHORT_ID, 2000).catch(() => openEvents(page, vscode, XSS_SHORT_ID));
  await waitLoaded(f);
  await f.locator('#tab-tags').click();
  await f.locator('.tag-card').first().waitFor();
  const keys = await f.locator('.tag-card').evaluateAll((cards) => cards.map((c) => (c as HTMLElement).dataset.key));
  assert.deepEqual(keys.slice(0, 3), ['browser', 'device', 'environment'], `well-known keys first: ${keys.join(', ')}`);
  await until(f, "document.querySelectorAll('.tag-card .bar').length > 0 && document.querySelectorAll('.tag-card .bar-count').length > 0");
  const first = (await f.locator('.tag-card').first().locator('.bar-count').first().textContent()) ?? '';
  assert.match(first, /^\S+ · (\d+(\.\d)?%|<1%)$/, 'count and share of totalValues');
  assert.match((await f.locator('.tag-card').first().locator('.tag-head').textContent()) ?? '', /unique · .* total/);
  await shot(vscode, 'events-panel-tags-dark');
  await f.locator('#tab-events').click();
});

check('events panel: "Show all values" of a tag follows the cursor page by page and charts every value', async ({ page, vscode }) => {
  await signIn(page, vscode);
  await closeEditors(vscode);
  await hidePanel(page, vscode);
  const f = await openEvents(page, vscode, 'WEB-FRONTEND-4');
  await waitLoaded(f);
  await f.locator('#tab-tags').click();
  const card = f.locator('.tag-card[data-key="user"]');
  // A card loads when it comes into view; cards above it grow as their values arrive and can push it
  // out again before it counted as seen, as a person's scroll would, keep it in view until it loaded.
  await until(f, `(() => { const c = document.querySelector('.tag-card[data-key="user"]'); c?.scrollIntoView({ block: 'nearest' }); return !!c?.querySelector('.show-all'); })()`);
  // The first page: 9 values (as on real servers) and the offer to fetch the rest.
  const button = card.locator('.show-all');
  await button.waitFor({ state: 'visible' });
  const label = (await button.textContent()) ?? '';
  const m = /^Show all ([\d,]+) values$/.exec(label.trim());
  assert.ok(m, `the button says how many values there are: ${label}`);
  const unique = Number(m[1].replace(/,/g, ''));
  assert.ok(unique > 9, `${unique} users`);
  assert.equal(await card.locator('.bar').count(), 9, 'nothing more is fetched before the click');
  await button.click();
  await until(f, `document.querySelectorAll('.tag-card[data-key="user"] .bar').length === ${unique}`);
  assert.equal(await card.locator('.show-all, .stop-all, vscode-progress-ring').count(), 0, 'the walk ended: no button, no progress');
  assert.equal(await card.locator('.show-all-note').count(), 0, 'not capped');
  const values = await card.locator('.bar-value').allTextContents();
  assert.equal(new Set(values).size, unique, 'every value once');
  await card.locator('.bars').evaluate((el) => el.scrollTo(0, el.scrollHeight / 2));
  await shot(vscode, 'events-panel-tags-show-all-dark');
  await f.locator('#tab-events').click();
});

check('events panel: a custom start–end range replaces the preset period', async ({ page, vscode }) => {
  await signIn(page, vscode);
  const f = await eventsFrame(page, XSS_SHORT_ID, 2000).catch(() => openEvents(page, vscode, XSS_SHORT_ID));
  await waitLoaded(f);
  await f.locator('#period').click();
  await f.locator('#period').getByRole('option', { name: 'Custom range…' }).click();
  await f.locator('.range').waitFor({ state: 'visible' });
  await f.locator('#range-start input').fill('2020-01-01T00:00');
  await f.locator('#range-end input').fill('2035-01-01T00:00');
  await f.locator('#range-apply').click();
  await until(f, "document.querySelector('.count')?.textContent?.includes('loaded') && !document.querySelector('.events-panel.stale')");
  assert.equal(await f.locator('.range-error').textContent(), '');
  // An inverted range is refused in the page, with a message, and nothing is requested.
  await f.locator('#range-start input').fill('2036-01-01T00:00');
  await f.locator('#range-apply').click();
  assert.match((await f.locator('.range-error').textContent()) ?? '', /start must be before the end/);
  await shot(vscode, 'events-panel-custom-range-dark');
  // Back to a preset for the next checks.
  await f.locator('#period').click();
  await f.locator('#period').getByRole('option', { name: 'Last 90 days' }).click();
  await waitLoaded(f);
});

check('events panel: filters survive hiding, showing and a window reload', async ({ page, vscode }) => {
  const step = (m: string) => process.env.EVENTS_UI_DEBUG && process.stdout.write(`      · ${m}\n`);
  await signIn(page, vscode);
  step('signed in');
  let f = await eventsFrame(page, XSS_SHORT_ID, 2000).catch(() => openEvents(page, vscode, XSS_SHORT_ID));
  step('frame');
  await waitLoaded(f);
  const query = f.locator('#query input');
  await query.click();
  await query.fill('level:fatal');
  await query.press('Enter');
  step('query typed');
  await waitLoaded(f);
  step('loaded');
  // Hide it behind another editor, then show it again.
  await vscode.runCommand('File: New Untitled Text File');
  await page.locator('.tabs-container .tab.active', { hasText: 'Untitled' }).waitFor({ state: 'visible' });
  step('untitled');
  await page
    .locator('.tabs-container .tab', { hasText: `${XSS_SHORT_ID} · Events` })
    .first()
    .click();
  step('tab clicked');
  f = await eventsFrame(page, XSS_SHORT_ID);
  step('frame again');
  await until(f, "document.getElementById('query')?.value === 'level:fatal'");
  // Reload the window: the serializer brings the panel back with its filters.
  await vscode.reloadWindow();
  step('reloaded');
  // The restored panel may be a background tab: bring it to the front like a person would.
  const tab = page.locator('.tabs-container .tab', { hasText: `${XSS_SHORT_ID} · Events` }).first();
  await tab.waitFor({ state: 'visible', timeout: 30_000 });
  await tab.click();
  step('restored tab clicked');
  f = await eventsFrame(page, XSS_SHORT_ID, 30_000);
  step('restored frame');
  await until(f, "document.getElementById('query')?.value === 'level:fatal'");
  await shot(vscode, 'events-panel-restored-after-reload');
  await closeEditors(vscode);
});

check(
  'events panel: a stack frame click opens the file at its line (light theme)',
  async ({ page, vscode }) => {
    const loc = seed.locations.find((l) => l.project === 'web-frontend' && l.line !== null && l.file.startsWith('src/app/') && l.location?.includes(':'));
    assert.ok(loc, 'the seed has an issue located in src/app/');
    await signIn(page, vscode);
    await setTheme(page, vscode, 'Light Modern');
    try {
      await closeEditors(vscode);
      await hidePanel(page, vscode);
      const f = await openEvents(page, vscode, loc.shortId);
      await waitLoaded(f);
      await f.locator('#full').click();
      await until(f, "document.getElementById('full')?.checked === true");
      await waitLoaded(f);
      await f.locator('.event-row .expander').first().click();
      const frame = f.locator('.event-row.open .frame.in-app .frame-head').first();
      await frame.waitFor();
      const where = (await frame.locator('.frame-where').textContent()) ?? '';
      const line = Number(/:(\d+)/.exec(where)?.[1]);
      await f
        .locator('.event-row.open .exception')
        .first()
        .evaluate((el) => el.scrollIntoView({ block: 'start' }));
      await page.waitForTimeout(200);
      await shot(vscode, 'events-panel-stack-light');
      await frame.click();
      const fileName = loc.file.split('/').pop()!;
      await page.locator('.tabs-container .tab', { hasText: fileName }).first().waitFor({ state: 'visible' });
      if (line) await vscode.waitForText(new RegExp(`Ln ${line},`), { within: page.locator('.part.statusbar') });
      await shot(vscode, 'events-panel-frame-opened-light');
    } finally {
      await setTheme(page, vscode, 'Dark Modern');
      await closeEditors(vscode);
    }
  },
  { timeoutMs: 120_000 },
);

check(
  'events panel: high contrast theme',
  async ({ page, vscode }) => {
    await signIn(page, vscode);
    await setTheme(page, vscode, 'Dark High Contrast');
    try {
      await closeEditors(vscode);
      await hidePanel(page, vscode);
      const f = await openEvents(page, vscode, XSS_SHORT_ID);
      await waitLoaded(f);
      await f.locator('.event-row .expander').first().click();
      await f.locator('.event-row.open .details').waitFor();
      assert.equal(await f.evaluate("document.body.classList.contains('vscode-high-contrast')"), true);
      await shot(vscode, 'events-panel-high-contrast');
    } finally {
      await setTheme(page, vscode, 'Dark Modern');
      await closeEditors(vscode);
    }
  },
  { timeoutMs: 90_000 },
);
