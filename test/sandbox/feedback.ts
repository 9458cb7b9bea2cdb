// What users wrote about an issue: GET /api/0/organizations/{org}/issues/{issue_id}/user-reports/,
// the reports sent for the issue's events (src/sentry/issues/endpoints/group_user_reports.py, a
// GroupEndpoint: event:read and up; UserReportSerializer of src/sentry/api/serializers/models/
// userreport.py; Link-paged; getsentry/sentry-mcp's get_issue_user_reports reads it, fixture
// issue-user-reports.json). A quarter of acme's error issues have one or two seeded reports (one
// pasting a secret), beside those POSTed to the project's user-reports endpoint since.
import { authenticate, findIssue, pageCtx, requireScope, resolveOrg, type Ctx } from './api';
import { json, pageSize, paginate, parseCursor, type Res } from './http';
import { Prng, hash32 } from './prng';
import { iso, type Seed } from './seed';
import { SANDBOX_SECRET } from './eventDetails';
import type { UserReport } from './state';

const GROUP_READ = ['event:read', 'event:write', 'event:admin'];

const COMMENTS = ['The page froze after I pressed Pay.', 'I got an error and lost my cart.', `Support told me to paste this: ${SANDBOX_SECRET}`, 'It worked on the second try.'];
const byseed = new WeakMap<Seed, UserReport[]>();

/** The seeded reports (ids from 900000 up, so they never meet the POSTed ones). */
export function seededReports(seed: Seed): UserReport[] {
  let list = byseed.get(seed);
  if (list) return list;
  list = [];
  for (const issue of seed.issues) {
    if (issue.project.org.slug !== 'acme' || issue.issueCategory !== 'error' || !issue.events.length || hash32(issue.id, 0xfeed) % 4 !== 0) continue;
    const r = new Prng(hash32(`${issue.id}:reports`));
    const n = r.int(1, 2);
    for (let i = 0; i < n && i < issue.events.length; i++) {
      const ev = issue.events[i];
      list.push({
        id: String(900_000 + list.length),
        eventID: ev.eventID,
        name: ev.user?.name ?? '',
        email: ev.user?.email ?? '',
        comments: r.pick(COMMENTS),
        dateCreated: ev.time + r.int(10, 600) * 1000,
        projectId: issue.project.id,
        issueId: issue.id,
      });
    }
  }
  byseed.set(seed, list);
  return list;
}

export function groupUserReports(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, GROUP_READ);
  const issue = findIssue(ctx, org, m[2]);
  const reports = [...seededReports(ctx.state.seed), ...ctx.state.userReports].filter((r) => r.issueId === issue.id).sort((a, b) => b.dateCreated - a.dateCreated || Number(b.id) - Number(a.id));
  const { page, link } = paginate(pageCtx(ctx), reports, parseCursor(ctx.params.get('cursor')), pageSize(ctx.params, 'per_page', 100, 100));
  return json(
    200,
    page.map((r) => ({
      id: r.id,
      eventID: r.eventID,
      name: r.name,
      email: r.email,
      comments: r.comments,
      dateCreated: iso(r.dateCreated),
      user: null,
      event: { id: r.eventID, eventID: r.eventID },
    })),
    { link },
  );
}
