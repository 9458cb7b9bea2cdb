/**
 * OAuth scopes as sign-in handles them: one normal form (sorted, de-duplicated, split on spaces
 * or commas, as servers write them in `scope`), set comparison, which asked-for scopes a credential
 * lacks, and which scopes a new sign-in asks for. No `vscode` import.
 */

/** The normal form: a token response's `scope` string or a list, split, trimmed, de-duplicated, sorted. */
export function splitScopes(scope: string | readonly string[] | undefined): string[] {
  const list = typeof scope === 'string' ? scope.split(/[\s,]+/) : [...(scope ?? [])];
  return [...new Set(list.map((s) => s.trim()).filter(Boolean))].sort();
}

/** Sessions match requested scopes when they hold every one of them (sorted, de-duplicated). */
export function scopesSatisfy(granted: readonly string[], requested: readonly string[] | undefined, grantedKnown = true): boolean {
  if (!requested || requested.length === 0 || !grantedKnown) return true;
  const have = new Set(granted);
  return requested.every((s) => have.has(s));
}

/** Sentry's access levels of a resource, weakest first: a stronger level allows what a weaker one does. */
const LEVELS = ['read', 'write', 'admin'];

/**
 * Of the `requested` scopes, those `granted` does not cover (normal form). A scope is covered by
 * itself or by a stronger level of the same resource (`event:write` covers `event:read`), as
 * Sentry's endpoints accept any of a resource's levels from the one they need upwards.
 */
export function missingScopes(granted: readonly string[], requested: readonly string[]): string[] {
  const have = new Set(splitScopes(granted));
  return splitScopes(requested).filter((scope) => {
    if (have.has(scope)) return false;
    const [resource, level, ...rest] = scope.split(':');
    const rank = LEVELS.indexOf(level);
    if (rest.length || rank < 0) return true;
    return !LEVELS.slice(rank + 1).some((stronger) => have.has(`${resource}:${stronger}`));
  });
}

/**
 * An endpoint whose permission class changed between server versions: for each version (newest
 * first), the scopes of which its server takes any one. Event committers and owners, for one, check
 * `event:*` on current servers and `project:*` on older ones.
 */
export type ScopesByVersion = readonly (readonly string[])[];

/**
 * Which versions' scopes a credential lacks: after a 403 the server is one of those, so that set is
 * what it checks. All of them while the granted scopes are unknown; none when every version's set is
 * covered (then scopes are not why the server refused).
 */
export function unmetVersions(byVersion: ScopesByVersion, granted: readonly string[] | undefined): (readonly string[])[] {
  if (!granted) return [...byVersion];
  return byVersion.filter((set) => missingScopes(granted, set).length === splitScopes(set).length);
}

/** Of scopes any one of which will do, the least powerful: a `:read` one when there is one. */
export function preferredScope(scopes: readonly string[]): string {
  return scopes.find((s) => s.endsWith(':read')) ?? scopes[0];
}

export interface ScopeRequest {
  /** The configured scopes (sentryExplorer.oauth.scopes). */
  configured: readonly string[];
  /** What the current session holds: a new sign-in never loses a scope the old one had. */
  current?: readonly string[];
  /** Asked for on top. */
  extra?: readonly string[];
  /** Scopes of which an operation needs one (a 403's): the least powerful of them is added. */
  needed?: readonly string[];
}

/** The scopes a sign-in asks for: the union of all of the above, in normal form; the configured ones when that is empty. */
export function scopesToRequest(r: ScopeRequest): string[] {
  const needed = r.needed?.length ? [preferredScope(r.needed)] : [];
  const scopes = splitScopes([...r.configured, ...(r.current ?? []), ...(r.extra ?? []), ...needed]);
  return scopes.length ? scopes : [...r.configured];
}
