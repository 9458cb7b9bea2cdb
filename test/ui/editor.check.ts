// Errors where the code is, as a person sees them: a source file of the sample workspace
// with gutter icons and inline issue text, and the hover of a decorated line with its triage links.
// Its marks come from the file's own issue search (one per open file), which the sandbox's request log shows.
import { check } from './framework';
import { openSignedOutView, requestsSettled, sandboxUrl, signInWithToken } from './session';

check(
  'an editor shows issues on their lines, with a hover naming the issue',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    await vscode.waitForText(/^WEB-FRONTEND-\w+ /, { within: sideBar, timeout: 30_000 });

    // A seeded line of checkout.ts whose issue is on the first page the view lists.
    const { authToken } = (await (await fetch(`${sandboxUrl()}/_sandbox/defaults`)).json()) as { authToken: string };
    const listed = (await (await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=100`, { headers: { authorization: `Bearer ${authToken}` } })).json()) as {
      id: string;
    }[];
    const ids = new Set(listed.map((i) => i.id));
    const locations = (await (await fetch(`${sandboxUrl()}/_sandbox/seed/locations`)).json()) as { issueId: string; file: string; line: number | null; shortId: string }[];
    const target = locations.find((l) => l.file === 'src/app/checkout.ts' && l.line !== null && ids.has(l.issueId));
    if (!target) throw new Error('no listed issue points at a line of src/app/checkout.ts');

    await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST' });
    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill('src/app/checkout.ts');
    await page.locator('.quick-input-list .monaco-list-row', { hasText: 'checkout.ts' }).first().click();
    const editor = page.locator('.editor-instance .monaco-editor').first();
    await editor.waitFor({ state: 'visible' });
    // Gutter icons are images in the glyph margin; wait for at least one.
    await vscode.waitFor(
      'gutter icons in the editor',
      async () =>
        (await editor.locator('.cgmr, .glyph-margin-widgets .codicon, .margin-view-overlays [class*="ced-"]').count()) > 0 ||
        (await editor.locator('.view-overlays, .view-lines').locator('[class*="ced-"]').count()) > 0,
      30_000,
    );
    // Marks are drawn as they are located: the hover waits for the last of them.
    await requestsSettled(vscode);
    // The marks came from one search for this file, sent when it was opened.
    const log = (await (await fetch(`${sandboxUrl()}/_sandbox/requests?path=${encodeURIComponent('^/api/0/organizations/acme/issues/$')}`)).json()) as { query: [string, string][] }[];
    const searches = log.map((r) => new URLSearchParams(r.query).get('query') ?? '').filter((q) => q.includes('stack.filename'));
    if (!searches.includes('is:unresolved stack.filename:"*app/checkout.ts"')) throw new Error(`no search for checkout.ts in the request log: ${JSON.stringify(searches)}`);

    await page.keyboard.press('Control+P');
    await page.locator('.quick-input-widget .quick-input-box input').fill(`:${target.line}`);
    await page.keyboard.press('Enter');
    await vscode.waitForIdle();

    const lineNumber = editor.locator('.margin-view-overlays .line-numbers', { hasText: new RegExp(`^${target.line}$`) }).first();
    // Right after the jump the line may still be on its way into view (seen once in a full run).
    await lineNumber.waitFor({ state: 'visible', timeout: 15_000 });
    const box = await lineNumber.boundingBox();
    if (!box) throw new Error(`line ${target.line} is not visible`);
    const content = await editor.locator('.view-lines').boundingBox();
    await page.mouse.move((content?.x ?? box.x + 80) + 40, box.y + box.height / 2);
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Show Events' }).first();
    await hover.waitFor({ state: 'visible', timeout: 15_000 });
    await vscode.waitForText('Open in Browser', { within: hover });
    // The hover's triage links render as links (trusted one command at a time), not as text.
    for (const label of ['Resolve', 'Archive', 'Assign to Me']) {
      const link = hover.locator('a', { hasText: new RegExp(`^${label}$`) }).first();
      await link.waitFor({ state: 'visible', timeout: 5_000 });
    }
    await vscode.screenshot('editor-decorations-hover');

    await vscode.dismiss();
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  },
  { timeoutMs: 120_000 },
);
