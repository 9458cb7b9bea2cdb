/**
 * Signing in with a pasted user auth token / internal integration token, or a legacy API key:
 * checked for a bad paste before anything is sent, then checked against the server (its
 * organizations, and who the credential belongs to with its scopes when the server says), and
 * only then made a session. Ends with a StoredSession, or throws vscode.CancellationError when
 * the user cancelled or was already told what went wrong.
 */
import { randomUUID } from 'node:crypto';
import * as vscode from 'vscode';
import { SentryClient } from '../api/client';
import type { Credential } from '../api/credentials';
import type { HttpClient } from '../api/http';
import type { Organization } from '../api/schemas';
import type { AuthUi } from '../util/ui';
import * as z from '../util/z';
import { credentialProblem } from './credentialCheck';
import { withCancellableProgress } from './flowProgress';
import { splitScopes } from './scopes';
import type { StoredSession } from './sessionCodec';
import { isAbortError } from './state';

export interface PastedFlowDeps {
  ui: AuthUi;
  log: vscode.LogOutputChannel;
  /** An HTTP client for `baseUrl` sending `credential`. */
  http: (baseUrl: string, credential: Credential) => HttpClient;
  /** Remembers the organization of a credential that sees exactly one. */
  rememberOrganization: (baseUrl: string, org: Organization) => Promise<void>;
}

/** The answer of GET /api/0/ on real servers: who the credential belongs to and its scopes. */
const IndexSchema = z.looseObject({
  user: z.nullish(z.looseObject({ id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)), name: z.nullish(z.string()), email: z.nullish(z.string()), username: z.nullish(z.string()) })),
  auth: z.nullish(z.looseObject({ scopes: z.nullish(z.array(z.string())) })),
});

export async function signInWithPasted(deps: PastedFlowDeps, baseUrl: string, kind: 'token' | 'apiKey'): Promise<StoredSession> {
  const what = kind === 'token' ? 'auth token' : 'API key';
  const value = (
    await deps.ui.showInputBox({
      title: kind === 'token' ? 'Sign in to Sentry with an auth token' : 'Sign in to Sentry with a legacy API key',
      prompt:
        kind === 'token'
          ? `Paste a user auth token (User Settings → Personal Tokens) or an internal integration token for ${new URL(baseUrl).host}`
          : `Paste the legacy API key for ${new URL(baseUrl).host} (sent with HTTP Basic auth)`,
      password: true,
      ignoreFocusOut: true,
      validateInput: (v) => credentialProblem(v, what),
    })
  )?.trim();
  if (!value) throw new vscode.CancellationError();
  // Checked again here: the input box's validation is advisory (an API or a test can bypass it).
  const problem = credentialProblem(value, what);
  if (problem) {
    deps.log.warn(`[auth] refused a pasted ${what}: it is not a single run of printable characters`);
    void deps.ui.showErrorMessage(`Sentry sign-in: ${problem}. Nothing was sent or stored.`, {});
    throw new vscode.CancellationError();
  }
  const credential: Credential = kind === 'token' ? { kind: 'bearer', token: value } : { kind: 'apiKey', key: value };
  const client = new SentryClient(deps.http(baseUrl, credential));
  const { orgs, index, access } = await withCancellableProgress(
    deps.ui,
    deps.log,
    `Sentry: checking the ${what}…`,
    async (signal) => {
      const orgs = (await client.listOrganizations({}, signal)).items;
      const index = await client.http
        .request({ path: '/api/0/', schema: IndexSchema, signal })
        .then((r) => r.data)
        .catch((err) => {
          if (isAbortError(err)) throw err;
          return undefined;
        });
      // Scopes: GET /api/0/ names them on real servers; else Retrieve an Organization's `access`
      // (user-bound tokens only, rule 1 of spec section 5).
      let access: string[] | undefined = index?.auth?.scopes ?? undefined;
      if (!access && orgs[0]) {
        access = await client
          .getOrganization(orgs[0].slug, signal)
          .then((o) => (Array.isArray(o.access) && o.access.every((x) => typeof x === 'string') ? (o.access as string[]) : undefined))
          .catch((err) => {
            if (isAbortError(err)) throw err;
            return undefined;
          });
      }
      return { orgs, index, access };
    },
    `check the ${what}`,
  );
  const orgNames = orgs.map((o) => o.slug);
  const user = index?.user ?? undefined;
  const serverScopes = access;
  const label = user
    ? user.email || user.username || user.name || `user ${user.id}`
    : `${kind === 'token' ? 'Auth token' : 'API key'}${orgNames.length ? ` (${orgNames.slice(0, 3).join(', ')}${orgNames.length > 3 ? ', …' : ''})` : ''}`;
  const accountId = user ? `user:${user.id}` : `${kind}:${orgNames.join(',') || 'none'}`;
  if (orgs.length === 1) await deps.rememberOrganization(baseUrl, orgs[0]);
  deps.log.info(`[auth] ${what} accepted by ${baseUrl}: ${orgs.length} organization(s), scopes ${serverScopes ? serverScopes.join(' ') || '(none)' : 'not reported'}`);
  const common = {
    id: randomUUID(),
    account: { id: accountId, label },
    scopes: splitScopes(serverScopes ?? []),
    scopesKnown: !!serverScopes,
    createdAt: Date.now(),
  };
  return kind === 'token' ? { kind: 'token', ...common, accessToken: value } : { kind: 'apiKey', ...common, apiKey: value };
}
