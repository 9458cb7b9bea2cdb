// Members, teams and per-user issue flags: who an issue can be assigned to, and what each user
// sees of an issue (hasSeen, isBookmarked, isSubscribed are kept per user, as on Sentry).
import { iso, Member, SeedIssue, SeedOrg, SeedProject } from './seed';
import type { SandboxState, UserFlags } from './state';

export interface SeedTeam {
  id: string;
  slug: string;
  name: string;
  /** User ids of its members. */
  memberIds: string[];
}

const TEAM_SLUGS = ['engineering', 'frontend', 'backend', 'mobile', 'sre'];

const teamCache = new WeakMap<SeedOrg, SeedTeam[]>();

/**
 * Five teams per organization. The first is the `engineering` team every project but those of
 * PROJECT_TEAMS belongs to; each member is in it and in one more team.
 */
export function teamsOf(org: SeedOrg, members: Member[]): SeedTeam[] {
  let teams = teamCache.get(org);
  if (!teams) {
    teams = TEAM_SLUGS.map((slug, k) => ({
      id: String(Number(org.id) * 100 + 1 + k),
      slug,
      name: k === 0 ? `${org.name} Engineering` : slug === 'sre' ? 'SRE' : slug[0].toUpperCase() + slug.slice(1),
      memberIds: members.filter((_m, i) => k === 0 || i % (TEAM_SLUGS.length - 1) === k - 1).map((m) => m.id),
    }));
    teamCache.set(org, teams);
  }
  return teams;
}

/**
 * Projects on another team than `engineering`: `worker` is the backend team's alone, and the seed's
 * user (id 1) is not on it, so it is a project the user sees in an open-membership organization
 * without being a member (membership.ts); members 2, 6, 10… are.
 */
const PROJECT_TEAMS: Readonly<Record<string, string>> = { worker: 'backend' };

/** The teams a project belongs to. */
export function projectTeams(project: SeedProject, members: Member[]): SeedTeam[] {
  const slug = PROJECT_TEAMS[project.slug] ?? 'engineering';
  return teamsOf(project.org, members).filter((t) => t.slug === slug);
}

/** The projects of one of an organization's teams. */
export function teamProjects(org: SeedOrg, team: SeedTeam): SeedProject[] {
  return org.projects.filter((pr) => (PROJECT_TEAMS[pr.slug] ?? 'engineering') === team.slug);
}

/** Sentry's user serializer: every field the OpenAPI document requires of a user (actor, member `user`). */
export function serializeUser(m: Member, joined: number): Record<string, unknown> {
  return {
    id: m.id,
    name: m.name,
    username: m.username,
    email: m.email,
    avatarUrl: `https://gravatar.com/avatar/${Buffer.from(m.email).toString('hex').slice(0, 32)}?s=32&d=mm`,
    isActive: true,
    hasPasswordAuth: true,
    isManaged: false,
    dateJoined: iso(joined),
    lastLogin: iso(joined),
    has2fa: false,
    lastActive: iso(joined),
    isSuperuser: false,
    isStaff: false,
    experiments: {},
    emails: [{ id: m.id, email: m.email, is_verified: true }],
    avatar: { avatarType: 'letter_avatar', avatarUuid: null, avatarUrl: null },
    isSuspended: false,
  };
}

/** What `userId` sees of the per-user flags of an issue. The seed's user (and userless credentials) read the issue's own fields. */
export function flagsOf(state: SandboxState, issue: SeedIssue, userId: string | null): UserFlags {
  if (userId === null || userId === state.seed.user.id) return { hasSeen: issue.hasSeen, isBookmarked: issue.isBookmarked, isSubscribed: issue.isSubscribed };
  return state.userFlags.get(`${userId}:${issue.id}`) ?? { hasSeen: false, isBookmarked: false, isSubscribed: false };
}

/** Sets per-user flags for `userId`; a userless credential (API key, integration) has none to set, as on Sentry. */
export function setFlags(state: SandboxState, issue: SeedIssue, userId: string | null, change: Partial<UserFlags>): void {
  if (userId === null) return;
  if (userId === state.seed.user.id) {
    if (change.hasSeen !== undefined) issue.hasSeen = change.hasSeen;
    if (change.isBookmarked !== undefined) issue.isBookmarked = change.isBookmarked;
    if (change.isSubscribed !== undefined) {
      issue.isSubscribed = change.isSubscribed;
      issue.subscriptionDetails = change.isSubscribed ? { reason: 'unknown' } : null;
    }
    return;
  }
  state.userFlags.set(`${userId}:${issue.id}`, { ...flagsOf(state, issue, userId), ...change });
}
