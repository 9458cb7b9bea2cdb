/** The repository name Sentry's commit resolution wants, from a git remote. No `vscode` import. */

/**
 * `owner/name` of a remote URL as Sentry's repository integrations name it:
 * `git@github.com:acme/web.git`, `https://github.com/acme/web`, `ssh://git@host:22/acme/web.git`.
 */
export function repositoryName(remoteUrl: string | undefined): string | undefined {
  if (!remoteUrl) return undefined;
  const path = /^[\w.-]+@[\w.-]+:(?!\/\/)(.+)$/.exec(remoteUrl)?.[1] ?? safePath(remoteUrl);
  const parts = path
    ?.replace(/\.git\/?$/, '')
    .split('/')
    .filter(Boolean);
  return parts && parts.length >= 2 ? parts.slice(-2).join('/') : undefined;
}

function safePath(url: string): string | undefined {
  try {
    return new URL(url).pathname;
  } catch {
    return undefined;
  }
}
