// Debug This Event in the browser's web worker extension host (issue 46: the adapter is served
// in-process, DebugAdapterInlineImplementation, so that it runs there too), on the virtual
// workspace of test/webfs: signed in with an internal integration's token (a personal one is
// refused from a browser page, see web.check.ts), the events panel of WEB-FRONTEND-1, its header's
// Debug This Event, and the stopped session in Run and Debug: CALL STACK with the event's frames,
// the stop frame's workspace file (a sentrytest-memfs: file, found by the frame resolver) open at
// the crash line, VARIABLES with the frame's recorded variables; and again after the side bar went
// back to the Sentry view. Screenshots: web-debug-event, web-debug-event-again. Named to run after
// web.check.ts in the web window (checks run in file order): that one starts from the fresh window.
import * as assert from 'node:assert/strict';
import { check } from './framework';
import { SANDBOX_SECRET } from '../sandbox';
import { debugThisEvent, eventsFrame, hidePanel, openEvents, STACK_FRAME_ROWS, until } from './eventsPanelPage';
import { apiRequests, openSignedOutView, sandboxUrl, signInWithToken } from './session';

const SHORT_ID = 'WEB-FRONTEND-1';
const SECRET_MARK = SANDBOX_SECRET.split('_')[1];

check(
  'web worker host: debug this event, CALL STACK and VARIABLES of the stopped session',
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    const pageOrigin = new URL(page.url()).origin;
    const res = await fetch(`${sandboxUrl()}/_sandbox/tokens`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ kind: 'integration', org: 'acme', scopes: ['org:read', 'project:read', 'event:read'], allowedOrigins: [pageOrigin] }),
    });
    const { token } = (await res.json()) as { token: string };
    await signInWithToken(page, vscode, token);
    await vscode.waitForText(/Signed in to Sentry .* as /, { within: vscode.notifications, timeout: 30_000 });
    await vscode.runCommand('Notifications: Clear All Notifications');

    // Its events panel, from Show Events and the short ID (the latest event on screen).
    await sideBar.getByRole('treeitem').first().waitFor({ state: 'visible', timeout: 30_000 });
    const f = await openEvents(page, vscode, SHORT_ID);
    await until(f, "!!document.querySelector('#event-panel:not([hidden]) .ev-title')");
    await hidePanel(page, vscode);

    // The event the panel holds: the session makes no request of Sentry's.
    await fetch(`${sandboxUrl()}/_sandbox/requests/clear`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await debugThisEvent(page, f);

    // The stopped session: CALL STACK with the event's frames, the stop frame at its file of the virtual workspace.
    const callStack = page.locator('.debug-call-stack .monaco-list-row');
    await callStack.first().waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitFor('frames in CALL STACK', async () => (await page.locator(STACK_FRAME_ROWS).count()) > 2);
    const stackText = (await callStack.allInnerTexts()).join('\n');
    // The stop's reason, in the pane's header (one thread: no thread row).
    const header = await page.locator('.pane-header', { hasText: 'Call Stack' }).first().innerText();
    assert.match(header, /Stopped at the recorded exception/, header);
    assert.match(stackText, /submitOrder/, stackText);
    assert.match(stackText, /checkout\.ts/, stackText);
    // The stop frame's file opened in the editor: the workspace's own (a sentrytest-memfs: file),
    // not the read-only source of the kept lines a frame outside the workspace gets.
    const tab = page.locator('.tabs-container .tab.active');
    await vscode.waitFor('checkout.ts open at the stop', async () => /checkout\.ts/.test(await tab.innerText()));
    const tabTitle = (await tab.getAttribute('title')) ?? (await tab.getAttribute('aria-label')) ?? '';
    assert.ok(!/Sentry event \(read-only\)/.test(tabTitle), tabTitle);
    const current = page.locator('.editor-instance .monaco-editor .debug-top-stack-frame-line, .editor-instance .monaco-editor .debug-focused-stack-frame-line');
    await vscode.waitFor('the stop line marked in the editor', async () => (await current.count()) > 0);

    // VARIABLES: Locals, expanded by VS Code, with the frame's recorded variables, and the Event scope.
    const variables = page.locator('.debug-variables .monaco-list-row');
    await vscode.waitFor('Locals and Event in VARIABLES', async () => (await variables.count()) >= 2);
    await vscode.waitFor("the frame's variables", async () => (await variables.count()) > 3);
    const varText = (await variables.allInnerTexts()).join('\n');
    assert.match(varText, /Locals/, varText);
    assert.match(varText, /Event/, varText);
    // A variable row: the frame's recorded `orderId` (the sandbox's JavaScript frames record one), `name = value`.
    const rows = (await variables.allInnerTexts()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(
      rows.some((t) => /^orderId = \d+$/.test(t)),
      rows.join(' | '),
    );
    assert.ok(!`${stackText}\n${varText}`.includes(SECRET_MARK), 'secrets stay masked');
    // The event read alone: the file opened at the stop brings its marks' own searches (organizations/acme/events/).
    const asked = (await apiRequests()).filter((r) => /\/issues\/\d+\/events\/[^/]+\/$/.test(r.path)).map((r) => r.path);
    assert.deepEqual(asked, [], 'the event the panel holds: no request');
    console.log(`      web worker host: CALL STACK\n        ${stackText.split('\n').slice(0, 8).join('\n        ')}`);
    console.log(`      VARIABLES\n        ${varText.split('\n').slice(0, 8).join('\n        ')}`);
    await vscode.screenshot('web-debug-event');

    // The session's own figures, from the extension's log (the web worker host's clock).
    await hidePanel(page, vscode);
    await vscode.runCommand('Sentry Explorer: Show Log');
    const figures = /\[debug\] event [0-9a-f]{32}: read.{0,200}/;
    await vscode.waitFor('the session figures in the log', async () => figures.test(await vscode.outputText()), 20_000);
    console.log(`      ${figures.exec(await vscode.outputText())?.[0]}`);
    await hidePanel(page, vscode);
    await vscode.runCommand('Debug: Stop');
    await vscode.waitFor('the session ended', async () => !(await page.locator(STACK_FRAME_ROWS).count()));

    // Again, as a person comes back later: the side bar on the Sentry view, the panel's tab chosen,
    // Debug This Event. Run and Debug shows the stack again (VS Code itself opens it only at a
    // session's first start and at a breakpoint's stop, and this one stops at an exception).
    await vscode.openView('Sentry');
    await page.locator('.tabs-container .tab', { hasText: SHORT_ID }).first().click();
    const again = await eventsFrame(page, SHORT_ID, 30_000);
    await until(again, "!!document.querySelector('#event-panel:not([hidden]) .ev-title')");
    await debugThisEvent(page, again, 'again, from the Sentry view: ');
    await vscode.waitFor("the frame's variables again", async () => (await variables.count()) > 3);
    await vscode.screenshot('web-debug-event-again');

    await vscode.runCommand('Debug: Stop');
    await vscode.runCommand('View: Close All Editors');
    await openSignedOutView(vscode);
  },
  { timeoutMs: 180_000, workspace: 'web' },
);
