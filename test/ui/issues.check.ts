// The Issues tree as a person sees it: sign in from the palette by pasting a token,
// the tree with the sample project's issues, an issue's tooltip.
import { check } from './framework';
import { openSignedOutView, sandboxUrl, signInWithToken } from './session';

check(
  "the Issues tree lists the sample project's issues, with a tooltip per issue",
  async ({ page, vscode }) => {
    const sideBar = await openSignedOutView(vscode);
    await signInWithToken(page, vscode);
    // .sentryclirc in the sample workspace names acme/web-frontend: no project to choose.
    // The first row as a screen reader names it ("Issue WEB-FRONTEND-96: Error: …. Level: warning. …"),
    // once its label is drawn.
    const first = sideBar.getByRole('treeitem', { name: /^Issue WEB-FRONTEND-\w+: / }).first();
    await first.waitFor({ state: 'visible', timeout: 30_000 });
    await vscode.waitFor("the first row's description", async () => /^WEB-FRONTEND-\w+ · /.test((await first.locator('.label-description').textContent()) ?? ''), 10_000);
    // The title leads the row, as in Sentry's list: the short ID is in the description only.
    const label = (await first.locator('.label-name').textContent()) ?? '';
    if (!label || /^WEB-FRONTEND-/.test(label)) throw new Error(`the row's label is not the title: ${label}`);
    await vscode.waitForIdle();
    // The status bar counts the unresolved issues: X-Hits of the organization endpoint's default
    // window (90 days), "1,000+" when the server's cap is reached.
    const { authToken } = (await (await fetch(`${sandboxUrl()}/_sandbox/defaults`)).json()) as { authToken: string };
    const head = await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?project=web-frontend&limit=1`, { headers: { authorization: `Bearer ${authToken}` } });
    const hits = Number(head.headers.get('x-hits'));
    const capped = hits >= Number(head.headers.get('x-max-hits'));
    await vscode.waitForText(`${hits.toLocaleString('en')}${capped ? '+' : ''}`, { within: page.locator('.part.statusbar') });
    await vscode.waitForRowsSettled(first);
    await vscode.screenshot('issues-tree');

    // The whole row, not its label text: Playwright would scroll the clipped label sideways to
    // bring all of it into view, and the row would then look empty.
    const hover = page
      .locator('.monaco-hover, .workbench-hover')
      .filter({ hasText: 'First seen' })
      .filter({ hasText: /Last seen .* UTC/ });
    // The sign-in toast would cover the README's picture of the view.
    await vscode.runCommand('Notifications: Clear All Notifications');
    await vscode.hoverUntil(first, hover.first());
    await vscode.screenshot('issues-tooltip');
    // Up to the tooltip's right edge: the empty editor area beside it says nothing.
    const tip = await hover.first().boundingBox();
    await vscode.screenshot('readme-issues-tree', { readme: true, width: tip ? Math.ceil(tip.x + tip.width + 24) : undefined });

    await vscode.dismiss();
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
    await vscode.screenshot('issues-signed-out-welcome');
  },
  { timeoutMs: 120_000 },
);
