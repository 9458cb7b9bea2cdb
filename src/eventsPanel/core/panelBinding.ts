/**
 * Which server, account and organization an events panel belongs to, and whether a write it sends
 * may go through the session signed in now. A panel keeps its issue and header across a switch of
 * server or account, and the issue it names (`PUT …/organizations/acme/issues/42/`) is another, or
 * no, issue on the new server: sent with the new session's token, Resolve would change an unrelated
 * issue there. So a panel is bound at opening, and every write is checked against the session of
 * the moment. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

/** Who the panel was opened with: the server's base URL, the session's account id, and the organization. */
export interface PanelBinding {
  readonly baseUrl: string;
  readonly account: string;
  readonly org: string;
}

/** The session signed in now: its server and account. */
export interface SessionIdentity {
  readonly baseUrl: string;
  readonly account: string;
}

/**
 * Why a write is refused: no session now, a panel bound to none, which of the three differs, or (a
 * panel restored after a window reload) its header not read again from its server yet, or a saved
 * state that kept no server and account.
 */
export type BindingProblem = 'signedOut' | 'unbound' | 'server' | 'account' | 'org' | 'unverified' | 'unknown';

export type BindingCheck = { ok: true } | { ok: false; reason: BindingProblem };

/** The address as compared: origin and path, without the trailing slash; undefined when it is not an address. */
function serverKey(baseUrl: string): string | undefined {
  try {
    const url = new URL(baseUrl.trim());
    return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
  } catch {
    return undefined;
  }
}

/** Whether two base URLs name the same server (case of the host, default port and trailing slash aside). */
export function sameServer(a: string, b: string): boolean {
  const ka = serverKey(a);
  return ka !== undefined && ka === serverKey(b);
}

/**
 * Whether a write of the panel bound by `bound`, to an issue of `org`, may go through the session
 * `now`. The server is told first: an account id says nothing on another server.
 */
export function checkBinding(bound: PanelBinding | undefined, now: SessionIdentity | undefined, org: string): BindingCheck {
  if (!now) return { ok: false, reason: 'signedOut' };
  if (!bound) return { ok: false, reason: 'unbound' };
  if (!sameServer(bound.baseUrl, now.baseUrl)) return { ok: false, reason: 'server' };
  if (bound.account !== now.account) return { ok: false, reason: 'account' };
  if (bound.org !== org) return { ok: false, reason: 'org' };
  return { ok: true };
}

function host(baseUrl: string): string {
  try {
    return new URL(baseUrl).host;
  } catch {
    return baseUrl;
  }
}

/** What the user is told when a write of the panel is refused (or the panel closes after a switch). */
export function bindingRefusal(bound: PanelBinding | undefined, reason: BindingProblem, now: SessionIdentity | undefined): string {
  switch (reason) {
    case 'signedOut':
      return l10n.t('Nothing was sent: you are signed out of Sentry. Sign in, then open the issue again.');
    case 'unbound':
      return l10n.t('Nothing was sent: this panel was opened before you signed in. Open the issue again to act on it.');
    case 'server':
      return l10n.t(
        'Nothing was sent: this panel shows an issue of {0}, and Sentry Explorer is now signed in to {1}. Open the issue again from there to act on it.',
        host(bound?.baseUrl ?? ''),
        host(now?.baseUrl ?? ''),
      );
    case 'account':
      return l10n.t('Nothing was sent: this panel was opened with another Sentry account than the one signed in now. Open the issue again to act on it.');
    case 'org':
      return l10n.t('Nothing was sent: this panel belongs to the organization {0}. Open the issue again to act on it.', bound?.org ?? '');
    case 'unverified':
      return l10n.t('Nothing was sent: this panel was restored with the window, and its issue has not been read again from {0} yet. Try again in a moment.', host(bound?.baseUrl ?? ''));
    case 'unknown':
      return l10n.t('Nothing was sent: this panel was restored from a window that did not keep which server and account it belongs to. Open the issue again to act on it.');
  }
}

/** What the user is told when a switch of server or account closes a panel (`name`: its issue's short ID or id). */
export function bindingClosed(name: string, bound: PanelBinding | undefined, reason: BindingProblem, now: SessionIdentity | undefined): string {
  if (reason === 'server') {
    return l10n.t('Closed the events panel of {0}: it shows an issue of {1}, and Sentry Explorer is now signed in to {2}.', name, host(bound?.baseUrl ?? ''), host(now?.baseUrl ?? ''));
  }
  return l10n.t('Closed the events panel of {0}: it was opened with another Sentry account than the one signed in now.', name);
}
