// Deterministic seed data: organizations, projects, issues and events.
// Everything random comes from one seeded PRNG, so ids, titles and counts are identical on every
// run. Times are offsets from an anchor (the sandbox clock at start-up), so data is always "recent".
import type { SeedCodeMapping } from './codeMappings';
import { PLATFORM_SPECS, PLATFORMS_DIR } from './platforms';
import { base32, Prng } from './prng';
import { crashSites, SiteFrame, CrashSite, WORKSPACE_DIR, ProjectSlug, workspaceLines } from './workspace';

export interface Member {
  id: string;
  name: string;
  email: string;
  username: string;
}

/** Who an issue is assigned to: a member (user) or a team, as Sentry's serializer names it. */
export interface Assignee {
  type: 'user' | 'team';
  id: string;
  name: string;
  /** Users only. */
  email?: string;
}

export function userAssignee(m: Member): Assignee {
  return { type: 'user', id: m.id, name: m.name, email: m.email };
}

export interface AppUser {
  id: string;
  email: string;
  username: string | null;
  ip_address: string;
  name: string | null;
}

export interface SeedOrg {
  id: string;
  slug: string;
  name: string;
  dateCreated: number;
  projects: SeedProject[];
  /** The data region the organization lives in on a multi-region server (sentry.io): 'us' unless the EU organization (SeedOptions.regions). */
  region: 'us' | 'de';
}

export interface SeedRelease {
  version: string;
  date: number;
}

export interface SeedProject {
  id: string;
  slug: string;
  name: string;
  platform: string;
  dateCreated: number;
  org: SeedOrg;
  issues: SeedIssue[];
  releases: SeedRelease[]; // oldest first
  /** The project's code mappings (test/sandbox/codeMappings.ts); none by default. */
  codeMappings?: SeedCodeMapping[];
  /** The SDK its events name, where the platform alone does not say (the platform corpus). */
  sdk?: { name: string; version: string };
}

export type IssueStatus = 'unresolved' | 'resolved' | 'ignored';

export interface SeedIssue {
  id: string;
  shortId: string;
  project: SeedProject;
  title: string;
  culprit: string;
  type: 'error' | 'generic';
  issueCategory: 'error' | 'feedback';
  issueType: string;
  level: 'fatal' | 'error' | 'warning' | 'info' | 'debug';
  logger: string | null;
  status: IssueStatus;
  statusDetails: Record<string, unknown>;
  substatus: string | null;
  priority: 'high' | 'medium' | 'low';
  firstSeen: number;
  lastSeen: number;
  hasSeen: boolean;
  isBookmarked: boolean;
  isPublic: boolean;
  isSubscribed: boolean;
  subscriptionDetails: Record<string, unknown> | null;
  shareId: string | null;
  assignedTo: Assignee | null;
  numComments: number;
  isUnhandled: boolean;
  metadata: Record<string, unknown>;
  hashes: string[];
  userCount: number;
  /** Exception of the events (null for feedback). */
  exception: { type: string; module: string | null; value: string; mechanism: string; handled: boolean } | null;
  /** Stack frames, oldest first, crash frame last (null: no stack trace). */
  frames: SiteFrame[] | null;
  /** How frame absPaths look: webpack:///./src/..., app:///src/..., or a server file-system path. */
  absPathStyle: 'webpack' | 'app' | 'fs';
  /** The event `location` (file:line, bare file name, or null). */
  location: string | null;
  /** Workspace file and line the issue points at (null when it points nowhere in the workspace). */
  workspaceFile: string | null;
  workspaceLine: number | null;
  crashSite: string | null;
  transactions: string[];
  /** Events, newest first. */
  events: SeedEvent[];
  /** Event times (ms), oldest first, for stats buckets. */
  times: number[];
}

export interface SeedEvent {
  eventID: string;
  issue: SeedIssue;
  time: number;
  environment: string;
  release: string;
  user: AppUser | null;
  message: string;
  transaction: string;
  url: string | null;
  browser: string | null;
  os: string | null;
  device: string | null;
  runtime: string | null;
  serverName: string | null;
  handled: boolean;
  mechanism: string;
}

export interface WorkspaceLocation {
  issueId: string;
  shortId: string;
  project: string;
  /** Workspace-relative path (forward slashes). */
  file: string;
  /** 1-based line, or null when the location carries no line. */
  line: number | null;
  /** The `location` string events of this issue carry. */
  location: string | null;
  title: string;
}

export interface Seed {
  anchor: number;
  orgs: SeedOrg[];
  projects: SeedProject[];
  issues: SeedIssue[];
  /** The signed-in user of every seeded credential (assigned:me). */
  user: Member;
  members: Member[];
  totalEvents: number;
  /** The issue titled exactly `<img src=x onerror=alert(1)>` (web-frontend). */
  xssIssue: SeedIssue;
  /** The issue with the most events (>= 2,000, web-frontend). */
  bigIssue: SeedIssue;
  /** An issue with a very long title. */
  longTitleIssue: SeedIssue;
  feedbackIssues: SeedIssue[];
  /** Issues whose events point into the sample workspace. */
  locations: WorkspaceLocation[];
  workspaceDir: string;
  /** The opt-in sprawl project (SeedOptions.sprawl), else null. */
  sprawl: SprawlSeed | null;
  /** The EU-only user (SeedOptions.regions), else null. */
  euUser: Member | null;
  org(idOrSlug: string): SeedOrg | undefined;
  project(idOrSlug: string, org?: string): SeedProject | undefined;
  issuesOf(project: string): SeedIssue[];
  issue(idOrShortId: string): SeedIssue | undefined;
  eventsOf(issueId: string): SeedEvent[];
  summary(): SeedSummary;
}

export interface SprawlSeed {
  project: SeedProject;
  /** Every synthetic file, in the order of their ids (`src/feature01/module01.ts` first). */
  files: string[];
}

export interface SeedSummary {
  orgs: Array<{ slug: string; id: string; projects: Array<{ slug: string; id: string; platform: string; issues: number; events: number }> }>;
  issues: number;
  events: number;
  xssIssue: { id: string; shortId: string };
  bigIssue: { id: string; shortId: string; events: number };
  longTitleIssue: { id: string; shortId: string };
  feedbackIssues: string[];
  workspaceDir: string;
  locations: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const SANDBOX_USER: Member = { id: '1', name: 'Jane Doe', email: 'jane@example.com', username: 'jane' };
const MEMBER_FIRST = ['Ada', 'Ben', 'Chen', 'Dara', 'Eli', 'Fay', 'Gus', 'Hana', 'Ivo', 'Jun', 'Kai', 'Lea', 'Max'];
const MEMBER_LAST = ['Lovelace', 'Okafor', 'Nguyen', 'Silva', 'Kowalski', 'Haddad'];
/** 30 members of every seeded organization (enough to page the members list); the first four are the seed's assignees. */
const MEMBERS: Member[] = [
  SANDBOX_USER,
  { id: '2', name: 'Bob Builder', email: 'bob@example.com', username: 'bob' },
  { id: '3', name: 'Carol Danvers', email: 'carol@example.com', username: 'carol' },
  { id: '4', name: 'Dev Ops', email: 'devops@example.com', username: 'devops' },
  ...Array.from({ length: 26 }, (_, k): Member => {
    const first = MEMBER_FIRST[k % MEMBER_FIRST.length];
    const last = MEMBER_LAST[k % MEMBER_LAST.length];
    const username = `${first}.${last}${k >= MEMBER_FIRST.length ? k : ''}`.toLowerCase();
    return { id: String(5 + k), name: `${first} ${last}`, email: `${username}@example.com`, username };
  }),
];

export const XSS_TITLE = '<img src=x onerror=alert(1)>';
export const TOTAL_EVENTS = 20_000;

interface ProjectPlan {
  org: string;
  id: string;
  slug: string;
  name: string;
  platform: string;
  issues: number;
}

const ORG_PLANS = [
  { id: '1', slug: 'acme', name: 'Acme Corp', createdDaysAgo: 900 },
  { id: '2', slug: 'globex', name: 'Globex', createdDaysAgo: 400 },
];

const PROJECT_PLANS: ProjectPlan[] = [
  { org: 'acme', id: '4501', slug: 'web-frontend', name: 'web-frontend', platform: 'javascript', issues: 1500 },
  { org: 'acme', id: '4502', slug: 'api-server', name: 'api-server', platform: 'python', issues: 320 },
  { org: 'acme', id: '4503', slug: 'worker', name: 'worker', platform: 'python', issues: 80 },
  { org: 'globex', id: '4601', slug: 'legacy-portal', name: 'legacy-portal', platform: 'php', issues: 24 },
];

/**
 * The sample workspace holds the code of acme's three projects, and Seer names their repositories
 * `acme/<slug>` (seer.ts): each project's code mapping (Settings > Integrations > Code Mappings in
 * Sentry) ties its frames to its repository's folder, as a user would set it up.
 */
const WORKSPACE_MAPPINGS: Record<string, { stackRoot: string; sourceRoot: string }> = {
  'web-frontend': { stackRoot: 'src/', sourceRoot: 'src/' },
  'api-server': { stackRoot: 'server/', sourceRoot: 'server/' },
  worker: { stackRoot: 'server/workers/', sourceRoot: 'server/workers/' },
};

const FIRST_NAMES = [
  'Ada',
  'Ben',
  'Chen',
  'Dana',
  'Eli',
  'Fatima',
  'Gus',
  'Hana',
  'Ivan',
  'Jo',
  'Kai',
  'Lena',
  'Mo',
  'Nia',
  'Omar',
  'Pia',
  'Quinn',
  'Ravi',
  'Sara',
  'Tom',
  'Uma',
  'Vic',
  'Wen',
  'Xena',
  'Yusuf',
  'Zoe',
];
const LAST_NAMES = ['Ng', 'Smith', 'Garcia', 'Kowalski', 'Okafor', 'Tanaka', 'Müller', 'Rossi', 'Silva', 'Dubois', 'Larsen', 'Khan'];

const TEMPLATE_VALUES: Record<string, (r: Prng) => string> = {
  coupon: (r) => r.pick(['SUMMER24', 'WELCOME10', 'FREESHIP', 'BLACKFRIDAY', 'VIP20', 'SPRING5']),
  order: (r) => `ord_${r.hex(8)}`,
  category: (r) => r.pick(['shoes', 'hats', 'jackets', 'socks', 'bags', 'gloves']),
  status5xx: (r) => String(r.pick([500, 502, 503, 504])),
  cart: (r) => r.hex(12),
  action: (r) => r.pick(['cart/clear', 'cart/update', 'session/expired', 'wishlist/add', 'checkout/started']),
  jstype: (r) => r.pick(['string', 'undefined', 'object']),
  word: (r) => r.pick(['two', 'ten', '', '1.5', 'N/A', 'null']),
  negint: (r) => String(-r.int(0, 5)),
  sku: (r) => `SKU-${r.int(1000, 9999)}`,
  n: (r) => String(r.int(1000, 99999)),
  n1: (r) => String(r.int(1, 20)),
  n2: (r) => String(r.int(21, 80)),
  amount: (r) => `${r.int(100, 900)}.${r.int(10, 99)}`,
  amount2: (r) => `${r.int(10, 99)}.${r.int(10, 99)}`,
  uuid: (r) => `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}`,
  day: (r) => `2024-0${r.int(1, 9)}-1${r.int(0, 9)}`,
};

function fill(template: string, r: Prng): string {
  return template.replace(/\{([a-z0-9]+)\}/g, (m, name: string) => (TEMPLATE_VALUES[name] ? TEMPLATE_VALUES[name](r) : m));
}

// Issues that do not point into the sample workspace.
interface ExternalSite {
  key: string;
  project: ProjectSlug | 'legacy-portal';
  exception: { type: string; module?: string; values: string[] };
  frames: SiteFrame[] | null; // null: no stack trace (location null)
  transactions: string[];
}

function extFrame(filename: string, fn: string, lineNo: number, code: string, inApp: boolean, module: string | null = null): SiteFrame {
  return {
    filename,
    absPath: filename.endsWith('.php') ? `/var/www/portal/${filename}` : filename.endsWith('.py') ? `/usr/local/lib/python3.11/site-packages/${filename}` : filename,
    module,
    function: fn,
    lineNo,
    colNo: null,
    inApp,
    context: [
      [lineNo - 1, ''],
      [lineNo, code],
      [lineNo + 1, ''],
    ],
    vars: null,
    workspace: false,
  };
}

const EXTERNAL_SITES: ExternalSite[] = [
  {
    key: 'chunk-load',
    project: 'web-frontend',
    exception: { type: 'ChunkLoadError', values: ['Loading chunk {n1} failed.\n(error: https://shop.example.com/static/js/{n1}.chunk.js)'] },
    frames: [{ ...extFrame('webpack/runtime/jsonp chunk loading', 'HTMLScriptElement.onScriptComplete', 27, '\t\t\t\t\t\t\t\terror.type = errorType;', false), colNo: 29 }],
    transactions: ['/products/:category'],
  },
  {
    key: 'resize-observer',
    project: 'web-frontend',
    exception: { type: 'Error', values: ['ResizeObserver loop completed with undelivered notifications.', 'ResizeObserver loop limit exceeded'] },
    frames: null,
    transactions: ['/cart', '/products/:category'],
  },
  {
    key: 'unhandled-rejection',
    project: 'web-frontend',
    exception: { type: 'UnhandledRejection', values: ['Non-Error promise rejection captured with value: {word}', 'Object captured as promise rejection with keys: code, message'] },
    frames: null,
    transactions: ['/checkout/:cartId'],
  },
  {
    key: 'soft-time-limit',
    project: 'worker',
    exception: { type: 'SoftTimeLimitExceeded', module: 'billiard.exceptions', values: ['SoftTimeLimitExceeded()'] },
    frames: null,
    transactions: ['server.workers.tasks.sync_inventory', 'server.workers.tasks.compute_daily_report'],
  },
  {
    key: 'gunicorn-timeout',
    project: 'api-server',
    exception: { type: 'SystemExit', values: ['1'] },
    frames: [extFrame('gunicorn/workers/base.py', 'handle_abort', 204, '        sys.exit(1)', false, 'gunicorn.workers.base')],
    transactions: ['/api/v2/orders/'],
  },
  {
    key: 'php-db',
    project: 'legacy-portal',
    exception: { type: 'PDOException', values: ['SQLSTATE[HY000] [2002] Connection refused', 'SQLSTATE[42S02]: Base table or view not found: 1146'] },
    frames: [
      extFrame('index.php', '{main}', 42, '$app->run();', true),
      extFrame('lib/Legacy/App.php', 'Legacy\\App::run', 77, '        $this->db->connect();', true),
      extFrame('lib/Legacy/Db.php', 'Legacy\\Db::connect', 118, '        $this->pdo = new \\PDO($this->dsn, $this->user, $this->password);', true),
    ],
    transactions: ['/index.php'],
  },
  {
    key: 'php-undefined',
    project: 'legacy-portal',
    exception: { type: 'ErrorException', values: ['Warning: Undefined array key "{word}"', 'Warning: Undefined variable $customer'] },
    frames: [extFrame('index.php', '{main}', 42, '$app->run();', true), extFrame('templates/invoice.php', 'include', 12, '<td><?= $customer["name"] ?></td>', true)],
    transactions: ['/invoice.php'],
  },
];

const FEEDBACK_MESSAGES = [
  'The checkout button does nothing on my phone.',
  'Prices show as NaN after applying a coupon.',
  'I was logged out in the middle of paying!',
  'Search results never load for "winter boots".',
  'The cart page is very slow today.',
  'Love the new design, but the font is tiny.',
  'Got charged twice for order C-00048213.',
  'Images are broken on the product page.',
  'Cannot change my email address in settings.',
  'The app crashes when I remove the last item from the cart.',
  '<script>alert("feedback")</script> typed into the widget',
  'Coupon WELCOME10 says it is no longer active.',
];

function iso(ms: number): string {
  return new Date(ms).toISOString();
}
export { iso };

/** Extra data a seed may carry beyond the default (which stays the same without it). */
export interface SeedOptions {
  /** One more project whose issues are spread over many synthetic source files (see SprawlOptions). */
  sprawl?: SprawlOptions;
  /**
   * One project per platform of test/sandbox/platforms.ts (`<key>-app` in org acme), one issue per frame
   * of its corpus, whose events' frames have the shapes of Sentry's samples and point into
   * test/sandbox/platforms/ (PLATFORMS_DIR), and the code mappings the corpus names.
   */
  platforms?: boolean;
  /**
   * The EU organization `euro` (region 'de') with its project `eu-shop` (EU_PROJECT_ID, javascript,
   * EU_ISSUES issues), and EU_USER, a member of that organization alone.
   */
  regions?: boolean;
}

export const EU_ORG = 'euro';
export const EU_PROJECT = 'eu-shop';
export const EU_PROJECT_ID = '4901';
const EU_ISSUES = 12;
const EU_SEED = 0xe0e0;
/** The user of an EU-only account: a member of the EU organization and of no other. */
export const EU_USER: Member = { id: '31', name: 'Eva Europa', email: 'eva@example.eu', username: 'eva' };

/**
 * A project whose unresolved error issues are spread over many files, as in a real codebase: each
 * issue crashes at `<file>:<line>` of one of `files` synthetic workspace-relative paths
 * (`src/feature07/module12.ts`; the files need not exist), with 1-5 events in the last 14 days.
 */
export interface SprawlOptions {
  /** Seeded organization to add the project to (default 'acme'). */
  org?: string;
  /** Project slug (default 'sprawl'); short IDs are `<SLUG>-<base36>`. Must not be a seeded project's. */
  project?: string;
  /** How many issues (at least 1). */
  issues: number;
  /** How many distinct files their crashes land in (at least 1; every file gets one when issues >= files). */
  files: number;
  /** PRNG seed (default SPRAWL_SEED): other seeds give other files, lines and issues. */
  seed?: number;
}

export const SPRAWL_SEED = 20250101;
/** The sprawl project's id, unless a seeded project already has it (then one above the largest). */
export const SPRAWL_PROJECT_ID = '4701';
const SPRAWL_WINDOW = 14 * DAY;

/** Build the seed data anchored at `anchorMs` (rounded down to the second). */
export function createSeed(anchorMs: number, workspaceDir = WORKSPACE_DIR, options: SeedOptions = {}): Seed {
  const anchor = Math.floor(anchorMs / 1000) * 1000;
  const r = new Prng(20240611);
  const sites = crashSites(workspaceDir);
  if (options.sprawl) checkSprawl(options.sprawl);

  // ------------------------------------------------------------------ orgs and projects
  const orgs: SeedOrg[] = ORG_PLANS.map((o) => ({
    id: o.id,
    slug: o.slug,
    name: o.name,
    dateCreated: anchor - o.createdDaysAgo * DAY + 1234,
    projects: [],
    region: 'us' as const,
  }));
  const projects: SeedProject[] = PROJECT_PLANS.map((p, i) => {
    const org = orgs.find((o) => o.slug === p.org)!;
    const project: SeedProject = {
      id: p.id,
      slug: p.slug,
      name: p.name,
      platform: p.platform,
      dateCreated: org.dateCreated + (i + 1) * DAY * 3,
      org,
      issues: [],
      releases: projectReleases(p.slug, anchor, r),
    };
    const mapping = p.org === 'acme' ? WORKSPACE_MAPPINGS[p.slug] : undefined;
    if (mapping) project.codeMappings = [{ id: String(11 + i), ...mapping, repoName: `acme/${p.slug}`, defaultBranch: 'main', automaticallyGenerated: false }];
    org.projects.push(project);
    return project;
  });

  // ------------------------------------------------------------------ end users
  const appUsers: AppUser[] = [];
  for (let i = 0; i < 500; i++) {
    const first = r.pick(FIRST_NAMES);
    const last = r.pick(LAST_NAMES);
    const handle = `${first}.${last}`.toLowerCase().replace(/ü/g, 'ue');
    appUsers.push({
      id: String(10_001 + i),
      email: `${handle}${i}@example.org`,
      username: r.bool(0.6) ? `${handle}${i}` : null,
      ip_address: `${r.int(11, 223)}.${r.int(0, 255)}.${r.int(0, 255)}.${r.int(1, 254)}`,
      name: r.bool(0.8) ? `${first} ${last}` : null,
    });
  }

  // ------------------------------------------------------------------ issues (without events)
  const issues: SeedIssue[] = [];
  let nextIssueId = 4_800_000_001;
  const hotCounts = new Map<string, number>(); // `${project}#${index}` -> events
  hotCounts.set('web-frontend#3', 2400);
  hotCounts.set('api-server#0', 900);
  hotCounts.set('worker#1', 600);
  hotCounts.set('web-frontend#9', 500);
  hotCounts.set('web-frontend#24', 300);
  const feedbackIndexes = new Set([5, 40, 77, 130, 222, 310, 420, 555, 700, 860, 1010, 1333]);

  for (const project of projects) {
    const plan = PROJECT_PLANS.find((p) => p.slug === project.slug)!;
    const projectSites = sites.filter((s) => s.project === project.slug);
    const externals = EXTERNAL_SITES.filter((s) => s.project === project.slug);
    for (let index = 0; index < plan.issues; index++) {
      const id = String(nextIssueId);
      nextIssueId += r.int(1, 3);
      const shortId = `${project.slug.toUpperCase()}-${base32(index + 1)}`;
      const isFeedback = project.slug === 'web-frontend' && feedbackIndexes.has(index);
      const hot = hotCounts.has(`${project.slug}#${index}`);

      // Times (ms before the anchor).
      let firstAgo: number;
      let lastAgo: number;
      if (hot) {
        firstAgo = index === 3 && project.slug === 'web-frontend' ? 100 * DAY : r.int(30, 95) * DAY;
        lastAgo = r.int(1, 20) * 60_000;
      } else {
        firstAgo = Math.max(10 * 60_000, Math.round(Math.pow(r.next(), 1.4) * 120 * DAY));
        lastAgo = Math.round(firstAgo * Math.pow(r.next(), 3));
      }
      const status: IssueStatus = hot
        ? 'unresolved'
        : r.weighted([
            ['unresolved', 65],
            ['resolved', 25],
            ['ignored', 10],
          ] as const);
      if (status === 'resolved' && lastAgo < DAY && firstAgo > 2 * DAY) lastAgo = DAY + r.int(0, 10) * HOUR;

      const level = isFeedback ? 'info' : drawLevel(r);
      const issue = newIssue(r, { id, shortId, project, anchor, firstAgo, lastAgo, status, level });

      if (isFeedback) {
        const msg = FEEDBACK_MESSAGES[[...feedbackIndexes].indexOf(index) % FEEDBACK_MESSAGES.length];
        const who = r.pick(appUsers);
        issue.type = 'generic';
        issue.issueCategory = 'feedback';
        issue.issueType = 'feedback';
        issue.title = `User Feedback: ${msg.length > 60 ? msg.slice(0, 57) + '...' : msg}`;
        issue.culprit = 'user';
        issue.metadata = { title: 'User Feedback', value: msg, message: msg, name: who.name ?? who.email, contact_email: who.email, source: 'new_feedback_envelope' };
        issue.transactions = ['/cart'];
        issue.absPathStyle = 'app';
      } else {
        const useExternal = project.slug === 'legacy-portal' || (externals.length > 0 && r.bool(0.1));
        if (useExternal) {
          const site = r.pick(externals);
          const ex = r.pick([site.exception]);
          const value = fill(r.pick(ex.values), r);
          issue.crashSite = site.key;
          issue.frames = site.frames;
          issue.transactions = site.transactions;
          issue.exception = { type: ex.type, module: ex.module ?? null, value, mechanism: site.frames ? 'generic' : 'onunhandledrejection', handled: r.bool(0.5) };
          const crash = site.frames ? ([...site.frames].reverse().find((f) => f.inApp) ?? site.frames[site.frames.length - 1]) : null;
          issue.location = crash ? `${crash.filename}:${crash.lineNo}` : null;
          issue.culprit = crash ? `${crash.filename} in ${crash.function}` : site.transactions[0];
          // Error metadata has no `title`: Sentry's OpenAPI makes metadata oneOf {filename, type, value} | {title}.
          issue.metadata = crash ? { type: ex.type, value, filename: crash.filename, function: crash.function } : { type: ex.type, value, filename: '' };
        } else {
          const site: CrashSite = hot && project.slug === 'web-frontend' && index === 3 ? projectSites[0] : r.pick(projectSites);
          crashAt(issue, site, r, true);
        }
        finishError(issue, r);
      }
      project.issues.push(issue);
      issues.push(issue);
    }
  }

  // Special issues used by tests.
  const web = projects[0];
  const xssIssue = web.issues[1];
  xssIssue.title = XSS_TITLE;
  xssIssue.metadata = { ...xssIssue.metadata, value: XSS_TITLE };
  if (xssIssue.exception) xssIssue.exception.value = XSS_TITLE;
  xssIssue.culprit = '<b onmouseover=alert(2)>Cart</b> in handleCheckout';
  xssIssue.status = 'unresolved';
  xssIssue.statusDetails = {};
  xssIssue.substatus = 'new';
  xssIssue.issueCategory = 'error';
  xssIssue.lastSeen = anchor - 3 * 60_000;
  xssIssue.firstSeen = anchor - 5 * DAY;
  const longTitleIssue = web.issues[2];
  const longValue = `Failed to render component tree: ${'a very long explanation of what went wrong '.repeat(12).trim()} (end)`;
  longTitleIssue.title = `Error: ${longValue}`;
  longTitleIssue.metadata = { ...longTitleIssue.metadata, type: 'Error', value: longValue };
  if (longTitleIssue.exception) longTitleIssue.exception = { ...longTitleIssue.exception, type: 'Error', value: longValue };

  // ------------------------------------------------------------------ event counts (exactly TOTAL_EVENTS)
  const counts = new Array<number>(issues.length).fill(1);
  let fixed = 0;
  const free: number[] = [];
  issues.forEach((issue, i) => {
    const idx = issue.project.issues.indexOf(issue);
    const hot = hotCounts.get(`${issue.project.slug}#${idx}`);
    if (hot) {
      counts[i] = hot;
      fixed += hot;
    } else if (issue.issueCategory === 'feedback') {
      fixed += 1;
    } else if (issue === xssIssue) {
      counts[i] = 5;
      fixed += 5;
    } else {
      free.push(i);
    }
  });
  const budget = TOTAL_EVENTS - fixed - free.length; // beyond one event each
  const weights = free.map(() => Math.pow(r.next(), 7));
  const wsum = weights.reduce((a, b) => a + b, 0);
  let given = 0;
  free.forEach((i, k) => {
    const extra = Math.floor((budget * weights[k]) / wsum);
    counts[i] += extra;
    given += extra;
  });
  for (let k = 0; given < budget; k = (k + 1) % free.length, given++) counts[free[k]] += 1;

  // ------------------------------------------------------------------ events
  const events: EventContext = { anchor, appUsers, xssIssue };
  let totalEvents = 0;
  issues.forEach((issue, i) => {
    totalEvents += addEvents(issue, counts[i], r, events);
  });

  // ------------------------------------------------------------------ the sprawl project (opt-in)
  let sprawl: SprawlSeed | null = null;
  if (options.sprawl) {
    const added = addSprawl(options.sprawl, { anchor, orgs, projects, sites, events, nextIssueId });
    sprawl = { project: added.project, files: added.files };
    projects.push(added.project);
    added.project.org.projects.push(added.project);
    issues.push(...added.project.issues);
    totalEvents += added.events;
  }
  if (options.platforms) {
    const added = addPlatforms({ anchor, orgs, projects, sites, events, nextIssueId: Math.max(nextIssueId, ...issues.map((i) => Number(i.id) + 1)) });
    for (const project of added.projects) {
      projects.push(project);
      project.org.projects.push(project);
      issues.push(...project.issues);
    }
    totalEvents += added.events;
  }

  if (options.regions) {
    // After every other project, from its own PRNG: the default seed stays as it was.
    const euro: SeedOrg = { id: '3', slug: EU_ORG, name: 'Euro GmbH', dateCreated: anchor - 200 * DAY + 1234, projects: [], region: 'de' };
    orgs.push(euro);
    const added = addSprawl(
      { org: EU_ORG, project: EU_PROJECT, issues: EU_ISSUES, files: 4, seed: EU_SEED },
      { anchor, orgs, projects, sites, events, nextIssueId: Math.max(nextIssueId, ...issues.map((i) => Number(i.id) + 1)) },
    );
    added.project.id = EU_PROJECT_ID;
    projects.push(added.project);
    euro.projects.push(added.project);
    issues.push(...added.project.issues);
    totalEvents += added.events;
  }

  // ------------------------------------------------------------------ lookups and helpers
  const byId = new Map<string, SeedIssue>();
  const byShortId = new Map<string, SeedIssue>();
  for (const issue of issues) {
    byId.set(issue.id, issue);
    byShortId.set(issue.shortId.toUpperCase(), issue);
  }
  if (byId.size !== issues.length || byShortId.size !== issues.length) throw new Error('sandbox seed: issue ids or short IDs collide');
  const locations: WorkspaceLocation[] = issues
    .filter((i) => i.workspaceFile)
    .map((i) => ({ issueId: i.id, shortId: i.shortId, project: i.project.slug, file: i.workspaceFile!, line: i.workspaceLine, location: i.location, title: i.title }));
  const bigIssue = issues.reduce((a, b) => (b.events.length > a.events.length ? b : a));
  const feedbackIssues = issues.filter((i) => i.issueCategory === 'feedback');

  const seed: Seed = {
    anchor,
    orgs,
    projects,
    issues,
    user: SANDBOX_USER,
    members: MEMBERS,
    totalEvents,
    xssIssue,
    bigIssue,
    longTitleIssue,
    feedbackIssues,
    locations,
    workspaceDir,
    sprawl,
    euUser: options.regions ? EU_USER : null,
    org: (key) => orgs.find((o) => o.slug === key || o.id === key),
    project: (key, org) => projects.find((p) => (p.slug === key || p.id === key) && (!org || p.org.slug === org || p.org.id === org)),
    issuesOf: (key) => projects.find((p) => p.slug === key || p.id === key)?.issues ?? [],
    issue: (key) => byId.get(key) ?? byShortId.get(key.toUpperCase()),
    eventsOf: (key) => (byId.get(key) ?? byShortId.get(key.toUpperCase()))?.events ?? [],
    summary: () => ({
      orgs: orgs.map((o) => ({
        slug: o.slug,
        id: o.id,
        projects: o.projects.map((p) => ({ slug: p.slug, id: p.id, platform: p.platform, issues: p.issues.length, events: p.issues.reduce((a, i) => a + i.events.length, 0) })),
      })),
      issues: issues.length,
      events: totalEvents,
      xssIssue: { id: xssIssue.id, shortId: xssIssue.shortId },
      bigIssue: { id: bigIssue.id, shortId: bigIssue.shortId, events: bigIssue.events.length },
      longTitleIssue: { id: longTitleIssue.id, shortId: longTitleIssue.shortId },
      feedbackIssues: feedbackIssues.map((i) => i.id),
      workspaceDir,
      locations: locations.length,
    }),
  };
  return seed;
}

// ------------------------------------------------------------------ building blocks of createSeed
// Each draws from the PRNG it is given in a fixed order: the default seed calls them with its own
// PRNG, the sprawl project with another, so the default seed is the same with or without it.

/** Twelve releases, one every 10 days, the newest 1 day before the anchor. */
function projectReleases(slug: string, anchor: number, r: Prng): SeedRelease[] {
  const releases: SeedRelease[] = [];
  for (let k = 0; k < 12; k++) {
    const date = anchor - (12 - k) * 10 * DAY + DAY * 9;
    let version: string;
    if (slug === 'api-server') version = r.hex(40);
    else if (slug === 'web-frontend') version = `web-frontend@2.${k}.0`;
    else version = `${slug}@${3 + Math.floor(k / 5)}.${k % 5}.${r.int(0, 3)}`;
    releases.push({ version, date });
  }
  return releases;
}

function drawLevel(r: Prng): SeedIssue['level'] {
  return r.weighted([
    ['error', 70],
    ['fatal', 8],
    ['warning', 14],
    ['info', 5],
    ['debug', 3],
  ] as const);
}

interface IssueDraft {
  id: string;
  shortId: string;
  project: SeedProject;
  anchor: number;
  /** ms before the anchor. */
  firstAgo: number;
  lastAgo: number;
  status: IssueStatus;
  level: SeedIssue['level'];
}

/** An issue with its triage fields (assignee, flags, status details, substatus, priority) and hashes; no content or events yet. */
function newIssue(r: Prng, d: IssueDraft): SeedIssue {
  const { id, shortId, project, anchor, firstAgo, lastAgo, status, level } = d;
  const assigned = r.next();
  const assignedTo = assigned < 0.15 ? userAssignee(SANDBOX_USER) : assigned < 0.3 ? userAssignee(MEMBERS[1 + r.int(0, 2)]) : null;
  const hasSeen = r.bool(0.6);
  const isPublic = r.bool(0.02);
  const isSubscribed = r.bool(0.4);
  const numComments = r.bool(0.8) ? 0 : r.int(1, 6);

  let statusDetails: Record<string, unknown> = {};
  let substatus: string | null = null;
  if (status === 'resolved') {
    const kind = r.int(0, 2);
    if (kind === 1) statusDetails = { inRelease: project.releases[11].version, actor: { id: SANDBOX_USER.id, name: SANDBOX_USER.name, email: SANDBOX_USER.email } };
    else if (kind === 2) statusDetails = { inNextRelease: true };
  } else if (status === 'ignored') {
    substatus = r.bool(0.5) ? 'archived_until_escalating' : 'archived_forever';
    const kind = r.int(0, 2);
    if (kind === 1) statusDetails = { ignoreCount: 100, ignoreWindow: 60 };
    else if (kind === 2) statusDetails = { ignoreUntil: iso(anchor + r.int(1, 14) * DAY) };
  } else {
    substatus =
      firstAgo < 7 * DAY
        ? 'new'
        : r.weighted([
            ['ongoing', 80],
            ['regressed', 12],
            ['escalating', 8],
          ] as const);
  }

  const issue: SeedIssue = {
    id,
    shortId,
    project,
    title: '',
    culprit: '',
    type: 'error',
    issueCategory: 'error',
    issueType: 'error',
    level,
    logger: null,
    status,
    statusDetails,
    substatus,
    priority: level === 'fatal' ? 'high' : level === 'error' ? r.pick(['high', 'medium'] as const) : 'low',
    firstSeen: anchor - firstAgo,
    lastSeen: anchor - lastAgo,
    hasSeen,
    isBookmarked: r.bool(0.05),
    isPublic,
    isSubscribed,
    subscriptionDetails: isSubscribed ? { reason: r.pick(['unknown', 'commented', 'assigned', 'bookmarked']) } : null,
    shareId: isPublic ? r.hex(32) : null,
    assignedTo,
    numComments,
    isUnhandled: false,
    metadata: {},
    hashes: [],
    userCount: 0,
    exception: null,
    frames: null,
    absPathStyle: project.platform === 'javascript' ? (r.bool(0.5) ? 'webpack' : 'app') : 'fs',
    location: null,
    workspaceFile: null,
    workspaceLine: null,
    crashSite: null,
    transactions: [],
    events: [],
    times: [],
  };
  const nHashes = r.int(1, 3);
  for (let h = 0; h < nHashes; h++) issue.hashes.push(r.hex(32));
  return issue;
}

/** What crashAt needs of a crash site: a workspace one, or a synthetic one of the sprawl project. */
type Site = Pick<CrashSite, 'key' | 'platform' | 'frames' | 'locationFrame' | 'exceptions' | 'transactions'>;

/**
 * The issue crashes at the site: exception, frames, `location` (`file:line`, or with `allowBare` a
 * bare file name for about 12%), workspace file and line, culprit and metadata.
 */
function crashAt(issue: SeedIssue, site: Site, r: Prng, allowBare: boolean): void {
  const ex = r.pick(site.exceptions);
  const value = fill(r.pick(ex.values), r);
  const bare = allowBare && r.bool(0.12);
  const crash = site.locationFrame;
  issue.crashSite = site.key;
  issue.transactions = site.transactions;
  issue.exception = {
    type: ex.type,
    module: ex.module ?? null,
    value,
    mechanism: site.platform === 'python' ? (site.frames[0]?.module?.startsWith('celery') ? 'celery' : 'flask') : r.pick(['onerror', 'generic', 'instrument']),
    handled: r.bool(0.4),
  };
  if (bare) {
    // The SDK knew no line: location is a bare file name and the crash frame has no line.
    const noLine: SiteFrame = { ...crash, lineNo: null, colNo: null, context: [] };
    issue.frames = site.frames.map((f) => (f === crash ? noLine : f));
    issue.location = crash.filename.split('/').pop()!;
    issue.workspaceLine = null;
  } else {
    issue.frames = site.frames;
    issue.location = `${crash.filename}:${crash.lineNo}`;
    issue.workspaceLine = crash.lineNo;
  }
  issue.workspaceFile = crash.filename;
  issue.culprit = site.platform === 'python' ? `${crash.module} in ${crash.function}` : `${crash.function}(${crash.module})`;
  issue.metadata = { type: ex.type, value, filename: crash.filename, function: crash.function, in_app_frame_mix: site.frames.some((f) => !f.inApp) ? 'mixed' : 'in-app-only' };
}

/** Title, unhandled flag and logger of an error issue whose exception is set. */
function finishError(issue: SeedIssue, r: Prng): void {
  issue.title = `${issue.exception!.type}: ${issue.exception!.value}`;
  issue.isUnhandled = !issue.exception!.handled;
  issue.logger = issue.project.platform === 'python' ? r.pick([null, 'root', 'server.api', 'celery.app.trace']) : null;
}

const ENVIRONMENTS = [
  ['production', 70],
  ['staging', 20],
  ['development', 10],
] as const;
const BROWSERS = [
  ['Chrome 126.0.0', 50],
  ['Firefox 127.0', 15],
  ['Safari 17.5', 20],
  ['Edge 126.0.0', 10],
  ['Mobile Safari 17.5', 5],
] as const;
const JS_OS: Record<string, string[]> = {
  Chrome: ['Windows 10', 'Mac OS X 10.15.7', 'Linux', 'Android 14'],
  Firefox: ['Windows 10', 'Ubuntu', 'Mac OS X 10.15'],
  Safari: ['Mac OS X 10.15.7'],
  Edge: ['Windows 10', 'Windows 11'],
  'Mobile Safari': ['iOS 17.5.1'],
};

interface EventContext {
  anchor: number;
  appUsers: AppUser[];
  xssIssue: SeedIssue;
}

/**
 * `n` events of the issue between its firstSeen and lastSeen (both become event times, to the
 * second), with users, releases, environments and the platform's tags; returns `n`.
 */
function addEvents(issue: SeedIssue, n: number, r: Prng, ctx: EventContext): number {
  const { anchor, appUsers, xssIssue } = ctx;
  const project = issue.project;
  const firstAgo = anchor - issue.firstSeen;
  const lastAgo = anchor - issue.lastSeen;
  const offsets: number[] = [];
  if (n === 1) {
    offsets.push(lastAgo);
    issue.firstSeen = issue.lastSeen;
  } else {
    offsets.push(lastAgo, firstAgo);
    for (let k = 2; k < n; k++) offsets.push(lastAgo + (firstAgo - lastAgo) * Math.pow(r.next(), 2.5));
  }
  const times = offsets.map((o) => Math.floor((anchor - o) / 1000) * 1000).sort((a, b) => a - b);
  issue.firstSeen = times[0];
  issue.lastSeen = times[times.length - 1];
  issue.times = times;
  const pool: AppUser[] = [];
  const poolSize = Math.max(1, Math.min(300, Math.round(n * (0.2 + r.next() * 0.6))));
  for (let k = 0; k < poolSize; k++) pool.push(appUsers[r.int(0, appUsers.length - 1)]);
  const seenUsers = new Set<string>();
  const events: SeedEvent[] = [];
  for (let k = times.length - 1; k >= 0; k--) {
    const time = times[k];
    const user = r.bool(0.15) ? null : r.pick(pool);
    if (user) seenUsers.add(user.id);
    const rel = releaseAt(project, time, r);
    let browser: string | null = null;
    let os: string;
    let device: string | null = null;
    let runtime: string | null = null;
    let serverName: string | null = null;
    let url: string | null = null;
    const transaction = r.pick(issue.transactions);
    if (project.platform === 'javascript') {
      browser = r.weighted(BROWSERS);
      const bname = browser.replace(/ [\d.]+$/, '');
      os = r.pick(JS_OS[bname] ?? ['Other']);
      device = os.startsWith('iOS') ? 'iPhone' : os.startsWith('Android') ? 'Samsung SM-S911B' : os.startsWith('Mac') ? 'Mac' : 'Other';
      url = `https://shop.example.com${transaction.replace(/:(\w+)/g, () => r.hex(6))}`;
    } else if (project.slug === 'api-server') {
      browser = r.weighted(BROWSERS);
      os = r.pick(['Mac OS X 10.15.7', 'Windows 10', 'iOS 17.5.1', 'Android 14']);
      device = os.startsWith('iOS') ? 'iPhone' : 'Other';
      runtime = r.pick(['CPython 3.11.9', 'CPython 3.11.9', 'CPython 3.12.4']);
      serverName = `api-${r.int(1, 4)}.internal`;
      url = `https://api.example.com${transaction.replace(/<(?:int:)?(\w+)>/g, () => String(r.int(1000, 99999)))}`;
    } else if (project.slug === 'worker') {
      os = 'Linux';
      runtime = 'CPython 3.11.9';
      serverName = `worker-${r.int(1, 3)}.internal`;
    } else {
      os = 'Linux';
      runtime = 'PHP 7.4.33';
      serverName = 'legacy-1.globex.internal';
      url = `https://portal.globex.example${transaction}`;
    }
    let message = '';
    if (issue.issueCategory === 'feedback') message = String(issue.metadata.message);
    else if (issue === xssIssue) message = '<script>alert("message")</script>';
    else if (project.platform === 'python' && r.bool(0.2)) message = `${issue.exception!.type}: ${issue.exception!.value}`;
    events.push({
      eventID: r.hex(32),
      issue,
      time,
      environment: r.weighted(ENVIRONMENTS),
      release: rel,
      user: issue === xssIssue && user ? { ...user, name: '<img src=x onerror=alert(3)>' } : user,
      message,
      transaction: issue === xssIssue ? '/cart/<svg onload=alert(4)>' : transaction,
      url,
      browser,
      os,
      device,
      runtime,
      serverName,
      handled: issue.exception ? issue.exception.handled : true,
      mechanism: issue.exception ? issue.exception.mechanism : 'feedback',
    });
  }
  issue.events = events;
  issue.userCount = seenUsers.size;
  return events.length;
}

// ------------------------------------------------------------------ the sprawl project

function checkSprawl(o: SprawlOptions): void {
  const count = (name: string, v: unknown) => {
    if (typeof v !== 'number' || !Number.isInteger(v) || v < 1) throw new Error(`sprawl.${name} must be an integer of at least 1, not ${JSON.stringify(v)}`);
  };
  count('issues', o.issues);
  count('files', o.files);
  if (o.seed !== undefined && (typeof o.seed !== 'number' || !Number.isInteger(o.seed))) throw new Error(`sprawl.seed must be an integer, not ${JSON.stringify(o.seed)}`);
  if (o.project !== undefined && !/^[a-z0-9][a-z0-9_-]*$/.test(o.project)) throw new Error(`sprawl.project must be a project slug, not ${JSON.stringify(o.project)}`);
}

interface SprawlFile {
  path: string;
  /** `feature07`: transactions are `/feature07` and `/feature07/:id`. */
  feature: string;
  weight: number;
}

/** Functions of the synthetic files (the culprit is `<function>(<path without extension>)`, as for web-frontend). */
const SPRAWL_FUNCTIONS = [
  'render',
  'load',
  'save',
  'validate',
  'parse',
  'format',
  'handleClick',
  'handleSubmit',
  'fetchItems',
  'update',
  'compute',
  'reduce',
  'subscribe',
  'dispatch',
  'init',
  'resolve',
  'transform',
  'serialize',
];
/** Context lines around a synthetic frame's line (the files need not exist); the frame's own line calls something. */
const SPRAWL_CODE = [
  '  if (!input) return null;',
  '  const value = input.value;',
  '  // keep the previous state until the request settles',
  '  state.pending = false;',
  '  return result;',
  '}',
  '',
  'export function next(options) {',
  '  const items = options.items ?? [];',
  '  for (const item of items) total += item.amount;',
];
/** Lines of every synthetic file: locations and frames use lines 1..SPRAWL_LINES. */
export const SPRAWL_LINES = 400;

/** `count` paths `src/featureNN/moduleMM.<ts|tsx|js>`, about sqrt(count) modules per feature, each with a weight (0.25..3.25, mean 1). */
function sprawlFiles(count: number, r: Prng): SprawlFile[] {
  const perFeature = Math.max(1, Math.ceil(Math.sqrt(count)));
  const width = Math.max(2, String(Math.max(perFeature, Math.ceil(count / perFeature))).length);
  const pad = (n: number) => String(n).padStart(width, '0');
  const files: SprawlFile[] = [];
  for (let k = 0; k < count; k++) {
    const feature = `feature${pad(Math.floor(k / perFeature) + 1)}`;
    const ext = r.weighted([
      ['ts', 70],
      ['tsx', 20],
      ['js', 10],
    ] as const);
    files.push({ path: `src/${feature}/module${pad((k % perFeature) + 1)}.${ext}`, feature, weight: 0.25 + 3 * Math.pow(r.next(), 3) });
  }
  return files;
}

function sprawlFrame(path: string, line: number, fn: string, r: Prng): SiteFrame {
  const context: Array<[number, string]> = [];
  for (let n = Math.max(1, line - 5); n <= Math.min(SPRAWL_LINES, line + 5); n++) {
    context.push([n, n === line ? `    const result = ${fn}(state, payload.items[${n % 7}]);` : SPRAWL_CODE[n % SPRAWL_CODE.length]]);
  }
  return {
    filename: path,
    absPath: null,
    module: path.replace(/\.[jt]sx?$/, ''),
    function: fn,
    lineNo: line,
    colNo: r.int(5, 40),
    inApp: true,
    context,
    vars: null,
    workspace: false,
  };
}

interface SprawlContext {
  anchor: number;
  orgs: SeedOrg[];
  projects: SeedProject[];
  sites: CrashSite[];
  events: EventContext;
  nextIssueId: number;
}

/**
 * The sprawl project, from its own PRNG: `issues` unresolved error issues (ids going on from the
 * default seed's, short IDs `<SLUG>-<base36>`), each crashing at a line of one of `files` synthetic
 * files (the first `files` issues one file each, the rest by the files' weights), called from 0-2
 * frames in other files under a node_modules frame, with 1-5 events in the last 14 days.
 */
function addSprawl(o: SprawlOptions, ctx: SprawlContext): { project: SeedProject; files: string[]; events: number } {
  const r = new Prng(o.seed ?? SPRAWL_SEED);
  const orgKey = o.org ?? 'acme';
  const org = ctx.orgs.find((x) => x.slug === orgKey || x.id === orgKey);
  if (!org) throw new Error(`sprawl.org: no seeded organization ${JSON.stringify(orgKey)}`);
  const slug = o.project ?? 'sprawl';
  if (ctx.projects.some((p) => p.slug === slug)) throw new Error(`sprawl.project: ${slug} is a seeded project already`);
  const ids = ctx.projects.map((p) => Number(p.id));
  const id = ids.includes(Number(SPRAWL_PROJECT_ID)) ? String(Math.max(...ids) + 1) : SPRAWL_PROJECT_ID;
  const project: SeedProject = {
    id,
    slug,
    name: slug,
    platform: 'javascript',
    dateCreated: org.dateCreated + (ctx.projects.length + 1) * DAY * 3,
    org,
    issues: [],
    releases: projectReleases(slug, ctx.anchor, r),
  };

  const files = sprawlFiles(o.files, r);
  const cumulative: number[] = [];
  files.reduce((sum, f, k) => (cumulative[k] = sum + f.weight), 0);
  const weightedFile = (): number => {
    const x = r.next() * cumulative[cumulative.length - 1];
    let lo = 0;
    let hi = cumulative.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (cumulative[mid] > x) hi = mid;
      else lo = mid + 1;
    }
    return lo;
  };
  // Every file crashes once (in a shuffled order) before any crashes twice.
  const order = files.map((_, k) => k);
  for (let k = order.length - 1; k > 0; k--) {
    const j = r.int(0, k);
    [order[k], order[j]] = [order[j], order[k]];
  }
  // The web-frontend sites lend their exceptions and their library (node_modules) frames.
  const webSites = ctx.sites.filter((s) => s.project === 'web-frontend');
  const libFrames = [...new Map(webSites.flatMap((s) => s.frames.filter((f) => !f.inApp && f.filename.startsWith('node_modules/'))).map((f) => [`${f.filename}#${f.function}`, f])).values()];

  let nextIssueId = ctx.nextIssueId;
  for (let index = 0; index < o.issues; index++) {
    const issueId = String(nextIssueId);
    nextIssueId += r.int(1, 3);
    const shortId = `${slug.toUpperCase()}-${(index + 1).toString(36).toUpperCase()}`;
    const firstAgo = r.int(10 * 60_000, SPRAWL_WINDOW - 60_000);
    const lastAgo = Math.round(firstAgo * Math.pow(r.next(), 3));
    const issue = newIssue(r, { id: issueId, shortId, project, anchor: ctx.anchor, firstAgo, lastAgo, status: 'unresolved', level: drawLevel(r) });

    const at = index < order.length ? order[index] : weightedFile();
    const crash = sprawlFrame(files[at].path, r.int(1, SPRAWL_LINES), r.pick(SPRAWL_FUNCTIONS), r);
    const used = new Set([at]);
    const callers: SiteFrame[] = [];
    for (let c = r.int(0, 2); c > 0 && used.size < files.length; c--) {
      let other = weightedFile();
      while (used.has(other)) other = (other + 1) % files.length;
      used.add(other);
      callers.push(sprawlFrame(files[other].path, r.int(1, SPRAWL_LINES), r.pick(SPRAWL_FUNCTIONS), r));
    }
    const feature = files[at].feature;
    crashAt(
      issue,
      {
        key: `sprawl:${files[at].path}`,
        platform: 'javascript',
        frames: [r.pick(libFrames), ...callers, crash],
        locationFrame: crash,
        exceptions: r.pick(webSites).exceptions,
        transactions: [`/${feature}`, `/${feature}/:id`],
      },
      r,
      false,
    );
    finishError(issue, r);
    project.issues.push(issue);
  }
  let events = 0;
  for (const issue of project.issues) events += addEvents(issue, r.int(1, 5), r, ctx.events);
  return { project, files: files.map((f) => f.path), events };
}

/** The first project id of the platform projects (one each, in PLATFORM_SPECS order). */
export const PLATFORM_PROJECT_ID = 4801;

/**
 * A project per platform of the corpus, each frame of it an issue: crashing at that frame (the
 * frame's fields as Sentry's samples fill them, context lines read from the platform workspace),
 * with 2-4 events in the last 14 days; the corpus's code mappings on their projects.
 */
function addPlatforms(ctx: SprawlContext): { projects: SeedProject[]; events: number } {
  const r = new Prng(PLATFORM_SEED);
  const org = ctx.orgs.find((o) => o.slug === 'acme')!;
  const projects: SeedProject[] = [];
  let nextIssueId = ctx.nextIssueId;
  let events = 0;
  PLATFORM_SPECS.forEach((spec, k) => {
    const slug = `${spec.key}-app`;
    const project: SeedProject = {
      id: String(PLATFORM_PROJECT_ID + k),
      slug,
      name: slug,
      platform: spec.platform,
      dateCreated: org.dateCreated + (ctx.projects.length + 1 + k) * DAY,
      org,
      issues: [],
      releases: projectReleases(slug, ctx.anchor, r),
      codeMappings: spec.cases
        .flatMap((c) => c.codeMappings ?? [])
        .map((m, n) => ({
          id: String(90 + k * 10 + n),
          stackRoot: m.stackRoot,
          sourceRoot: m.sourceRoot,
          repoName: `acme/${spec.key}`,
          defaultBranch: 'main',
          automaticallyGenerated: m.automaticallyGenerated === true,
        })),
      sdk: { name: spec.sdk, version: '1.0.0' },
    };
    spec.cases.forEach((c, n) => {
      const issueId = String(nextIssueId);
      nextIssueId += r.int(1, 3);
      const firstAgo = r.int(DAY, SPRAWL_WINDOW - 60_000);
      const issue = newIssue(r, {
        id: issueId,
        shortId: `${slug.toUpperCase()}-${(n + 1).toString(36).toUpperCase()}`,
        project,
        anchor: ctx.anchor,
        firstAgo,
        lastAgo: r.int(60_000, DAY / 2),
        status: 'unresolved',
        level: 'error',
      });
      const f = c.frame;
      const file = c.expect ? workspaceLines(c.expect, PLATFORMS_DIR) : [];
      const context: Array<[number, string]> = [];
      for (let line = Math.max(1, f.lineNo - 5); line <= Math.min(file.length, f.lineNo + 5); line++) context.push([line, file[line - 1]]);
      const frame: SiteFrame = {
        filename: f.filename ?? f.absPath ?? '?',
        absPath: f.absPath ?? null,
        module: f.module ?? null,
        package: f.package ?? null,
        ...(f.platform ? { platform: f.platform } : {}),
        function: f.function,
        lineNo: f.lineNo,
        colNo: f.colNo ?? null,
        inApp: f.inApp,
        context,
        vars: null,
        workspace: false,
      };
      crashAt(
        issue,
        {
          key: `platform:${spec.key}:${n}`,
          platform: 'javascript',
          frames: [frame],
          locationFrame: frame,
          exceptions: [{ type: spec.exception.type, values: [spec.exception.value] }],
          transactions: [`/${spec.key}`],
        },
        r,
        false,
      );
      issue.culprit = `${f.module ?? f.filename ?? '?'} in ${f.function}`;
      finishError(issue, r);
      project.issues.push(issue);
      events += addEvents(issue, r.int(2, 4), r, ctx.events);
    });
    projects.push(project);
  });
  return { projects, events };
}

const PLATFORM_SEED = 20261128;

function releaseAt(project: SeedProject, time: number, r: Prng): string {
  const rels = project.releases;
  let idx = 0;
  for (let k = rels.length - 1; k >= 0; k--) {
    if (rels[k].date <= time) {
      idx = k;
      break;
    }
  }
  if (idx > 0 && r.bool(0.15)) idx -= 1;
  return rels[idx].version;
}

let defaultSeed: Seed | undefined;

/**
 * The seed anchored at first use (Date.now()). Ids, short ids, titles, counts and workspace
 * locations are the same as in any running sandbox; only absolute times differ.
 */
export function getSeed(): Seed {
  if (!defaultSeed) defaultSeed = createSeed(Date.now());
  return defaultSeed;
}

/** Lazily built default seed: `seed.projects`, `seed.issuesOf('web-frontend')`, `seed.eventsOf(id)`, ... */
export const seed: Seed = new Proxy({} as Seed, {
  get: (_t, prop) => Reflect.get(getSeed(), prop),
  has: (_t, prop) => Reflect.has(getSeed(), prop),
  ownKeys: () => Reflect.ownKeys(getSeed()),
  getOwnPropertyDescriptor: (_t, prop) => Reflect.getOwnPropertyDescriptor(getSeed(), prop),
});
