/**
 * Who and what broke an issue, as the events panel's header, the editor's hover and the AI tools show
 * it: the issue's first and last release, the event's release with its commit and deploys, the suspect
 * commits and the owners. Built from the API's answers (src/api/releaseSchemas.ts) into plain, bounded
 * text: every string here came from a server or a commit author and is shown as text only. A commit's
 * link on its repository host is kept only when it is a plain https URL of a known host's commit page
 * (commitWebUrl), and is opened only after the user confirms. No `vscode` import.
 */
import type { Actor, Commit, Committer, Deploy, FirstLastRelease, Release, Repository } from '../model/release/schema';
import { CONTROLS } from '../util/untrusted';

/** The longest commit message line, author, version or name kept. */
export const MAX_FIELD = 200;
/** At most this many suspect commits, deploys and owners are kept. */
export const MAX_ITEMS = 10;

export interface CommitView {
  /** The full id (a SHA for git), as the server sent it; what the workspace's git looks up. */
  id: string;
  /** The first 7 characters of the id (Sentry's own short form). */
  shortId: string;
  /** The message's first line. */
  message?: string;
  author?: string;
  repository?: string;
  /** The commit's page on its repository host: https only, a known host's path (commitWebUrl). */
  webUrl?: string;
  /** How Sentry found it (`via SCM integration`, `via commit in release`), when it says. */
  suspectType?: string;
}

export interface ReleaseView {
  version: string;
  /** When the release was released (or created), ISO. */
  date?: string;
  commit?: CommitView;
  commitCount?: number;
  deployCount?: number;
}

export interface DeployView {
  environment: string;
  /** When it finished, ISO. */
  date?: string;
}

export interface ProvenanceView {
  firstRelease?: ReleaseView;
  lastRelease?: ReleaseView;
  /** The release of the event on screen. */
  eventRelease?: ReleaseView;
  deploys: DeployView[];
  suspects: CommitView[];
  /** Owner names: `#team` for a team, the user's name (or email) for a user. */
  owners: string[];
  /**
   * Why the suspect commits or owners were not read, when the token lacks the scope this server checks
   * for them: the 403's message, which names the scope to add (one bounded line).
   */
  refused?: string;
}

/** Server text made one bounded line: controls and line breaks dropped. */
export function oneLine(text: unknown, max = MAX_FIELD): string | undefined {
  if (typeof text !== 'string') return undefined;
  const s = text
    .replace(/\r?\n[\s\S]*$/, '')
    .replace(CONTROLS, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!s) return undefined;
  return s.length > max ? `${s.slice(0, max - 1)}…` : s;
}

/** Hosts whose commit page is `<repository url>/commit/<sha>` (or `/commits/` for Bitbucket). */
const COMMIT_PATHS: Readonly<Record<string, string>> = {
  'github.com': 'commit',
  'gitlab.com': 'commit',
  'bitbucket.org': 'commits',
};

/**
 * A commit's page on its repository host, from the repository's `url` (set by the source code
 * integration): only https, only github.com, gitlab.com or bitbucket.org (or the repository's own
 * provider host when it is one of them), no credentials, port or query, a plain `owner/name` path,
 * and a hex commit id. Anything else (another scheme, a host we do not know, a path with `..`) is no
 * link: the commit is then shown as text only.
 */
export function commitWebUrl(repo: Pick<Repository, 'url'> | null | undefined, commitId: string): string | undefined {
  if (!repo?.url || !/^[0-9a-f]{7,64}$/i.test(commitId)) return undefined;
  let u: URL;
  try {
    u = new URL(repo.url);
  } catch {
    return undefined;
  }
  const segment = COMMIT_PATHS[u.hostname];
  if (u.protocol !== 'https:' || !segment || u.username || u.password || u.port || u.search || u.hash) return undefined;
  const path = u.pathname.replace(/\/+$/, '');
  if (!/^(\/[A-Za-z0-9_.-]+){2,4}$/.test(path) || path.split('/').some((p) => p === '.' || p === '..')) return undefined;
  return `https://${u.hostname}${path}/${segment}/${commitId.toLowerCase()}`;
}

export function commitView(c: Commit, author?: Committer['author']): CommitView | undefined {
  if (typeof c.id !== 'string' || !c.id) return undefined;
  const id = c.id.slice(0, 64);
  const who = c.author ?? author;
  return {
    id,
    shortId: id.slice(0, 7),
    message: oneLine(c.message),
    author: oneLine(who?.name) ?? oneLine(who?.email),
    repository: oneLine(c.repository?.name),
    webUrl: commitWebUrl(c.repository, id),
    suspectType: oneLine(c.suspectCommitType ?? undefined),
  };
}

export function releaseView(r: Release | null | undefined): ReleaseView | undefined {
  const version = oneLine(r?.version);
  if (!r || !version) return undefined;
  return {
    version,
    date: oneLine(r.dateReleased ?? r.dateCreated ?? undefined, 40),
    commit: r.lastCommit ? commitView(r.lastCommit) : undefined,
    commitCount: typeof r.commitCount === 'number' ? r.commitCount : undefined,
    deployCount: typeof r.deployCount === 'number' ? r.deployCount : undefined,
  };
}

export function deployViews(deploys: readonly Deploy[]): DeployView[] {
  const out: DeployView[] = [];
  for (const d of deploys.slice(0, MAX_ITEMS)) {
    const environment = oneLine(d.environment);
    if (environment) out.push({ environment, date: oneLine(d.dateFinished ?? d.dateStarted ?? undefined, 40) });
  }
  return out;
}

/** Suspect commits, one per id, in the order the server gave them (its best first). */
export function suspectViews(committers: readonly Committer[]): CommitView[] {
  const seen = new Set<string>();
  const out: CommitView[] = [];
  for (const c of committers) {
    for (const commit of c.commits) {
      const v = commitView(commit, c.author);
      if (v && !seen.has(v.id) && out.length < MAX_ITEMS) {
        seen.add(v.id);
        out.push(v);
      }
    }
  }
  return out;
}

export function ownerNames(owners: readonly Actor[]): string[] {
  return owners
    .slice(0, MAX_ITEMS)
    .map((o) => (o.type === 'team' ? (oneLine(o.name) ? `#${oneLine(o.name)}` : undefined) : (oneLine(o.name) ?? oneLine(o.email))))
    .filter((n): n is string => !!n);
}

/** What the issue's first/last release answer says, with no event's parts. */
export function issueProvenance(fl: FirstLastRelease | undefined): ProvenanceView {
  return { firstRelease: releaseView(fl?.firstRelease), lastRelease: releaseView(fl?.lastRelease), deploys: [], suspects: [], owners: [] };
}

/** The commit a release names as its own: its newest commit, else a `ref` or version that is a commit id. */
export function releaseCommitId(r: ReleaseView | undefined, rawRef?: string | null): string | undefined {
  if (r?.commit && /^[0-9a-f]{7,64}$/i.test(r.commit.id)) return r.commit.id;
  if (rawRef && /^[0-9a-f]{40}$/i.test(rawRef)) return rawRef;
  if (r && /^[0-9a-f]{40}$/i.test(r.version)) return r.version;
  return undefined;
}

/**
 * Whether a marked line changed in the workspace's git history since the event's release: the release's
 * commit is not in the checkout's history; the line is the same (at `line` now, 1-based); or a commit
 * after the release changed it (the first that did). The hover omits it when git cannot tell.
 */
export type LineHistory =
  | { readonly kind: 'notInHistory'; readonly release: string }
  | { readonly kind: 'unchanged'; readonly release: string; readonly line: number }
  | { readonly kind: 'changed'; readonly release: string; readonly commit: { readonly id: string; readonly shortId: string; readonly author?: string; readonly message?: string } };
