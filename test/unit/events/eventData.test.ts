import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { EventListSchema, EventSchema, IssueListSchema, TagDetailsSchema } from '../../../src/api/schemas';
import { issueHeader, toEventData, toTagData } from '../../../src/events/eventData';
import { framesNewestFirst } from '../../../src/api/schemas';

const fixture = (name: string) => JSON.parse(readFileSync(join(__dirname, '../../fixtures', name), 'utf8'));

describe('events: API resources -> protocol data', () => {
  it('keeps every field of spec 2.1 of a list event, without exceptions unless full', () => {
    const [e] = EventListSchema.parse(fixture('issue-events.json'));
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
    const e = EventSchema.parse(fixture('issue-event.json'));
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

  it('framesNewestFirst reverses without touching its input', () => {
    const input = [1, 2, 3];
    assert.deepEqual(framesNewestFirst(input), [3, 2, 1]);
    assert.deepEqual(input, [1, 2, 3]);
    assert.deepEqual(framesNewestFirst(null), []);
  });

  it('tag details and issue headers', () => {
    const t = toTagData(TagDetailsSchema.parse(fixture('issue-tag-details.json')));
    assert.ok(t.topValues.length > 0);
    assert.equal(typeof t.totalValues, 'number');
    const [issue] = IssueListSchema.parse(fixture('project-issues.json'));
    const h = issueHeader(issue);
    assert.equal(h.id, issue.id);
    assert.equal(h.shortId, issue.shortId);
    assert.equal(h.project, issue.project.slug);
    assert.equal(h.permalink, issue.permalink);
  });
});
