// Debug This Event as a person uses it: the events panel of WEB-FRONTEND-1 (its latest event: a
// chain of three exceptions, frames with variables, breadcrumbs), the header's Debug This Event, and
// VS Code's Run and Debug view with CALL STACK and VARIABLES filled, the exception widget at the
// crash line of the workspace file and the breadcrumbs in the Debug Console; screenshots in the dark
// and the light theme.
import * as assert from 'node:assert/strict';
import { check } from './framework';
import { SANDBOX_SECRET } from '../sandbox';
import { closeEditors, debugThisEvent, hidePanel, openEvents, setTheme, shot, signIn, STACK_FRAME_ROWS, until } from './eventsPanelPage';

const SHORT_ID = 'WEB-FRONTEND-1';
const SECRET_MARK = SANDBOX_SECRET.split('_')[1];

check(
  'debug this event: CALL STACK, VARIABLES and the exception widget in the Run and Debug view (dark and light themes)',
  async ({ page, vscode }) => {
    await signIn(page, vscode);
    await hidePanel(page, vscode);
    await setTheme(page, vscode, 'Dark Modern');
    const f = await openEvents(page, vscode, SHORT_ID);
    await until(f, "!!document.querySelector('#event-panel:not([hidden]) .ev-title')");
    await debugThisEvent(page, f);

    // VS Code opens Run and Debug on the stop: the stack's frames, the frame's variables, the widget.
    const callStack = page.locator('.debug-call-stack .monaco-list-row');
    await callStack.first().waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitFor('frames in CALL STACK', async () => (await callStack.count()) > 2);
    const variables = page.locator('.debug-variables .monaco-list-row');
    await vscode.waitFor('Locals and Event in VARIABLES', async () => (await variables.count()) >= 2);
    const scopeNames = await variables.allInnerTexts();
    assert.ok(
      scopeNames.some((t) => t.includes('Locals')),
      scopeNames.join(' | '),
    );
    // The widget shows at the stop, with no click (the session focuses the stop frame again once
    // VS Code has the stack: src/debugEvent/debugSessions.ts focusStop).
    const widget = page.locator('.exception-widget');
    await widget.waitFor({ state: 'visible', timeout: 20_000 });
    const said = await widget.innerText();
    assert.match(said, /Exception has occurred|Error/, said);
    // Locals are expanded by VS Code: their rows are the frame's recorded variables.
    await vscode.waitFor("the frame's variables", async () => (await variables.count()) > 3);
    const stackText = (await callStack.allInnerTexts()).join('\n');
    assert.match(stackText, /PAUSED ON EXCEPTION|Paused on exception|checkout|cart/i, stackText);
    const everything = `${stackText}\n${(await variables.allInnerTexts()).join('\n')}\n${said}`;
    assert.ok(!everything.includes(SECRET_MARK), 'secrets stay masked');
    // VS Code's inline values: the stopped function's recorded variables at the end of its lines,
    // from its first line (`order.items`, above the lines Sentry kept, so the function is known
    // from the document's symbols, which TypeScript may give only after the first ask:
    // src/debugEvent/inlineValuesProvider.ts), which Go to Line brings into view.
    const inline = page.locator('.monaco-editor .debug-inline-value');
    await page.keyboard.press('F1');
    await page.locator('.quick-input-widget input[type="text"], .quick-input-widget input.input').first().fill(':40');
    await page.keyboard.press('Enter');
    await vscode.waitFor('inline values in the editor', async () => (await inline.count()) > 0, 45_000);
    const values = await inline.allInnerTexts();
    console.log(`      inline values drawn: ${values.join(' | ')}`);
    assert.ok(
      values.some((v) => /\bitems\s=\s/.test(v)),
      values.join(' | '),
    );
    await shot(vscode, 'debug-event-dark');

    // The breadcrumbs in the Debug Console.
    // VS Code opens the Debug Console with the first session.
    const repl = page.locator('.repl .monaco-list-row');
    await vscode.waitFor('breadcrumbs in the Debug Console', async () => (await repl.count()) > 1);
    assert.match((await repl.allInnerTexts()).join('\n'), /\[(debug|info|warning|error|fatal)\] /, 'breadcrumb lines with their levels');
    await shot(vscode, 'debug-event-console-dark');
    await hidePanel(page, vscode);

    await setTheme(page, vscode, 'Light Modern');
    // The palette's Escape closes the widget; a person opens it again by choosing another frame and the stop frame.
    if (!(await widget.isVisible())) {
      const frames = page.locator(STACK_FRAME_ROWS);
      await frames.filter({ hasNotText: 'submitOrder' }).first().click();
      await frames.filter({ hasText: 'submitOrder' }).first().click();
    }
    await widget.waitFor({ state: 'visible', timeout: 20_000 });
    await shot(vscode, 'debug-event-light');

    await vscode.runCommand('Debug: Stop');
    await setTheme(page, vscode, 'Dark Modern');
    await closeEditors(vscode);
  },
  { timeoutMs: 180_000 },
);
