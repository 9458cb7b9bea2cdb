// Shared fixture builders for the unit suites: valid by construction (each result is parsed by the
// schema the code under test uses), with fresh ids per call and any field overridable.
//   anIssue({ status: 'resolved' }), anEvent({ location: 'src/app.ts:12' }), aSession({ kind: 'apiKey' })
import { EventSchema, type SentryEvent } from '../../src/model/event/schema';
import { IssueSchema, type Issue } from '../../src/model/issue/schema';
import { StoredSessionSchema, type StoredSession } from '../../src/auth/core/sessionCodec';
import type { IssueRef } from '../../src/contracts/issueRef';
import * as z from '../../src/model/z';

let seq = 0;
const next = () => ++seq;

/** What the schema accepts as input: like Issue, but every field may be overridden with raw API values. */
export type IssueOverrides = Partial<Omit<Issue, 'project'>> & { project?: Partial<Issue['project']> };

/** An issue as GET /projects/{org}/{project}/issues/ returns it, unresolved, in acme/web-frontend. */
export function anIssue(overrides: IssueOverrides = {}): Issue {
  const n = next();
  const id = overrides.id ?? String(9_000_000_000 + n);
  const project = { id: '4501', name: 'web-frontend', slug: 'web-frontend', ...overrides.project };
  const shortId = overrides.shortId ?? `${project.slug.toUpperCase()}-${n.toString(36).toUpperCase()}`;
  return z.parse(IssueSchema, {
    id,
    shortId,
    title: `TypeError: cannot read property 'x' of undefined (${n})`,
    culprit: `app/module${n}.ts in handler`,
    type: 'error',
    level: 'error',
    logger: null,
    status: 'unresolved',
    statusDetails: {},
    count: '3',
    userCount: 1,
    numComments: 0,
    firstSeen: '2024-01-01T00:00:00Z',
    lastSeen: '2024-01-02T00:00:00Z',
    hasSeen: false,
    isBookmarked: false,
    isPublic: false,
    isSubscribed: false,
    subscriptionDetails: null,
    shareId: null,
    assignedTo: null,
    annotations: [],
    permalink: `https://sentry.io/organizations/acme/issues/${id}/`,
    metadata: { title: null },
    stats: {
      '24h': [
        [1704067200, 1],
        [1704070800, 2],
      ],
    },
    ...overrides,
    project,
  });
}

/**
 * An issue (as read) as the server sends it again: each stats period's counts back in Sentry's
 * `[seconds, count]` pairs, an hour apart (the reader keeps the counts alone: IssueSchema's stats).
 */
export function issueJson(issue: Issue): Record<string, unknown> {
  const start = Date.parse('2024-01-01T00:00:00Z') / 1000;
  const step = (period: string) => (period === '14d' ? 86_400 : 3_600);
  const stats = Object.fromEntries(Object.entries(issue.stats).map(([period, counts]) => [period, counts.map((c, i) => [start + i * step(period), c])]));
  return { ...issue, stats };
}

/** An event as an issue's events list returns it, without entries unless given. */
export function anEvent(overrides: Partial<SentryEvent> = {}): SentryEvent {
  const n = next();
  const hex = n.toString(16).padStart(32, '0');
  return z.parse(EventSchema, {
    id: hex,
    eventID: hex,
    groupID: '9000000001',
    projectID: '4501',
    tags: [
      { key: 'environment', value: 'production' },
      { key: 'level', value: 'error' },
    ],
    dateCreated: '2024-01-02T00:00:00Z',
    user: null,
    message: '',
    title: `TypeError: event ${n}`,
    platform: 'javascript',
    'event.type': 'error',
    crashFile: null,
    location: 'src/app.ts:12',
    culprit: 'app/module.ts in handler',
    metadata: { type: 'TypeError', value: `event ${n}` },
    ...overrides,
  });
}

type Kind = StoredSession['kind'];
export type SessionOverrides<K extends Kind> = { kind?: K } & Partial<Omit<Extract<StoredSession, { kind: K }>, 'kind'>>;

/** A stored session as SessionStore keeps it (an OAuth one unless `kind` says otherwise). */
export function aSession<K extends Kind = 'oauth'>(overrides: SessionOverrides<K> = {}): Extract<StoredSession, { kind: K }> {
  const n = next();
  const kind = overrides.kind ?? 'oauth';
  const common = {
    id: `session-${n}`,
    account: { id: '1', label: 'Jane Doe' },
    scopes: ['event:read', 'org:read', 'project:read'],
    scopesKnown: true,
    createdAt: 1_704_067_200_000,
  };
  const secret = `sntryu_${n.toString(16).padStart(64, '0')}`;
  const byKind = {
    oauth: { ...common, kind: 'oauth', accessToken: secret, refreshToken: `r_${secret}`, expiresAt: 1_704_067_200_000 + 30 * 86_400_000, via: 'device' },
    token: { ...common, kind: 'token', accessToken: secret },
    apiKey: { ...common, kind: 'apiKey', apiKey: n.toString(16).padStart(32, '0'), scopesKnown: false, scopes: [] },
  }[kind];
  return z.parse(StoredSessionSchema, { ...byKind, ...overrides, kind }) as Extract<StoredSession, { kind: K }>;
}

/** An IssueRef (acme/web-frontend unless given). */
export function anIssueRef(overrides: Partial<IssueRef> = {}): IssueRef {
  return { org: 'acme', project: 'web-frontend', issueId: String(9_000_000_000 + next()), ...overrides };
}

/** `{"a":{"a":...}}` nested `levels` deep, built without recursion (as JSON.parse would return it). */
export function nested(levels: number): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  let cur = root;
  for (let i = 1; i < levels; i++) {
    const next: Record<string, unknown> = {};
    cur.a = next;
    cur = next;
  }
  return root;
}

/**
 * An in-app frame of src/a.ts at line 10 with the source context a full event carries (lines 7–13;
 * its own line indented with tabs, as the editor's may not be), as the event parser reads it.
 */
export const aContextFrame = (over: Record<string, unknown> = {}) => ({
  filename: 'src/a.ts',
  absPath: 'webpack:///src/a.ts',
  lineNo: 10,
  inApp: true,
  context: [
    [7, 'seven'],
    [8, 'const price = prices[id];'],
    [9, '  if (!price)'],
    [10, '\t\tthrow new Error(id);'],
    [11, '  return price;'],
    [12, '}'],
    [13, 'thirteen'],
  ],
  ...over,
});
/** A raw event whose one exception has these frames. */
export const anEventWithFrames = (...frames: unknown[]) => ({ entries: [{ type: 'exception', data: { values: [{ stacktrace: { frames } }] } }] });
