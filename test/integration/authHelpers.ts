// Shared by the sign-in suites inside VS Code: the sandbox's control endpoints, a headless
// Chromium for the browser steps (the approval pages), and stubs for the sign-in UI (dialogs are
// refused while tests run).
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
import * as path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import * as vscode from 'vscode';
import type { SentryAuth } from '../../src/auth/sentryAuth';
import type { WriteLogEntry } from '../sandbox';
import type { TestHooks } from '../../src/testHooks';
import type { AuthUi } from '../../src/util/ui';
import { activateExtension } from './helpers';
import { print } from './output';

export const SANDBOX_URL = process.env.SENTRY_EXPLORER_TEST_SANDBOX_URL?.replace(/\/+$/, '');

export async function control<T = unknown>(route: string, body?: unknown): Promise<T> {
  const res = await fetch(`${SANDBOX_URL}/_sandbox/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`sandbox ${route}: HTTP ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

export type { RequestLogEntry } from '../sandbox';

/** The server version the sandbox speaks as (test/sandbox/profiles.ts): suites assert what it does. */
export async function sandboxProfile(): Promise<string> {
  return (await control<{ profile: string }>('defaults')).profile;
}

/** One triage PUT as the sandbox logged it (GET /_sandbox/writes), its JSON body as an object. */
export type SandboxWrite = Omit<WriteLogEntry, 'body'> & { body: Record<string, unknown> };

export async function auth(): Promise<SentryAuth> {
  return (await activateExtension()).auth;
}

// ---------------------------------------------------------------------------------------------
// Chromium (playwright-core from the project's node_modules, not bundled into the suite)

let browser: Browser | undefined;

export async function chromiumPage(): Promise<Page> {
  if (!browser) {
    const req = createRequire(path.join(__dirname, 'index.js'));
    const { chromium } = req('playwright-core') as typeof import('playwright-core');
    browser = await chromium.launch({
      executablePath: process.env.SENTRY_EXPLORER_CHROMIUM ?? '/usr/bin/chromium',
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
    });
  }
  return browser.newPage();
}

/**
 * Opens the sandbox's authorize page, clicks `action`, and returns the URL the server redirects
 * the browser to (the callback with code or error and state) without loading it in this Chromium,
 * which is not the browser the workbench runs in.
 */
export async function authorizeInChromium(url: string, action: 'approve' | 'deny'): Promise<string> {
  const page = await chromiumPage();
  try {
    let location: string | undefined;
    const origin = new URL(url).origin;
    await page.route(
      (u) => u.origin === origin && u.pathname === '/oauth/authorize/',
      async (route) => {
        if (route.request().method() !== 'POST') return route.continue();
        const res = await route.fetch({ maxRedirects: 0 });
        const loc = res.headers()['location'];
        if (res.status() >= 300 && res.status() < 400 && loc) {
          location = new URL(loc, url).toString();
          return route.fulfill({ status: 200, contentType: 'text/html', body: '<p id="done">Returning to VS Code</p>' });
        }
        return route.fulfill({ response: res });
      },
    );
    await page.goto(url);
    await page.locator(`#${action}`).click();
    await page.locator('#done').waitFor({ timeout: 15_000 });
    if (!location) throw new Error(`the authorize page did not redirect; it shows: ${(await page.locator('body').innerText()).slice(0, 300)}`);
    return location;
  } finally {
    await page.close();
  }
}

export async function closeChromium(): Promise<void> {
  await browser?.close().catch(() => undefined);
  browser = undefined;
}

// ---------------------------------------------------------------------------------------------
// The sign-in UI, scripted

export interface Shown {
  level: 'info' | 'warning' | 'error';
  message: string;
  /** The message's `detail` (modal dialogs show it under the message). */
  detail?: string;
  modal: boolean;
  items: string[];
}

export interface Script {
  /** Which sign-in method the quick pick answers (by `method`), or undefined to cancel. */
  method?: 'device' | 'browser' | 'token' | 'apiKey';
  /** Answers to the first sign-in picks, in order, before `method` answers the rest: a method, or another server ('cloud', 'selfHosted'). */
  choices?: string[];
  /** Answers to input boxes, in order. */
  inputs?: string[];
  /** Called before an input box is answered (with the answer about to be given). */
  onInput?: (answer: string | undefined) => void | Promise<void>;
  /** Answer to a message (return one of its items, or undefined). */
  answer?: (s: Shown) => string | undefined;
  /** Called with the URL the extension opens in the browser (instead of opening it). */
  onOpen?: (url: string) => void | Promise<void>;
}

export class UiRecorder {
  readonly shown: Shown[] = [];
  readonly opened: string[] = [];
  readonly clipboard: string[] = [];
  readonly quickPicks: string[][] = [];
  private inputs: string[] = [];
  private choices: string[] = [];

  constructor(private script: Script = {}) {}

  set(script: Script): void {
    this.script = script;
    this.inputs = [...(script.inputs ?? [])];
    this.choices = [...(script.choices ?? [])];
  }

  messages(level?: Shown['level']): string[] {
    return this.shown.filter((s) => !level || s.level === level).map((s) => s.message);
  }

  ui(): Partial<AuthUi> {
    const message =
      (level: Shown['level']) =>
      async (m: string, o: vscode.MessageOptions, ...items: string[]) => {
        const s: Shown = { level, message: m, detail: o?.detail, modal: !!o?.modal, items };
        this.shown.push(s);
        return this.script.answer?.(s);
      };
    return {
      showQuickPick: async <T extends vscode.QuickPickItem>(items: readonly T[]) => {
        this.quickPicks.push(items.map((i) => i.label));
        const want = this.choices.shift() ?? this.script.method;
        if (want === undefined) return undefined;
        return items.find((i) => {
          const item = i as unknown as { method?: string; server?: string };
          return item.method === want || item.server === want;
        });
      },
      showInputBox: async () => {
        const answer = this.inputs.shift();
        await this.script.onInput?.(answer);
        return answer;
      },
      showInformationMessage: message('info'),
      showWarningMessage: message('warning'),
      showErrorMessage: message('error'),
      openExternal: async (uri) => {
        const url = typeof uri === 'string' ? uri : uri.toString(true);
        this.opened.push(url);
        await this.script.onOpen?.(url);
        return true;
      },
      writeClipboard: async (text) => {
        this.clipboard.push(text);
      },
    };
  }
}

/** The extension's log file ("Sentry Explorer" LogOutputChannel) as written so far. */
export function readExtensionLog(a: SentryAuth): string {
  const dir = a.context.logUri.fsPath;
  if (!fs.existsSync(dir)) return '';
  return fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.log'))
    .map((f) => fs.readFileSync(path.join(dir, f), 'utf8'))
    .join('\n');
}

export async function waitFor<T>(what: string, fn: () => T | undefined | Promise<T | undefined>, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined && v !== (false as unknown)) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/**
 * A file's marks once the locator's run has finished. Marks are drawn as they are located, so the
 * first ones seen may be only part of them; `until` waits for a particular one first.
 */
export async function settledMarks(api: TestHooks, uri: vscode.Uri, until: (marks: { line: number; issueId: string; shortId: string }[]) => boolean = (m) => m.length > 0) {
  await waitFor(`marks in ${uri.path}`, () => until(api.editor.decorations.decorated(uri)) || undefined);
  await api.editor.locator.refresh();
  return api.editor.decorations.decorated(uri);
}

/**
 * The `before` of a suite that works signed in to the sandbox (skipped, saying so, without one):
 * the extension, a recorder answering the sign-in prompts, and what signInToSandbox returns.
 */
export async function signedInSuite(
  ctx: Mocha.Context,
  name: string,
): Promise<{ api: TestHooks; rec: UiRecorder; defaults: { authToken: string; clientId: string; writeToken?: string }; restore: () => Promise<void> }> {
  if (!SANDBOX_URL) {
    print(`  (no sandbox: skipping the ${name} suite)`);
    ctx.skip();
  }
  const api = await activateExtension();
  const rec = new UiRecorder();
  const { defaults, restore } = await signInToSandbox(rec);
  return { api, rec, defaults, restore };
}

/** Signs in again with a token (typed into the token prompt the recorder answers). */
export async function signInWithToken(api: TestHooks, rec: UiRecorder, token: string): Promise<void> {
  rec.set({ method: 'token', inputs: [token] });
  await api.auth.signIn({ method: 'token' });
  await waitFor('signed in', () => api.auth.isSignedIn());
}

/**
 * Points the extension at the sandbox (base URL, org acme, the given projects, no background
 * refresh), resets the sandbox and signs in with its auth token. Returns what `after` undoes.
 */
export async function signInToSandbox(rec: UiRecorder, projects: string[] = ['web-frontend']): Promise<{ defaults: { authToken: string; clientId: string }; restore: () => Promise<void> }> {
  const api = await activateExtension();
  await api.auth.ready;
  const defaults = await control<{ authToken: string; clientId: string }>('defaults');
  const cfg = vscode.workspace.getConfiguration('sentryExplorer');
  await cfg.update('baseUrl', SANDBOX_URL, vscode.ConfigurationTarget.Global);
  await cfg.update('oauth.clientId', defaults.clientId, vscode.ConfigurationTarget.Global);
  await cfg.update('refreshIntervalSeconds', 0, vscode.ConfigurationTarget.Global);
  await cfg.update('organization', 'acme', vscode.ConfigurationTarget.Global);
  await cfg.update('projects', projects, vscode.ConfigurationTarget.Global);
  await waitFor('the provider to follow the base URL', () => api.auth.provider.baseUrl === SANDBOX_URL);
  api.auth.ui.override(rec.ui());
  api.issues.ui.override(rec.ui());
  await control('reset', {});
  await control('faults/clear', {});
  rec.set({ method: 'token', inputs: [defaults.authToken] });
  await api.auth.signIn({ method: 'token' });
  await waitFor('signed in', () => api.auth.isSignedIn());
  return {
    defaults,
    restore: async () => {
      api.auth.ui.reset();
      api.issues.ui.reset();
      for (const k of ['organization', 'projects', 'refreshIntervalSeconds']) await cfg.update(k, undefined, vscode.ConfigurationTarget.Global);
    },
  };
}

/**
 * The marks suites' start: an earlier suite's refusal of the per-file search, remembered per session,
 * forgotten (the search is a wildcard search, which every profile's organizations take: advanced search
 * is on by default, src/sentry/conf/server.py); no editor open; the Issues view on the last 24 hours of
 * unresolved issues.
 */
export async function startMarksSuite(api: TestHooks): Promise<void> {
  api.editor.locator.forget();
  await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  await api.issues.setFilter({ preset: 'unresolved', statsPeriod: '24h', sort: 'date' });
  await api.issues.tree.getChildren();
}
