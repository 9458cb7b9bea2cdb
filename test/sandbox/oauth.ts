// OAuth 2.0: authorization page (code grant with PKCE), token endpoint (authorization_code,
// refresh_token with rotation and family revocation, device_code), the device flow pages and the
// authorization server metadata (RFC 8414) that names them.
import { createHash } from 'node:crypto';
import type { Ctx } from './api';
import { escapeHtml, html, json, redirect, Res } from './http';
import { SANDBOX_USER } from './seed';
import { ALL_SCOPES, AuthCodeRecord, DEFAULT_SCOPES, DeviceRecord, newUserCode, normalizeUserCode, randomHex, SandboxState, TokenFamily, TokenRecord } from './state';

/** Sentry's (src/sentry/models/apitoken.py, DEFAULT_EXPIRATION = timedelta(days=30)); SandboxOptions.accessTokenLifetimeSeconds changes it. */
export const ACCESS_TOKEN_LIFETIME_S = 30 * 24 * 3600;
const CODE_LIFETIME_MS = 10 * 60_000;

export function oauthRoute(ctx: Ctx): Res | undefined {
  const { method, path } = ctx;
  if (path === '/oauth/authorize/') {
    if (method === 'GET') return authorizeGet(ctx);
    if (method === 'POST') return authorizePost(ctx);
    return methodNotAllowed();
  }
  if (path === '/oauth/token/') return method === 'POST' ? token(ctx) : methodNotAllowed();
  const served = ctx.state.options.deviceCodePath;
  if (path === served) return method === 'POST' ? deviceCode(ctx) : methodNotAllowed();
  // Where a server has no such route (profiles.ts, deviceCodePath): the catch-all page, whose CSRF check refuses any POST.
  if (path === DEVICE_CODE_PATH || (served === null && path === '/oauth/device/')) return method === 'POST' ? csrfFailure() : reactShell();
  if (path === '/oauth/device/') {
    if (method === 'GET') return devicePage(ctx);
    if (method === 'POST') return deviceSubmit(ctx);
    return methodNotAllowed();
  }
  if (path === '/oauth/callback/' && method === 'GET') return callbackPage(ctx);
  return undefined;
}

/** Where Sentry serves the device authorization request (profiles.ts, deviceCodePath): no server version read served another. */
const DEVICE_CODE_PATH = '/oauth/device/code/';

export const METADATA_PATH = '/.well-known/oauth-authorization-server';

/**
 * GET /.well-known/oauth-authorization-server: Sentry's RFC 8414 document where the profile has it
 * (src/sentry/web/api.py, oauth_authorization_server_metadata; profiles.ts, oauthMetadata), else
 * the catch-all React page a server without the route answers. No CORS headers either way: a
 * Django view, not an API endpoint.
 */
export function metadataRoute(ctx: Ctx): Res {
  if (!ctx.state.options.profile.oauthMetadata) return ctx.method === 'POST' ? csrfFailure() : reactShell();
  if (ctx.method !== 'GET' && ctx.method !== 'HEAD') return methodNotAllowed();
  const base = ctx.state.url;
  // Sorted SENTRY_SCOPES: Sentry's test (tests/sentry/web/test_api.py) checks the sort and that openid, org:read, project:read are there.
  const scopes = [...new Set([...ALL_SCOPES, 'openid'])].sort();
  return json(
    200,
    {
      // absolute_uri(): the url-prefix with a trailing slash (the test's "http://testserver/").
      issuer: `${base}/`,
      authorization_endpoint: `${base}/oauth/authorize/`,
      token_endpoint: `${base}/oauth/token/`,
      userinfo_endpoint: `${base}/oauth/userinfo/`,
      device_authorization_endpoint: `${base}${DEVICE_CODE_PATH}`,
      response_types_supported: ['code'],
      grant_types_supported: ['authorization_code', 'refresh_token', 'urn:ietf:params:oauth:grant-type:device_code'],
      code_challenge_methods_supported: ['S256'],
      token_endpoint_auth_methods_supported: ['client_secret_basic', 'client_secret_post', 'none'],
      scopes_supported: scopes,
    },
    { 'cache-control': 'max-age=3600, public' },
  );
}

/** Sentry's 403 page for a POST that fails the CSRF check (src/sentry/web/frontend/csrf_failure.py, sentry/403-csrf-failure.html). */
function csrfFailure(): Res {
  return html(
    403,
    '<!doctype html><html><head><title>CSRF Verification Failed | Sentry</title></head><body><h1>CSRF Verification Failed</h1><p>A required security token was not found or was invalid.</p></body></html>',
  );
}

/** The React application's shell, which the catch-all route serves to a GET. */
function reactShell(): Res {
  return html(200, '<!doctype html><html><head><title>Sentry</title></head><body><div id="blk_router"></div></body></html>');
}

function methodNotAllowed(): Res {
  return json(405, { detail: 'Method not allowed.' });
}

function oauthError(error: string, description?: string, status?: number): Res {
  const body: Record<string, string> = { error };
  if (description) body.error_description = description;
  return json(status ?? (error === 'invalid_client' ? 401 : 400), body, { 'cache-control': 'no-store', pragma: 'no-cache' });
}

// ------------------------------------------------------------------------------------ pages

function page(title: string, body: string, status = 200): Res {
  return html(
    status,
    `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - Sentry Sandbox</title>
<style>
  body { font-family: system-ui, sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; color: #1f1633; }
  h1 { font-size: 1.4rem; }
  label { display: block; margin: 1rem 0 .25rem; font-weight: 600; }
  input, select { font-size: 1.1rem; padding: .4rem; width: 100%; box-sizing: border-box; }
  .buttons { margin-top: 1.5rem; display: flex; gap: .75rem; }
  button { font-size: 1rem; padding: .5rem 1.25rem; cursor: pointer; }
  #approve { background: #6c5fc7; color: #fff; border: 0; border-radius: 4px; }
  #deny { background: #fff; border: 1px solid #999; border-radius: 4px; }
  .error { color: #b00020; }
  code { font-size: 1.05rem; }
</style>
</head>
<body>
${body}
</body>
</html>
`,
  );
}

function errorPage(message: string, status = 400): Res {
  const res = page('Error', `<h1>Authorization error</h1>\n<p id="error" class="error">${escapeHtml(message)}</p>`);
  res.status = status;
  return res;
}

function orgSelect(state: SandboxState, selected?: string | null): string {
  const options = state.seed.orgs.map((o) => `<option value="${escapeHtml(o.slug)}"${o.slug === selected ? ' selected' : ''}>${escapeHtml(o.name)} (${escapeHtml(o.slug)})</option>`).join('');
  return `<label for="organization">Organization</label>\n<select id="organization" name="org">${options}</select>`;
}

// ------------------------------------------------------------------------------------ authorize

interface AuthorizeParams {
  clientId: string;
  redirectUri: string | null;
  scopes: string[];
  state: string | null;
  challenge: string | null;
  method: string | null;
  responseType: string | null;
}

function allowedRedirect(state: SandboxState, uri: string): boolean {
  if (uri === `${state.url}/oauth/callback/`) return true;
  let u: URL;
  try {
    u = new URL(uri);
  } catch {
    return false;
  }
  if (u.protocol === 'vscode:' || u.protocol === 'vscode-insiders:') return true;
  if (u.protocol === 'http:' && ['127.0.0.1', 'localhost', '[::1]'].includes(u.hostname)) return true;
  return false;
}

function redirectWith(uri: string, params: Record<string, string | null>): Res {
  const u = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== null) u.searchParams.set(k, v);
  return redirect(u.toString());
}

/** Validate an authorization request; returns either a response (error) or the parsed params. */
function validateAuthorize(ctx: Ctx, src: URLSearchParams): Res | AuthorizeParams {
  const state = ctx.state;
  const clientId = src.get('client_id');
  if (!clientId) return errorPage('Missing client_id.');
  if (clientId !== state.options.clientId) return errorPage(`Unknown client_id "${clientId}".`);
  const redirectUriParam = src.get('redirect_uri');
  if (redirectUriParam !== null && !allowedRedirect(state, redirectUriParam)) {
    return errorPage('The redirect_uri does not match a registered redirect URI of this application.');
  }
  const target = redirectUriParam ?? `${state.url}/oauth/callback/`;
  const st = src.get('state');
  const bad = (description: string, error = 'invalid_request') => redirectWith(target, { error, error_description: description, state: st });
  const responseType = src.get('response_type');
  if (responseType !== 'code') return bad(responseType ? `Unsupported response_type "${responseType}".` : 'Missing response_type.');
  const scopeRaw = src.get('scope');
  if (!scopeRaw || !scopeRaw.trim()) return bad('Missing scope.');
  const scopes = [...new Set(scopeRaw.split(/[\s,]+/).filter(Boolean))];
  const unknown = scopes.filter((s) => !ALL_SCOPES.includes(s));
  if (unknown.length) return bad(`Unknown scope: ${unknown.join(' ')}`, 'invalid_scope');
  const challenge = src.get('code_challenge');
  const method = src.get('code_challenge_method');
  if (challenge !== null || method !== null) {
    if (method !== 'S256') return bad('code_challenge_method must be S256.');
    if (!challenge || !/^[A-Za-z0-9_-]{43}$/.test(challenge)) return bad('Invalid code_challenge.');
  } else if (!state.options.clientSecret) {
    return bad('PKCE (code_challenge with S256) is required for public clients.');
  }
  return { clientId, redirectUri: redirectUriParam, scopes, state: st, challenge, method, responseType };
}

function issueCode(state: SandboxState, p: AuthorizeParams, org: string): Res {
  const record: AuthCodeRecord = {
    code: randomHex(32),
    clientId: p.clientId,
    redirectUri: p.redirectUri,
    scopes: p.scopes,
    org,
    challenge: p.challenge,
    expiresAt: state.now() + CODE_LIFETIME_MS,
    used: false,
  };
  state.authCodes.set(record.code, record);
  return redirectWith(p.redirectUri ?? `${state.url}/oauth/callback/`, { code: record.code, state: p.state });
}

function authorizeGet(ctx: Ctx): Res {
  const v = validateAuthorize(ctx, ctx.params);
  if ('status' in v) return v;
  const state = ctx.state;
  if (state.autoApprove.enabled) return issueCode(state, v, state.autoApprove.org ?? state.seed.orgs[0].slug);
  const hidden = ['client_id', 'response_type', 'scope', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method']
    .filter((k) => ctx.params.get(k) !== null)
    .map((k) => `<input type="hidden" name="${k}" value="${escapeHtml(ctx.params.get(k)!)}">`)
    .join('\n');
  const scopes = v.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  return page(
    'Authorize application',
    `<h1 id="title">Authorize Sentry Explorer</h1>
<p>Signed in as <strong id="user">${escapeHtml(SANDBOX_USER.name)}</strong> (${escapeHtml(SANDBOX_USER.email)}).</p>
<p>The application <code id="client_id">${escapeHtml(v.clientId)}</code> asks for these permissions:</p>
<ul id="scopes">${scopes}</ul>
<form id="authorize-form" method="post" action="/oauth/authorize/">
${hidden}
${orgSelect(state, state.seed.orgs[0].slug)}
<div class="buttons">
<button id="approve" type="submit" name="action" value="approve">Approve</button>
<button id="deny" type="submit" name="action" value="deny">Deny</button>
</div>
</form>`,
  );
}

function authorizePost(ctx: Ctx): Res {
  const form = new URLSearchParams(ctx.body);
  const v = validateAuthorize(ctx, form);
  if ('status' in v) return v;
  const action = form.get('action');
  if (action === 'deny') {
    return redirectWith(v.redirectUri ?? `${ctx.state.url}/oauth/callback/`, { error: 'access_denied', state: v.state });
  }
  if (action !== 'approve') return errorPage('Choose Approve or Deny.');
  const org = ctx.state.seed.org(form.get('org') ?? ctx.state.seed.orgs[0].slug);
  if (!org) return errorPage('Unknown organization.');
  return issueCode(ctx.state, v, org.slug);
}

function callbackPage(ctx: Ctx): Res {
  const p = ctx.params;
  const row = (id: string, label: string) => (p.get(id) !== null ? `<p>${label}: <code id="${id}">${escapeHtml(p.get(id)!)}</code></p>` : '');
  return page('Callback', `<h1>Authorization result</h1>\n${row('code', 'Code')}${row('state', 'State')}${row('error', 'Error')}`);
}

// ------------------------------------------------------------------------------------ token endpoint

function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url');
}

function tokenResponse(state: SandboxState, family: TokenFamily): Res {
  // Rotation: the previous access token of the family stops working (like Sentry's ApiToken.refresh).
  for (const old of family.accessTokens) {
    const t = state.tokens.get(old);
    if (t) t.revoked = true;
  }
  const now = state.now();
  const lifetimeS = state.options.accessTokenLifetimeSeconds;
  const access: TokenRecord = {
    token: randomHex(32),
    kind: 'oauth',
    scopes: family.scopes,
    issuedAt: now,
    expiresAt: now + lifetimeS * 1000,
    revoked: false,
    org: family.org,
    userId: family.userId,
    familyId: family.id,
    clientId: family.clientId,
  };
  const refresh = randomHex(32);
  state.tokens.set(access.token, access);
  state.refreshTokens.set(refresh, { token: refresh, familyId: family.id, used: false });
  family.accessTokens.push(access.token);
  family.refreshTokens.push(refresh);
  const user = state.seed.members.find((m) => m.id === family.userId) ?? SANDBOX_USER;
  return json(
    200,
    {
      access_token: access.token,
      refresh_token: refresh,
      expires_in: lifetimeS,
      expires_at: new Date(access.expiresAt!).toISOString().replace('Z', '000Z'),
      token_type: 'bearer',
      scope: family.scopes.join(' '),
      user: { id: user.id, name: user.name, email: user.email },
    },
    { 'cache-control': 'no-store', pragma: 'no-cache' },
  );
}

function newFamily(state: SandboxState, clientId: string, scopes: string[], org: string): TokenFamily {
  const family: TokenFamily = { id: randomHex(8), clientId, scopes, org, userId: SANDBOX_USER.id, revoked: false, accessTokens: [], refreshTokens: [] };
  state.families.set(family.id, family);
  return family;
}

function token(ctx: Ctx): Res {
  const state = ctx.state;
  const type = (ctx.headers['content-type'] ?? '').toLowerCase();
  if (!type.includes('application/x-www-form-urlencoded')) return oauthError('invalid_request', 'The token endpoint takes application/x-www-form-urlencoded bodies.');
  const form = new URLSearchParams(ctx.body);
  const grantType = form.get('grant_type');
  if (!grantType) return oauthError('invalid_request', 'Missing grant_type.');
  // A server without a device flow knows only the first two grants (oauth_token.py: else unsupported_grant_type).
  const grants = ['authorization_code', 'refresh_token', ...(state.options.deviceCodePath === null ? [] : ['urn:ietf:params:oauth:grant-type:device_code'])];
  if (!grants.includes(grantType)) {
    return oauthError('unsupported_grant_type');
  }

  // Client authentication: client_id (+ client_secret for confidential clients), in the body or HTTP Basic.
  let clientId = form.get('client_id');
  let clientSecret = form.get('client_secret');
  const auth = ctx.headers['authorization'];
  if (auth && /^basic /i.test(auth)) {
    const decoded = Buffer.from(auth.slice(6).trim(), 'base64').toString('utf8');
    const i = decoded.indexOf(':');
    if (i >= 0) {
      clientId = clientId ?? decodeURIComponent(decoded.slice(0, i));
      clientSecret = clientSecret ?? decodeURIComponent(decoded.slice(i + 1));
    }
  }
  if (!clientId || clientId !== state.options.clientId) return oauthError('invalid_client');
  const confidential = !!state.options.clientSecret;
  if (confidential && grantType !== 'urn:ietf:params:oauth:grant-type:device_code' && clientSecret !== state.options.clientSecret) {
    return oauthError('invalid_client');
  }

  if (grantType === 'authorization_code') return codeGrant(state, form, clientId);
  if (grantType === 'refresh_token') return refreshGrant(state, form, clientId);
  return deviceGrant(state, form, clientId);
}

function codeGrant(state: SandboxState, form: URLSearchParams, clientId: string): Res {
  const code = form.get('code');
  if (!code) return oauthError('invalid_request', 'Missing code.');
  const record = state.authCodes.get(code);
  if (!record || record.clientId !== clientId) return oauthError('invalid_grant');
  if (record.used) {
    // A replayed code revokes what it produced (RFC 6749 section 4.1.2).
    if (record.familyId) state.revokeFamily(record.familyId);
    return oauthError('invalid_grant');
  }
  if (state.now() >= record.expiresAt) return oauthError('invalid_grant');
  if ((form.get('redirect_uri') ?? null) !== record.redirectUri) return oauthError('invalid_grant');
  if (record.challenge) {
    const verifier = form.get('code_verifier');
    if (!verifier || !/^[A-Za-z0-9\-._~]{43,128}$/.test(verifier) || s256(verifier) !== record.challenge) {
      return oauthError('invalid_grant');
    }
  }
  record.used = true;
  const family = newFamily(state, clientId, record.scopes, record.org);
  record.familyId = family.id;
  return tokenResponse(state, family);
}

function refreshGrant(state: SandboxState, form: URLSearchParams, clientId: string): Res {
  const refresh = form.get('refresh_token');
  if (!refresh) return oauthError('invalid_request', 'Missing refresh_token.');
  const record = state.refreshTokens.get(refresh);
  if (!record) return oauthError('invalid_grant');
  const family = state.families.get(record.familyId);
  if (!family || family.clientId !== clientId) return oauthError('invalid_grant');
  if (family.revoked) return oauthError('invalid_grant');
  if (record.used) {
    // Reuse of a rotated refresh token: revoke the whole family, access tokens included.
    state.revokeFamily(family.id);
    return oauthError('invalid_grant');
  }
  record.used = true;
  return tokenResponse(state, family);
}

function deviceGrant(state: SandboxState, form: URLSearchParams, clientId: string): Res {
  const code = form.get('device_code');
  if (!code) return oauthError('invalid_request', 'Missing device_code.');
  const d = state.devices.get(code);
  if (!d || d.status === 'used' || d.clientId !== clientId) return oauthError('invalid_grant');
  const now = state.now();
  if (now >= d.expiresAt) return oauthError('expired_token', 'The device code has expired; start over with a new device code request.');
  if (d.status === 'denied') return oauthError('access_denied', 'The user denied the request.');
  if (d.status === 'approved') {
    d.status = 'used';
    d.lastPoll = now;
    return tokenResponse(state, newFamily(state, clientId, d.scopes, d.org ?? state.seed.orgs[0].slug));
  }
  // The first poll too must wait one interval, counted from when the code was issued (RFC 8628 3.5).
  const tooSoon = now - (d.lastPoll ?? d.issuedAt) < d.interval * 1000;
  d.lastPoll = now;
  if (tooSoon) {
    d.interval += 5;
    return oauthError('slow_down', `Polling too frequently; wait at least ${d.interval} seconds between requests.`);
  }
  return oauthError('authorization_pending', 'The user has not yet approved the request.');
}

// ------------------------------------------------------------------------------------ device flow

function deviceCode(ctx: Ctx): Res {
  const state = ctx.state;
  const type = (ctx.headers['content-type'] ?? '').toLowerCase();
  if (!type.includes('application/x-www-form-urlencoded')) return oauthError('invalid_request', 'Expected a form-encoded body.');
  const form = new URLSearchParams(ctx.body);
  const clientId = form.get('client_id');
  if (!clientId || clientId !== state.options.clientId) return oauthError('invalid_client');
  const scopeRaw = form.get('scope');
  const scopes = scopeRaw && scopeRaw.trim() ? [...new Set(scopeRaw.split(/[\s,]+/).filter(Boolean))] : [...DEFAULT_SCOPES];
  if (scopes.some((s) => !ALL_SCOPES.includes(s))) return oauthError('invalid_scope');
  let userCode = newUserCode();
  while (state.findDeviceByUserCode(userCode)) userCode = newUserCode();
  const now = state.now();
  const d: DeviceRecord = {
    deviceCode: randomHex(32),
    userCode,
    clientId,
    scopes,
    issuedAt: now,
    expiresAt: now + state.options.deviceExpiresIn * 1000,
    interval: state.options.deviceInterval,
    lastPoll: null,
    status: 'pending',
    org: null,
  };
  state.devices.set(d.deviceCode, d);
  return json(200, {
    device_code: d.deviceCode,
    user_code: d.userCode,
    verification_uri: `${state.url}/oauth/device/`,
    verification_uri_complete: `${state.url}/oauth/device/?user_code=${d.userCode}`,
    expires_in: state.options.deviceExpiresIn,
    interval: state.options.deviceInterval,
  });
}

/** Approve or deny a device request by user code; used by the page and by the control API. */
export function decideDevice(state: SandboxState, userCode: string | undefined, approve: boolean, org?: string | null): { ok: true; device: DeviceRecord } | { ok: false; error: string } {
  const d = userCode ? state.findDeviceByUserCode(userCode) : state.latestPendingDevice();
  if (!d) return { ok: false, error: 'Unknown code. Check the code shown by the application.' };
  if (d.status !== 'pending') return { ok: false, error: 'This code has already been used.' };
  if (state.now() >= d.expiresAt) return { ok: false, error: 'This code has expired. Start again from the application.' };
  if (approve) {
    const o = state.seed.org(org ?? state.seed.orgs[0].slug);
    if (!o) return { ok: false, error: 'Unknown organization.' };
    d.org = o.slug;
    d.status = 'approved';
  } else {
    d.status = 'denied';
  }
  return { ok: true, device: d };
}

function deviceForm(state: SandboxState, prefill: string, message = ''): string {
  return `<h1 id="title">Connect a device</h1>
<p>Enter the code shown by the application, then approve or deny access for <strong>${escapeHtml(SANDBOX_USER.name)}</strong>.</p>
${message}
<form id="device-form" method="post" action="/oauth/device/">
<label for="user_code">Code</label>
<input id="user_code" name="user_code" type="text" autocomplete="off" spellcheck="false" placeholder="XXXX-XXXX" value="${escapeHtml(prefill)}">
${orgSelect(state, state.seed.orgs[0].slug)}
<div class="buttons">
<button id="approve" type="submit" name="action" value="approve">Approve</button>
<button id="deny" type="submit" name="action" value="deny">Deny</button>
</div>
</form>`;
}

function devicePage(ctx: Ctx): Res {
  return page('Connect a device', deviceForm(ctx.state, ctx.params.get('user_code') ?? ''));
}

function deviceSubmit(ctx: Ctx): Res {
  const form = new URLSearchParams(ctx.body);
  const raw = form.get('user_code') ?? '';
  const action = form.get('action');
  if (action !== 'approve' && action !== 'deny') {
    const res = page('Connect a device', deviceForm(ctx.state, raw, '<p id="error" class="error">Choose Approve or Deny.</p>'));
    res.status = 400;
    return res;
  }
  if (!normalizeUserCode(raw)) {
    const res = page('Connect a device', deviceForm(ctx.state, raw, '<p id="error" class="error">That is not a valid code.</p>'));
    res.status = 400;
    return res;
  }
  const r = decideDevice(ctx.state, raw, action === 'approve', form.get('org'));
  if (!r.ok) {
    const res = page('Connect a device', deviceForm(ctx.state, raw, `<p id="error" class="error">${escapeHtml(r.error)}</p>`));
    res.status = 400;
    return res;
  }
  const approved = action === 'approve';
  return page(
    approved ? 'Device approved' : 'Device denied',
    `<h1 id="title">${approved ? 'Device approved' : 'Access denied'}</h1>
<p id="result" data-status="${approved ? 'approved' : 'denied'}">${
      approved ? `The device now has access to ${escapeHtml(r.device.org!)}. You can close this window and return to the application.` : 'The request was denied. You can close this window.'
    }</p>`,
  );
}
