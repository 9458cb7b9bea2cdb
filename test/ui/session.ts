// Shared by the UI checks: the sandbox the harness started, and signing in like a person
// (palette → "Paste an auth token" → the token typed into the password box).
import type { Locator, Page } from 'playwright-core';
import type { Workbench } from './framework';

export function sandboxUrl(): string {
  const url = process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL;
  if (!url) throw new Error('SENTRY_EXPLORER_TEST_SANDBOX_URL is not set: the harness starts the sandbox');
  return url;
}

/** The sandbox's fixed credentials: `authToken` reads only; `writeToken` also has event:write and member:read. */
export async function sandboxDefaults(): Promise<{ authToken: string; writeToken: string }> {
  const res = await fetch(`${sandboxUrl()}/_sandbox/defaults`);
  if (!res.ok) throw new Error(`GET /_sandbox/defaults answered ${res.status}`);
  return (await res.json()) as { authToken: string; writeToken: string };
}

/**
 * Starts from the signed-out Sentry view whatever an earlier check left behind (checks share one
 * window): signs out when signed in, then waits for the sign-in welcome.
 */
export async function openSignedOutView(vscode: Workbench): Promise<Locator> {
  const sideBar = await vscode.openView('Sentry');
  const welcome = sideBar.getByText("Sign in to Sentry to see your project's issues.");
  if (!(await welcome.isVisible())) {
    await vscode.runCommand('Sentry Explorer: Sign Out');
    await vscode.dismiss();
  }
  await vscode.waitForText("Sign in to Sentry to see your project's issues.", { within: sideBar, timeout: 20_000 });
  return sideBar;
}

/**
 * Signs in by pasting `token`; without one, the sandbox's default token, which is read-only
 * (event:read). Checks that change issues pass the sandbox's `writeToken` (see sandboxDefaults).
 */
export async function signInWithToken(page: Page, vscode: Workbench, token?: string): Promise<void> {
  const authToken = token ?? (await sandboxDefaults()).authToken;
  await vscode.runCommand('Sentry Explorer: Sign In', { prompts: true });
  await page.locator('.quick-input-list .monaco-list-row', { hasText: 'Paste an auth token' }).first().click();
  await vscode.waitForText('Sign in to Sentry with an auth token', { within: page.locator('.quick-input-widget') });
  // The token box is a password field.
  await page.locator('.quick-input-widget .quick-input-box input').fill(authToken);
  await page.keyboard.press('Enter');
}

/** A request in the sandbox's log. */
export interface LoggedRequest {
  method: string;
  path: string;
  query: [string, string][];
  status: number;
  at: number;
}

/** The sandbox's log of API requests since it was last emptied. */
export async function apiRequests(): Promise<LoggedRequest[]> {
  return (await (await fetch(`${sandboxUrl()}/_sandbox/requests?path=${encodeURIComponent('^/api/0/')}`)).json()) as LoggedRequest[];
}

/**
 * Waits until the request log has not grown for `quietMs` and returns it: the marks' event requests
 * are done, and so are their partial draws (a hover shown while the line's decorations change closes).
 */
export async function requestsSettled(vscode: Workbench, quietMs = 2_500): Promise<LoggedRequest[]> {
  let last = -1;
  let since = Date.now();
  let log: LoggedRequest[] = [];
  await vscode.waitFor(
    'the requests to settle',
    async () => {
      log = await apiRequests();
      if (log.length !== last) {
        last = log.length;
        since = Date.now();
      }
      return Date.now() - since >= quietMs;
    },
    90_000,
  );
  return log;
}

/** Every issue the editor's search for a file (`suffix`, e.g. `utils/format.js`) finds, all pages, asked as the extension asks. */
export async function fileIssueIds(suffix: string): Promise<Set<string>> {
  const { authToken } = await sandboxDefaults();
  const ids = new Set<string>();
  const query = new URLSearchParams({ project: 'web-frontend', query: `is:unresolved stack.filename:"*${suffix}"`, limit: '100' });
  for (let n = 0; n < 10; n++) {
    const res = await fetch(`${sandboxUrl()}/api/0/organizations/acme/issues/?${query}`, { headers: { authorization: `Bearer ${authToken}` } });
    for (const issue of (await res.json()) as { id: string }[]) ids.add(issue.id);
    const next = /<[^>]*[?&]cursor=([^&>]+)[^>]*>; rel="next"; results="true"/.exec(res.headers.get('link') ?? '');
    if (!next) break;
    query.set('cursor', decodeURIComponent(next[1]));
  }
  return ids;
}
