import assert from 'node:assert/strict';
import { readFeedbackIssues, readUserReports } from '../../../../src/model/feedback/feedback';

/** getsentry/sentry-mcp packages/mcp-server-mocks/src/fixtures/feedback-issue.json, shortened, with the metadata create_feedback.py sets. */
const FEEDBACK_ISSUE = {
  id: '6507376999',
  shortId: 'CLOUDFLARE-MCP-99',
  title: 'User Feedback: Bug report from Jane',
  culprit: 'User Feedback Widget',
  level: 'info',
  status: 'unresolved',
  type: 'feedback',
  metadata: {
    value: "The checkout button doesn't work on mobile",
    type: 'Feedback',
    title: 'User Feedback: Bug report from Jane',
    name: 'Jane',
    contact_email: 'jane@example.com',
    associated_event_id: '957c1ee8f31e4e68a57b637dad557b32',
  },
  issueType: 'feedback',
  issueCategory: 'feedback',
  firstSeen: '2025-04-12T10:30:00.000000Z',
  lastSeen: '2025-04-12T10:30:00.000000Z',
};

/** getsentry/sentry-mcp packages/mcp-server-mocks/src/fixtures/issue-user-reports.json. */
const USER_REPORTS = [
  {
    id: '11974227',
    eventID: '957c1ee8f31e4e68a57b637dad557b32',
    name: 'Example Reporter',
    email: 'reporter@example.com',
    comments: 'i am currently testing it',
    dateCreated: '2026-06-22T02:37:27.878947Z',
    user: { id: 'user-123', username: 'example-reporter', email: 'reporter@example.com', name: 'Example Reporter' },
    event: { id: '957c1ee8f31e4e68a57b637dad557b32', eventID: '957c1ee8f31e4e68a57b637dad557b32' },
  },
  { id: '11974228', eventID: '057c1ee8f31e4e68a57b637dad557b33', name: '', email: '', comments: 'anonymous report with no event user', dateCreated: '2026-06-22T03:10:11.123456Z', user: null },
];

describe('model/feedback', () => {
  it('reads feedback issues (message, author, when, the event it was about) and skips other issues', () => {
    const list = readFeedbackIssues([FEEDBACK_ISSUE, { id: '1', issueCategory: 'error', title: 'TypeError' }]);
    assert.deepEqual(list.items, [
      {
        id: '6507376999',
        author: 'Jane',
        message: "The checkout button doesn't work on mobile",
        when: Date.parse('2025-04-12T10:30:00Z'),
        eventId: '957c1ee8f31e4e68a57b637dad557b32',
        source: 'feedback',
      },
    ]);
  });

  it('reads the older user reports, anonymous ones too', () => {
    const list = readUserReports(USER_REPORTS);
    assert.deepEqual(
      list.items.map((i) => [i.id, i.author, i.message, i.eventId, i.source]),
      [
        ['11974227', 'Example Reporter', 'i am currently testing it', '957c1ee8f31e4e68a57b637dad557b32', 'user-report'],
        ['11974228', '', 'anonymous report with no event user', '057c1ee8f31e4e68a57b637dad557b33', 'user-report'],
      ],
    );
  });

  it('masks secrets people paste into feedback', () => {
    const list = readUserReports([{ id: '1', name: 'x', comments: 'my key is ghp_abcdefghijklmnopqrstuvwxyz0123456789 help' }]);
    assert.ok(!list.items[0].message.includes('ghp_abcdef'), list.items[0].message);
    assert.equal(list.masked, 1);
    assert.deepEqual(readFeedbackIssues({ detail: 'x' }).items, []);
  });
});
