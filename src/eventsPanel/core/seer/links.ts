/**
 * The one kind of link Seer's answers carry that the panel opens besides Sentry's own pages: a pull
 * request on GitHub (repo_pr_states[repo].pr_url, src/sentry/seer/agent/client_models.py RepoPRState).
 * Server text: only `https://github.com/<owner>/<repo>/pull/<n>` passes, with no query, fragment,
 * credentials or port. No `vscode` import.
 */
export function githubPullUrl(raw: string): URL | undefined {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return undefined;
  }
  const ok = url.protocol === 'https:' && url.hostname === 'github.com' && url.port === '' && !url.username && !url.password && !url.search && !url.hash;
  return ok && /^\/[\w.-]+\/[\w.-]+\/pull\/\d{1,10}$/.test(url.pathname) ? url : undefined;
}
