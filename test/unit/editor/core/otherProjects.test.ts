// "Why are there no marks?" on a file whose issues belong to a project that is not chosen
// (src/editor/core/otherProjects.ts): one request across the organization's projects against the
// sandbox over HTTP, and the line that names those projects and offers to add them.
import assert from 'node:assert/strict';
import type { Issue } from '../../../../src/model/issue/schema';
import { Commands } from '../../../../src/constants';
import { explainMarks } from '../../../../src/editor/core/marksStatus';
import { otherProjectsExplanation, searchOtherProjects } from '../../../../src/editor/core/otherProjects';
import { getSeed } from '../../../sandbox/index';
import { clientFor, useSandbox } from '../../api/sandbox';

const ORG_ISSUES = '/api/0/organizations/acme/issues/';
/** The line before the search: web-frontend chosen, its search found nothing in the file. */
const noIssues = () =>
  explainMarks({
    signedIn: true,
    hasProject: true,
    file: 'workspace',
    projects: ['web-frontend'],
    marks: { issues: 0, lines: 0 },
    report: { mode: 'perFile', found: 0, located: 0, here: 0, elsewhere: 0, unmapped: 0 },
  });

describe('the organization searched for a file no chosen project has issues in', function () {
  this.timeout(30_000);
  const box = useSandbox();

  it('one request across every project (project=-1) with the file search the marks use; the projects not chosen, busiest first', async () => {
    const sb = box.get();
    sb.control.requests.clear();
    const found = await searchOtherProjects(clientFor(sb), { org: 'acme', projects: ['web-frontend'] }, 'server/api/orders.py');
    const log = sb.control.requests.list({ path: /^\/api\/0\// });
    assert.deepEqual(
      log.map((r) => [r.method, r.path, r.status]),
      [['GET', ORG_ISSUES, 200]],
    );
    const q = new URLSearchParams(log[0].query);
    assert.deepEqual(q.getAll('project'), ['-1']);
    assert.equal(q.get('query'), 'is:unresolved stack.filename:"*api/orders.py"');
    assert.equal(q.get('limit'), '100');
    // The seed's issues in that file are api-server's: the found counts are at most its unresolved ones.
    const seeded = getSeed().locations.filter((l) => l.file === 'server/api/orders.py');
    assert.ok(seeded.every((l) => l.project === 'api-server'));
    assert.deepEqual(
      found.projects.map((p) => p.slug),
      ['api-server'],
    );
    assert.ok(found.projects[0].issues > 0 && found.projects[0].issues <= Math.min(100, seeded.length), String(found.projects[0].issues));
  });

  it("nothing when the file's issues are the chosen projects' own, or the chosen project is the one that has them", async () => {
    const client = clientFor(box.get());
    assert.deepEqual((await searchOtherProjects(client, { org: 'acme', projects: ['web-frontend'] }, 'src/app/checkout.ts')).projects, []);
    assert.deepEqual((await searchOtherProjects(client, { org: 'acme', projects: ['api-server'] }, 'server/api/orders.py')).projects, []);
  });

  it("the view's filters go with it: its query, environments and window (an open-ended one ends now)", async () => {
    const sb = box.get();
    sb.control.requests.clear();
    const now = Date.parse('2026-01-10T12:00:00Z');
    await searchOtherProjects(
      clientFor(sb),
      { org: 'acme', projects: ['web-frontend'], query: 'is:unresolved level:error', environments: ['production'], window: { start: '2026-01-01T00:00:00Z' } },
      'server/api/orders.py',
      now,
    );
    const q = new URLSearchParams(sb.control.requests.list({ path: /^\/api\/0\// })[0].query);
    assert.equal(q.get('query'), 'is:unresolved level:error stack.filename:"*api/orders.py"');
    assert.deepEqual(q.getAll('environment'), ['production']);
    assert.deepEqual([q.get('start'), q.get('end'), q.get('statsPeriod')], ['2026-01-01T00:00:00Z', '2026-01-10T12:00:00Z', null]);
  });

  it('a project the server names with anything but a slug is left out', async () => {
    const issue = (slug: unknown) => ({ id: '1', project: { slug } }) as unknown as Issue;
    const client = { listOrganizationIssues: async () => ({ items: [issue('[x](command:evil)'), issue('a b'), issue(undefined), issue('worker'), issue('worker')], nextCursor: 'next' }) };
    const found = await searchOtherProjects(client, { org: 'acme', projects: ['web-frontend'] }, 'server/workers/tasks.py');
    assert.deepEqual(found, { projects: [{ slug: 'worker', issues: 2 }], cut: true });
  });
});

describe('the line that names the projects with issues in the file', () => {
  it("one project: it replaces the time window's line and offers to add that project", () => {
    const e = otherProjectsExplanation(noIssues(), ['web-frontend'], { projects: [{ slug: 'api-server', issues: 7 }], cut: false });
    assert.equal(e.cause, 'otherProjects');
    assert.equal(e.severity, 'info');
    assert.equal(e.message, 'No issue of web-frontend has this file in its stack trace, but 7 issues of project api-server do: add api-server to the chosen projects to see them here.');
    assert.deepEqual(e.actions, [{ label: 'Add api-server', command: Commands.chooseProject, addProject: 'api-server' }]);
    const one = otherProjectsExplanation(noIssues(), ['web-frontend'], { projects: [{ slug: 'worker', issues: 1 }], cut: false });
    assert.match(one.message, /but 1 issue of project worker does: add worker/);
    const full = otherProjectsExplanation(noIssues(), ['web-frontend'], { projects: [{ slug: 'worker', issues: 100 }], cut: true });
    assert.match(full.message, /but 100\+ issues of project worker do/);
  });

  it('several projects: the busiest three named with their counts, the busiest two offered', () => {
    const projects = [
      { slug: 'api-server', issues: 9 },
      { slug: 'worker', issues: 4 },
      { slug: 'mobile', issues: 2 },
      { slug: 'legacy', issues: 1 },
    ];
    const e = otherProjectsExplanation(noIssues(), ['web-frontend', 'docs'], { projects, cut: false });
    assert.equal(
      e.message,
      'No issue of web-frontend, docs has this file in its stack trace, but issues of other projects do: api-server (9), worker (4), mobile (2) and 1 more. Add one to the chosen projects to see its issues here.',
    );
    assert.deepEqual(
      e.actions.map((a) => [a.label, a.addProject]),
      [
        ['Add api-server', 'api-server'],
        ['Add worker', 'worker'],
      ],
    );
  });

  it("none found: the line stays the time window's", () => {
    const base = noIssues();
    assert.equal(otherProjectsExplanation(base, ['web-frontend'], { projects: [], cut: false }), base);
    assert.match(base.message, /No issue of web-frontend has this file in its stack trace/);
  });
});
