import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventListSchema, EventSchema } from '../../../../src/model/event/schema';
import { IssueListSchema, TagDetailsSchema } from '../../../../src/model/issue/schema';
import { assigneeName, issueHeader, panelHeader, toEventData, toTagData } from '../../../../src/eventsPanel/core/eventData';
import { eventFramesNewestFirst } from '../../../../src/model/event/frame';
import * as z from '../../../../src/model/z';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../../fixtures', name), 'utf8'));

describe('events: API resources -> protocol data', () => {
  it('keeps every documented field of a list event, without exceptions unless full', () => {
    const [e] = z.parse(EventListSchema, fixture('issue-events.json'));
    const d = toEventData(e, false);
    assert.equal(d.id, e.id);
    assert.equal(d.eventID, e.eventID);
    assert.equal(d.dateCreated, e.dateCreated);
    assert.equal(d.title, e.title);
    assert.equal(d.type, e['event.type']);
    assert.deepEqual(
      d.tags,
      e.tags.map((t) => ({ key: t.key, value: t.value })),
    );
    assert.equal(d.exceptions, undefined);
  });

  it('full events carry their exceptions with frames newest first', () => {
    const e = z.parse(EventSchema, fixture('issue-event.json'));
    const d = toEventData(e, true);
    assert.ok(d.exceptions && d.exceptions.length > 0);
    const raw = (e.entries!.find((x) => x.type === 'exception')!.data as any).values[0].stacktrace.frames;
    const frames = d.exceptions[0].frames;
    assert.equal(frames.length, raw.length);
    assert.equal(frames[0].function, raw[raw.length - 1].function, 'the crash frame (last on the wire) comes first');
    assert.equal(frames[0].lineNo, raw[raw.length - 1].lineNo);
    assert.ok(frames[0].context && frames[0].context.length > 0);
    assert.equal('vars' in frames[0], false, 'vars are not sent to the page');
  });

  it('eventFramesNewestFirst reverses without touching its input', () => {
    const frames = [{ lineNo: 1 }, { lineNo: 2 }, { lineNo: 3 }];
    const event = { entries: [{ type: 'exception', data: { values: [{ stacktrace: { frames } }] } }] };
    assert.deepEqual(
      eventFramesNewestFirst(event).map((f) => f.frame.lineNo),
      [3, 2, 1],
    );
    assert.deepEqual(
      frames.map((f) => f.lineNo),
      [1, 2, 3],
    );
    assert.deepEqual(eventFramesNewestFirst(null), []);
  });

  it('tag details and issue headers', () => {
    const t = toTagData(z.parse(TagDetailsSchema, fixture('issue-tag-details.json')));
    assert.ok(t.topValues.length > 0);
    assert.equal(typeof t.totalValues, 'number');
    const [issue] = z.parse(IssueListSchema, fixture('project-issues.json'));
    const h = issueHeader(issue);
    assert.equal(h.id, issue.id);
    assert.equal(h.shortId, issue.shortId);
    assert.equal(h.project, issue.project.slug);
    assert.equal(h.permalink, issue.permalink);
  });

  it("the header's assignee: a user's name (else email, username, id), a team as #name, null for nobody, undefined when not said", () => {
    assert.equal(assigneeName({ type: 'user', id: '1', name: 'Jane Doe', email: 'jane@example.com' }), 'Jane Doe');
    assert.equal(assigneeName({ type: 'user', id: '1', name: '', email: 'jane@example.com' }), 'jane@example.com');
    assert.equal(assigneeName({ type: 'user', id: 12 }), '12');
    assert.equal(assigneeName({ type: 'team', id: '3', name: 'backend' }), '#backend');
    assert.equal(assigneeName({ type: 'team', id: '3', name: '#backend' }), '#backend');
    assert.equal(assigneeName({ type: 'team' }), 'a team');
    assert.equal(assigneeName({}), 'someone');
    assert.equal(assigneeName({ name: 'n'.repeat(1000) })?.length, 200);
    assert.equal(assigneeName(null), null);
    assert.equal(assigneeName(undefined), undefined);
  });

  it("issueHeader carries the store issue's assignee and bookmark", () => {
    const [issue] = z.parse(IssueListSchema, fixture('project-issues.json'));
    const h = issueHeader({ ...issue, assignedTo: { type: 'user', id: '1', name: 'Jane' }, isBookmarked: true });
    assert.equal(h.assignee, 'Jane');
    assert.equal(h.isBookmarked, true);
    assert.equal(issueHeader({ ...issue, assignedTo: null, isBookmarked: false }).assignee, null);
  });

  it("the panel's header counts the issue's whole life when the list sent `lifetime`, and says which it counts", () => {
    const [issue] = z.parse(IssueListSchema, fixture('project-issues.json'));
    const life = { count: '30', userCount: 13, firstSeen: '2024-01-01T00:00:00Z', lastSeen: '2024-03-01T00:00:00Z' };
    const listed = { ...issue, count: '28', userCount: 9, lifetime: life };
    const h = panelHeader(listed);
    assert.deepEqual([h.count, h.userCount, h.firstSeen, h.lastSeen, h.countScope], ['30', 13, life.firstSeen, life.lastSeen, 'lifetime']);
    assert.equal(h.shortId, issue.shortId, 'the rest is the issue header');
    // Without it (a server or list that leaves it out), or with a lifetime that does not parse: the list's counts, said as such.
    for (const lifetime of [undefined, null, { count: 30 }, { count: '3e9' }, { count: '<b>' }]) {
      const other = panelHeader({ ...issue, count: '28', userCount: 9, lifetime } as typeof issue);
      assert.deepEqual([other.count, other.userCount, other.countScope], ['28', 9, 'list'], JSON.stringify(lifetime));
    }
    // A lifetime time that is not one is not taken.
    assert.equal(panelHeader({ ...listed, lifetime: { ...life, lastSeen: 'soon' } }).lastSeen, issue.lastSeen);
  });
});
