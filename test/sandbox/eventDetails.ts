// GET /api/0/organizations/{org}/issues/{issue_id}/events/{event_id}/: one event in full (an id, or
// latest, oldest or recommended), as https://github.com/getsentry/sentry/blob/master/src/sentry/issues/endpoints/group_event_details.py
// answers it, in the shape of the OpenAPI excerpt's 200 schema of that path.
//
// Everything an answer holds beyond the seed (chained exceptions, frame vars, 0..500 breadcrumbs,
// request entries with secrets, contexts, threads) comes from PRNGs keyed by the event id, so an
// event answers the same on every run. Every secret value contains SANDBOX_SECRET, so a suite can
// assert that the substring `SANDBOXSECRET` never reaches a page, a copy or a log.
import { DETAIL, fail, json, Res } from './http';
import { authenticate, Ctx, requireScope, findIssue, resolveOrg, sdkOf, serializeEvent, serializeFrame } from './api';
import { hash32, Prng } from './prng';
import { iso, Seed, SeedEvent, SeedIssue, SeedOrg, SeedProject } from './seed';
import { LLM_MARKDOWN } from './profiles';
import type { SiteFrame } from './workspace';

/** Contained in every secret value the event details carry (tokens, cookies, api keys, passwords, vars). */
export const SANDBOX_SECRET = 'sntrys_SANDBOXSECRET_d0n7l34k';

/** The issue whose newest event carries exactly MAX_BREADCRUMBS breadcrumbs (WEB-FRONTEND-A, 500 events). */
export const MAX_BREADCRUMBS_SHORT_ID = 'WEB-FRONTEND-A';
export const MAX_BREADCRUMBS = 500;

const DAY = 86_400_000;

/** A PRNG for one part of one event (or issue): parts do not shift one another's values. */
function rng(key: string, part: string): Prng {
  return new Prng(hash32(`${key}:${part}`));
}

/** A secret for one event: SANDBOX_SECRET plus a per-event tail. */
function secret(r: Prng): string {
  return `${SANDBOX_SECRET}_${r.hex(12)}`;
}

// ------------------------------------------------------------------------------- which event has what

/** Issues with an exception and in-app frames, one in three (by a hash of the id): three exceptions, the cause first. */
export function hasChainedException(issue: SeedIssue): boolean {
  return issue.exception !== null && issue.frames !== null && issue.frames.some((f) => f.inApp) && hash32(issue.id, 0x5eed) % 3 === 0;
}

/** Issues without an exception (user feedback): a `message` entry instead. */
export function isMessageOnly(issue: SeedIssue): boolean {
  return issue.exception === null;
}

/** Message-only issues, one in two: a `threads` entry too. */
export function hasThreads(issue: SeedIssue): boolean {
  return isMessageOnly(issue) && hash32(issue.id, 0x7e4d) % 2 === 0;
}

/**
 * Breadcrumbs of an event: exactly MAX_BREADCRUMBS for the newest event of MAX_BREADCRUMBS_SHORT_ID;
 * otherwise 0 for about one event in eight, mostly a few dozen, now and then hundreds, rarely 500.
 */
export function breadcrumbCount(ev: SeedEvent): number {
  if (ev.issue.shortId === MAX_BREADCRUMBS_SHORT_ID && ev.issue.events[0] === ev) return MAX_BREADCRUMBS;
  const r = rng(ev.eventID, 'crumb-count');
  const x = r.next();
  if (x < 0.12) return 0;
  if (x < 0.7) return r.int(1, 30);
  if (x < 0.92) return r.int(31, 120);
  if (x < 0.99) return r.int(121, MAX_BREADCRUMBS - 1);
  return MAX_BREADCRUMBS;
}

/** How an event with no breadcrumbs says so: no `breadcrumbs` entry, or one with `values: []` (half each). */
export function breadcrumbsEntryOmitted(ev: SeedEvent): boolean {
  return breadcrumbCount(ev) === 0 && rng(ev.eventID, 'crumb-entry').bool(0.5);
}

/** `contexts` of an event: null for about one in 25, `{}` for another, else full. */
export function contextsKind(ev: SeedEvent): 'null' | 'empty' | 'full' {
  const x = rng(ev.eventID, 'contexts-kind').next();
  return x < 0.04 ? 'null' : x < 0.08 ? 'empty' : 'full';
}

/** An entry of a type clients do not know (`debugmeta` or `expectct`) for about one event in ten. */
export function unknownEntryType(ev: SeedEvent): 'debugmeta' | 'expectct' | null {
  const x = rng(ev.eventID, 'unknown-entry').next();
  return x < 0.07 ? 'debugmeta' : x < 0.1 ? 'expectct' : null;
}

export interface EventDetailSamples {
  /** Issues whose events carry a chain of three exceptions. */
  chained: SeedIssue[];
  /** Issues whose events have no exception, only a message. */
  messageOnly: SeedIssue[];
  /** Message-only issues whose events also carry threads. */
  threads: SeedIssue[];
  /** The issue whose latest event has exactly MAX_BREADCRUMBS breadcrumbs. */
  maxBreadcrumbs: SeedIssue;
  /** Latest events of issues (first found, in seed order) with these traits. */
  noBreadcrumbsEntry: SeedEvent;
  emptyBreadcrumbs: SeedEvent;
  nullContexts: SeedEvent;
  emptyContexts: SeedEvent;
  unknownEntry: SeedEvent;
  /** Latest events with a request entry (the event has a URL) and without. */
  withRequest: SeedEvent;
  withoutRequest: SeedEvent;
}

/** Where to find each kind of event detail in a seed (ids and short ids are the same in every sandbox). */
export function eventDetailSamples(seed: Seed): EventDetailSamples {
  const latest = seed.issues.map((i) => i.events[0]);
  const first = (what: string, f: (ev: SeedEvent) => boolean): SeedEvent => {
    const ev = latest.find(f);
    if (!ev) throw new Error(`sandbox seed: no issue whose latest event has ${what}`);
    return ev;
  };
  return {
    chained: seed.issues.filter(hasChainedException),
    messageOnly: seed.issues.filter(isMessageOnly),
    threads: seed.issues.filter(hasThreads),
    maxBreadcrumbs: seed.issue(MAX_BREADCRUMBS_SHORT_ID)!,
    noBreadcrumbsEntry: first('no breadcrumbs entry', breadcrumbsEntryOmitted),
    emptyBreadcrumbs: first('an empty breadcrumbs entry', (ev) => breadcrumbCount(ev) === 0 && !breadcrumbsEntryOmitted(ev)),
    nullContexts: first('null contexts', (ev) => contextsKind(ev) === 'null'),
    emptyContexts: first('empty contexts', (ev) => contextsKind(ev) === 'empty'),
    unknownEntry: first('an unknown entry', (ev) => unknownEntryType(ev) !== null),
    withRequest: first('a request', (ev) => ev.url !== null),
    withoutRequest: first('no request', (ev) => ev.url === null),
  };
}

// ------------------------------------------------------------------------------- frames and vars

/** A library frame (not in the app): under node_modules for JS, site-packages for Python, vendor/ for PHP. */
function libraryFrame(issue: SeedIssue, file: string, fn: string, lineNo: number, code: string, module: string | null = null): SiteFrame {
  const platform = issue.project.platform;
  const filename = platform === 'javascript' ? `node_modules/${file}` : platform === 'php' ? `vendor/${file}` : file;
  const context: Array<[number, string]> = [
    [lineNo - 2, '  // ...'],
    [lineNo - 1, ''],
    [lineNo, code],
    [lineNo + 1, ''],
    [lineNo + 2, '  // ...'],
  ];
  return {
    filename,
    absPath: platform === 'python' ? `/usr/local/lib/python3.11/site-packages/${file}` : platform === 'php' ? `/var/www/portal/${filename}` : null,
    module,
    function: fn,
    lineNo,
    colNo: platform === 'javascript' ? 13 : null,
    inApp: false,
    context,
    vars: null,
    workspace: false,
  };
}

/** Local variables of an in-app frame: every JSON kind, nested; the `withSecrets` frame also holds a credential and an `authorization`. */
function frameVars(issue: SeedIssue, f: SiteFrame, r: Prng, withSecrets: boolean): Record<string, unknown> {
  const python = issue.project.platform === 'python';
  const vars: Record<string, unknown> = {};
  vars[python ? 'order_id' : 'orderId'] = r.int(40_000, 49_999);
  vars[python ? 'is_retry' : 'isRetry'] = r.bool(0.3);
  vars.coupon = r.bool(0.5) ? null : r.pick(['SUMMER24', 'WELCOME10', 'VIP20']);
  vars.items = [
    { sku: `SKU-${r.int(1000, 9999)}`, quantity: r.int(1, 4), price: r.int(100, 9999) / 100 },
    { sku: `SKU-${r.int(1000, 9999)}`, quantity: r.pick(['two', 1, null]), tags: ['sale', 'new'] },
  ];
  vars.options = { currency: r.pick(['EUR', 'USD', 'GBP']), locale: r.pick(['de-DE', 'en-US', 'fr-FR']), flags: { newCheckout: r.bool(0.5), retries: r.int(0, 3) } };
  // The seed's own vars of the frame (the values its crash is about) win over the generated ones.
  Object.assign(vars, f.vars);
  if (withSecrets) {
    vars[r.bool(0.5) ? 'password' : 'api_key'] = secret(r);
    vars.client = {
      baseUrl: issue.project.platform === 'javascript' ? 'https://api.example.com' : 'https://payments.internal',
      timeout: 30,
      headers: { authorization: `Bearer ${secret(r)}`, accept: 'application/json' },
    };
  }
  return vars;
}

/** Frames as served, with vars on in-app frames; the crash-most in-app frame holds the secrets. */
function serializeFrames(issue: SeedIssue, frames: SiteFrame[], r: Prng): Record<string, unknown>[] {
  let secretAt = -1;
  for (let k = frames.length - 1; k >= 0 && secretAt < 0; k--) if (frames[k].inApp) secretAt = k;
  return frames.map((f, k) => ({ ...serializeFrame(issue, f), vars: f.inApp ? frameVars(issue, f, r, k === secretAt) : f.vars }));
}

function stacktrace(issue: SeedIssue, frames: SiteFrame[], r: Prng): Record<string, unknown> {
  return { frames: serializeFrames(issue, frames, r), framesOmitted: null, registers: null, hasSystemFrames: frames.some((f) => !f.inApp) };
}

// ------------------------------------------------------------------------------- entries

interface Cause {
  type: string;
  module: string | null;
  value: string;
  frames: SiteFrame[];
}

/** The two causes of a chained exception: the root cause first, each with library frames under the app's oldest in-app frames. */
function causesOf(issue: SeedIssue): [Cause, Cause] {
  const inApp = issue.frames!.filter((f) => f.inApp);
  const outer = inApp.slice(0, Math.max(1, inApp.length - 1));
  const root = inApp.slice(0, 1);
  switch (issue.project.platform) {
    case 'javascript':
      return [
        {
          type: 'TypeError',
          module: null,
          value: 'Failed to fetch',
          frames: [...root, libraryFrame(issue, 'whatwg-fetch/dist/fetch.umd.js', 'fetch', 540, '      xhr.send(typeof request._bodyInit === "undefined" ? null : request._bodyInit)')],
        },
        {
          type: 'ApiError',
          module: null,
          value: 'Request to /api/v2/orders/ failed: 503 Service Unavailable',
          frames: [...outer, libraryFrame(issue, 'axios/lib/core/settle.js', 'settle', 19, '    reject(new AxiosError(response.statusText))')],
        },
      ];
    case 'php':
      return [
        {
          type: 'RuntimeException',
          module: null,
          value: 'Connection timed out',
          frames: [
            ...root,
            libraryFrame(issue, 'guzzlehttp/guzzle/src/Handler/CurlFactory.php', 'GuzzleHttp\\Handler\\CurlFactory::createRejection', 210, '        return P\\Create::rejectionFor($e);'),
          ],
        },
        {
          type: 'Legacy\\Db\\QueryException',
          module: null,
          value: 'Query failed after 3 attempts',
          frames: [
            ...outer,
            libraryFrame(
              issue,
              'doctrine/dbal/src/Connection.php',
              'Doctrine\\DBAL\\Connection::executeQuery',
              815,
              '            throw $this->convertExceptionDuringQuery($e, $sql, $params, $types);',
            ),
          ],
        },
      ];
    default:
      return [
        {
          type: 'ConnectionRefusedError',
          module: 'builtins',
          value: '[Errno 111] Connection refused',
          frames: [...root, libraryFrame(issue, 'urllib3/connection.py', '_new_conn', 203, '            sock = connection.create_connection(', 'urllib3.connection')],
        },
        {
          type: 'ConnectionError',
          module: 'requests.exceptions',
          value: "HTTPSConnectionPool(host='payments.internal', port=443): Max retries exceeded with url: /v1/charges",
          frames: [...outer, libraryFrame(issue, 'requests/adapters.py', 'send', 519, '            raise ConnectionError(e, request=request)', 'requests.adapters')],
        },
      ];
  }
}

function exceptionEntry(ev: SeedEvent): Record<string, unknown> {
  const issue = ev.issue;
  const ex = issue.exception!;
  const r = rng(ev.eventID, 'exception');
  const finalValue = (mechanism: Record<string, unknown>) => ({
    type: ex.type,
    value: ex.value,
    module: ex.module,
    mechanism,
    threadId: null,
    stacktrace: issue.frames ? stacktrace(issue, issue.frames, r) : null,
    rawStacktrace: null,
  });
  let values: Record<string, unknown>[];
  if (hasChainedException(issue)) {
    // Sentry's order: values[0] was raised first (the root cause); the last one was raised last and
    // names the issue. exception_id counts from the last raised (0); parent_id points at the
    // exception that this one caused.
    const python = issue.project.platform === 'python';
    const [root, middle] = causesOf(issue);
    const cause = (c: Cause, id: number, source: string) => ({
      type: c.type,
      value: c.value,
      module: c.module,
      mechanism: { type: 'chained', handled: ex.handled, exception_id: id, parent_id: id - 1, source },
      threadId: null,
      stacktrace: stacktrace(issue, c.frames, r),
      rawStacktrace: null,
    });
    values = [
      cause(root, 2, python ? '__cause__' : issue.project.platform === 'php' ? 'previous' : 'cause'),
      cause(middle, 1, python ? '__context__' : issue.project.platform === 'php' ? 'previous' : 'cause'),
      finalValue({ type: ex.mechanism, handled: ex.handled, exception_id: 0, parent_id: null }),
    ];
  } else {
    values = [finalValue({ type: ex.mechanism, handled: ex.handled })];
  }
  return { type: 'exception', data: { values, excOmitted: null, hasSystemFrames: values.some((v) => (v.stacktrace as { hasSystemFrames?: boolean } | null)?.hasSystemFrames === true) } };
}

/** A message entry: the event's message, half of the issues as a `%s` template with its params. */
function messageEntry(ev: SeedEvent): Record<string, unknown> {
  if (!isMessageOnly(ev.issue)) return { type: 'message', data: { formatted: ev.message, message: null, params: null } };
  const templated = hash32(ev.issue.id, 0x3e55) % 2 === 0;
  return { type: 'message', data: { formatted: ev.message, message: templated ? '%s' : ev.message, params: templated ? [ev.message] : null } };
}

/** The app frames of the project's first issue with a stack in the workspace (the threads of message-only events). */
const projectFrames = new WeakMap<SeedProject, SeedIssue | null>();
function framesIssueOf(project: SeedProject): SeedIssue | null {
  let issue = projectFrames.get(project);
  if (issue === undefined) {
    issue = project.issues.find((i) => i.frames !== null && i.frames.some((f) => f.workspace)) ?? null;
    projectFrames.set(project, issue);
  }
  return issue;
}

function threadsEntry(ev: SeedEvent): Record<string, unknown> {
  const issue = ev.issue;
  const r = rng(ev.eventID, 'threads');
  const donor = framesIssueOf(issue.project);
  const appFrames = donor?.frames ?? [];
  const javascript = issue.project.platform === 'javascript';
  const idle = javascript
    ? [libraryFrame(issue, 'scheduler/cjs/scheduler.development.js', 'workLoop', 236, '      const continuationCallback = callback(didUserCallbackTimeout);')]
    : [libraryFrame(issue, 'concurrent/futures/thread.py', '_worker', 89, '            work_item = work_queue.get(block=True)', 'concurrent.futures.thread')];
  return {
    type: 'threads',
    data: {
      values: [
        { id: 1, name: javascript ? 'main' : 'MainThread', crashed: false, current: true, stacktrace: stacktrace(issue, appFrames, r) },
        { id: r.int(2, 40), name: javascript ? 'Worker 1' : 'ThreadPoolExecutor-0_0', crashed: false, current: false, stacktrace: stacktrace(issue, idle, r) },
      ],
    },
  };
}

const LEVELS = ['debug', 'info', 'warning', 'error', 'fatal'] as const;
const CONSOLE_MESSAGES = [
  'cart restored from localStorage',
  'price list refreshed',
  'feature flags loaded',
  'slow render: 340 ms',
  'session refreshed',
  'websocket reconnecting',
  'coupon check skipped',
];
const QUERIES = [
  'SELECT "orders"."id", "orders"."total", "orders"."status" FROM "orders" WHERE "orders"."customer_id" = %s ORDER BY "orders"."created_at" DESC LIMIT 21',
  'UPDATE "inventory" SET "stock" = "stock" - %s WHERE "inventory"."sku" = %s',
  'SELECT COUNT(*) AS "__count" FROM "cart_items" WHERE "cart_items"."cart_id" = %s',
  'INSERT INTO "payments" ("order_id", "amount", "currency") VALUES (%s, %s, %s) RETURNING "payments"."id"',
];
const CLICK_TARGETS = ['body > div#app > main > button.checkout-button', 'form#coupon > input[name="code"]', 'nav > a[href="/cart"]', 'div.product-card > button.add-to-cart'];
const PATHS = ['/', '/products/shoes', '/products/hats', '/cart', '/checkout/c_4f1a2b', '/account/orders'];

/** Breadcrumbs, oldest first, ending shortly before the event; a few carry epoch-second timestamps as SDKs do. */
function breadcrumbs(ev: SeedEvent, count: number): Record<string, unknown>[] {
  const issue = ev.issue;
  const r = rng(ev.eventID, 'crumbs');
  const platform = issue.project.platform;
  const browser = platform === 'javascript';
  const times: number[] = [];
  let t = ev.time - r.int(20, 900);
  for (let k = 0; k < count; k++) {
    times.push(t);
    t -= r.int(40, 6000);
  }
  times.reverse();
  const kinds: ReadonlyArray<readonly [string, number]> = browser
    ? [
        ['http', 25],
        ['navigation', 10],
        ['console', 22],
        ['ui.click', 25],
        ['error', 6],
        ['default', 12],
      ]
    : [
        ['http', 25],
        ['query', 35],
        ['console', 22],
        ['error', 6],
        ['default', 12],
      ];
  let page = r.pick(PATHS);
  return times.map((time, k) => {
    const kind = k === count - 1 && count > 3 ? 'error' : r.weighted(kinds);
    const timestamp = r.bool(0.05) ? time / 1000 : iso(time);
    const crumb = {
      type: 'default',
      category: kind,
      level: 'info' as string,
      event_id: null as string | null,
      timestamp,
      data: null as Record<string, unknown> | null,
      message: null as string | null,
    };
    switch (kind) {
      case 'http': {
        const status = r.weighted([
          [200, 70],
          [201, 8],
          [304, 6],
          [401, 4],
          [404, 5],
          [500, 4],
          [503, 3],
        ] as const);
        const base = browser
          ? r.pick(['/api/v2/cart/', '/api/v2/products/?page=2', 'https://api.example.com/api/v2/orders/'])
          : r.pick(['https://payments.internal/v1/charges', 'https://inventory.internal/api/stock/']);
        const url = r.bool(0.15) ? `${base}${base.includes('?') ? '&' : '?'}token=${secret(r)}` : base;
        crumb.type = 'http';
        crumb.category = browser ? r.pick(['fetch', 'xhr']) : 'httplib';
        crumb.level = status >= 500 ? 'error' : status >= 400 ? 'warning' : 'info';
        crumb.data = { method: r.pick(['GET', 'GET', 'POST', 'PUT']), url, status_code: status };
        break;
      }
      case 'navigation': {
        const to = r.pick(PATHS);
        crumb.type = 'navigation';
        crumb.data = { from: page, to };
        page = to;
        break;
      }
      case 'console':
        crumb.type = 'debug';
        crumb.level = r.pick(['debug', 'info', 'warning']);
        crumb.message = r.bool(0.03) ? `retrying request with Authorization: Bearer ${secret(r)}` : r.pick(CONSOLE_MESSAGES);
        crumb.data = r.bool(0.3) ? { logger: 'console', arguments: [crumb.message, { attempt: r.int(1, 3) }] } : null;
        break;
      case 'query':
        crumb.type = 'query';
        crumb.message = r.pick(QUERIES);
        crumb.level = r.pick(['debug', 'info']);
        crumb.data = { 'db.system': platform === 'php' ? 'mysql' : 'postgresql', duration_ms: r.int(1, 800) };
        break;
      case 'ui.click':
        crumb.message = r.pick(CLICK_TARGETS);
        break;
      case 'error':
        crumb.type = 'error';
        crumb.category = 'exception';
        crumb.level = r.bool(0.1) ? 'fatal' : 'error';
        crumb.event_id = r.hex(32);
        crumb.message = r.pick(['Failed to load resource: the server responded with a status of 503', 'Unhandled promise rejection', 'Retry budget exhausted']);
        break;
      default:
        crumb.category = browser ? 'sentry.transaction' : r.pick(['server.api', 'celery.worker', 'app']);
        crumb.level = r.pick(LEVELS);
        crumb.message = r.pick(['checkout started', 'cache miss for price list', 'rate limit close to budget', 'order state changed to pending']);
    }
    return crumb;
  });
}

const USER_AGENTS = [
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
];

/** The request entry of an event with a URL: secrets in the Authorization, Cookie and key headers, the query, the cookies and the body. */
function requestEntry(ev: SeedEvent): Record<string, unknown> {
  const issue = ev.issue;
  const r = rng(ev.eventID, 'request');
  const platform = issue.project.platform;
  const method =
    platform === 'python'
      ? r.weighted([
          ['POST', 50],
          ['PUT', 15],
          ['GET', 25],
          ['DELETE', 10],
        ] as const)
      : r.bool(0.75)
        ? 'GET'
        : 'POST';
  const keyInUrl = r.bool(0.3);
  const url = keyInUrl ? `${ev.url}?api_key=${secret(r)}&page=2` : ev.url!;
  const query: Array<[string, string]> = keyInUrl
    ? [...new URL(url).searchParams]
    : r.bool(0.6)
      ? [
          ['token', secret(r)],
          ['sort', 'desc'],
        ]
      : [];
  const session = secret(r);
  let data: unknown = null;
  let contentType: string | null = null;
  if (method === 'POST' || method === 'PUT') {
    if (r.bool(0.7)) {
      contentType = 'application/json';
      data = { username: ev.user?.username ?? 'guest', password: secret(r), remember: r.bool(0.5), items: [{ sku: `SKU-${r.int(1000, 9999)}`, quantity: r.int(1, 3) }] };
    } else {
      contentType = 'application/x-www-form-urlencoded';
      data = `username=${encodeURIComponent(ev.user?.username ?? 'guest')}&password=${secret(r)}`;
    }
  }
  const host = new URL(ev.url!).host;
  const headers: Array<[string, string]> = [
    ['Accept', 'application/json, text/plain, */*'],
    ['Authorization', `Bearer ${secret(r)}`],
    ...(contentType ? [['Content-Type', contentType] as [string, string]] : []),
    ['Cookie', `session=${session}; theme=dark`],
    ['Host', host],
    ['User-Agent', r.pick(USER_AGENTS)],
    ...(r.bool(0.7) ? [['X-Api-Key', secret(r)] as [string, string]] : []),
    ...(r.bool(0.7) ? [['X-Auth-Token', secret(r)] as [string, string]] : []),
    ['X-Request-Id', r.hex(32)],
  ];
  return {
    type: 'request',
    data: {
      url,
      method,
      query,
      fragment: r.bool(0.2) ? '#reviews' : null,
      data,
      headers,
      cookies: [
        ['session', session],
        ['theme', 'dark'],
      ],
      env: { REMOTE_ADDR: ev.user?.ip_address ?? '203.0.113.9', SERVER_NAME: ev.serverName ?? host },
      inferredContentType: contentType,
    },
  };
}

function unknownEntry(ev: SeedEvent, type: 'debugmeta' | 'expectct'): Record<string, unknown> {
  const r = rng(ev.eventID, 'unknown');
  if (type === 'debugmeta') {
    return { type, data: { images: [{ type: 'sourcemap', code_file: `app:///static/js/main.${r.hex(8)}.js`, debug_id: `${r.hex(8)}-${r.hex(4)}-${r.hex(4)}-${r.hex(4)}-${r.hex(12)}` }] } };
  }
  return {
    type,
    data: {
      hostname: new URL(ev.url ?? 'https://shop.example.com/').host,
      port: 443,
      effective_expiration_date: iso(ev.time + 30 * DAY),
      served_certificate_chain: ['-----BEGIN CERTIFICATE-----\nMIIB…\n-----END CERTIFICATE-----'],
    },
  };
}

function entriesOf(ev: SeedEvent): Record<string, unknown>[] {
  const entries: Record<string, unknown>[] = [];
  if (isMessageOnly(ev.issue)) {
    entries.push(messageEntry(ev));
    if (hasThreads(ev.issue)) entries.push(threadsEntry(ev));
  } else {
    entries.push(exceptionEntry(ev));
    if (ev.message) entries.push(messageEntry(ev));
  }
  const count = breadcrumbCount(ev);
  if (!breadcrumbsEntryOmitted(ev)) entries.push({ type: 'breadcrumbs', data: { values: breadcrumbs(ev, count) } });
  if (ev.url) entries.push(requestEntry(ev));
  const unknown = unknownEntryType(ev);
  if (unknown) entries.push(unknownEntry(ev, unknown));
  return entries;
}

// ------------------------------------------------------------------------------- the rest of the body

const nameOf = (s: string) => s.replace(/ [\d.]+$/, '');
const versionOf = (s: string) => / ([\d.]+)$/.exec(s)?.[1] ?? null;

/** The `trace` context of an event (its trace id and the span the error happened in), null for an event without contexts. */
export function traceContextOf(ev: SeedEvent): { traceId: string; spanId: string; op: string } | null {
  const t = contextsOf(ev)?.trace as { trace_id: string; span_id: string; op: string } | undefined;
  return t ? { traceId: t.trace_id, spanId: t.span_id, op: t.op } : null;
}

function contextsOf(ev: SeedEvent): Record<string, unknown> | null {
  const kind = contextsKind(ev);
  if (kind === 'null') return null;
  if (kind === 'empty') return {};
  const r = rng(ev.eventID, 'contexts');
  const issue = ev.issue;
  const out: Record<string, unknown> = {};
  if (ev.browser) out.browser = { name: nameOf(ev.browser), version: versionOf(ev.browser), type: 'browser' };
  if (ev.os) out.os = { name: nameOf(ev.os), version: versionOf(ev.os), ...(ev.browser ? {} : { kernel_version: '6.1.0-21-amd64' }), type: 'os' };
  if (ev.runtime) out.runtime = { name: nameOf(ev.runtime), version: versionOf(ev.runtime), type: 'runtime' };
  if (ev.device === 'iPhone' || ev.device?.startsWith('Samsung')) {
    const apple = ev.device === 'iPhone';
    out.device = {
      family: apple ? 'iOS' : 'Android',
      model: apple ? 'iPhone15,2' : 'SM-S911B',
      brand: apple ? 'Apple' : 'Samsung',
      simulator: false,
      orientation: r.pick(['portrait', 'landscape']),
      battery_level: r.int(5, 100),
      online: true,
      type: 'device',
    };
  }
  out.app = { app_start_time: iso(ev.time - r.int(5, 3600) * 1000), app_name: issue.project.slug, app_version: ev.release, in_foreground: true, type: 'app' };
  out.trace = {
    trace_id: r.hex(32),
    span_id: r.hex(16),
    parent_span_id: r.bool(0.5) ? r.hex(16) : null,
    op: issue.project.platform === 'javascript' ? 'navigation' : issue.project.slug === 'worker' ? 'queue.task.celery' : 'http.server',
    status: r.pick(['internal_error', 'unknown_error', 'ok']),
    type: 'trace',
  };
  if (issue.project.platform === 'javascript') {
    out.state = {
      state: {
        type: 'redux',
        value: {
          cart: { id: `c_${r.hex(6)}`, items: r.int(0, 6), total: r.int(0, 50_000) / 100, coupon: null },
          user: { loggedIn: ev.user !== null, plan: r.pick(['free', 'plus']) },
          ui: { modals: [], theme: 'dark' },
        },
      },
      type: 'state',
    };
  } else {
    out.feature_flags = {
      values: [
        { flag: 'new-checkout', result: r.bool(0.5) },
        { flag: 'async-invoices', result: r.bool(0.5) },
      ],
      rollout: { percentage: r.int(0, 100), cohort: r.pick(['beta', 'internal', null]) },
    };
  }
  if (isMessageOnly(issue)) out.feedback = { message: ev.message, contact_email: ev.user?.email ?? null, name: ev.user?.name ?? null, url: ev.url, type: 'feedback' };
  return out;
}

const GEO = [
  { country_code: 'DE', city: 'Berlin', region: 'Germany' },
  { country_code: 'US', city: 'San Francisco', region: 'United States' },
  { country_code: 'BR', city: 'São Paulo', region: 'Brazil' },
  { country_code: 'JP', city: 'Tokyo', region: 'Japan' },
  { country_code: 'NG', city: 'Lagos', region: 'Nigeria' },
];

function userOf(ev: SeedEvent, base: unknown): unknown {
  if (!ev.user || !base) return base;
  const h = hash32(ev.user.id, 0x6e0);
  return { ...(base as Record<string, unknown>), geo: h % 10 < 7 ? GEO[h % GEO.length] : null };
}

/** The event's release as the schema's release object (null when the project does not know it). */
function releaseOf(ev: SeedEvent): Record<string, unknown> | null {
  const project = ev.issue.project;
  const index = project.releases.findIndex((x) => x.version === ev.release);
  if (index < 0) return null;
  const rel = project.releases[index];
  const m = /^(?:(.+)@)?(\d+)\.(\d+)\.(\d+)$/.exec(rel.version);
  const h = hash32(rel.version);
  return {
    id: Number(project.id) * 100 + index + 1,
    commitCount: h % 40,
    data: {},
    dateCreated: iso(rel.date - 3_600_000),
    dateReleased: iso(rel.date),
    deployCount: 1,
    ref: m ? null : rel.version,
    lastCommit: null,
    lastDeploy: {
      id: String(h % 100_000),
      environment: 'production',
      name: `${m ? rel.version : rel.version.slice(0, 12)} to production`,
      dateStarted: null,
      dateFinished: iso(rel.date + 600_000),
      url: null,
    },
    status: 'open',
    url: null,
    userAgent: null,
    version: rel.version,
    versionInfo: m
      ? {
          description: `${m[2]}.${m[3]}.${m[4]}`,
          package: m[1] ?? null,
          version: { raw: `${m[2]}.${m[3]}.${m[4]}`, major: Number(m[2]), minor: Number(m[3]), patch: Number(m[4]), pre: null, buildCode: null, components: 3 },
          buildHash: null,
        }
      : { description: rel.version.slice(0, 12), package: null, version: { raw: rel.version }, buildHash: rel.version },
  };
}

function packagesOf(project: SeedProject): Record<string, string> {
  if (project.platform === 'python') return { flask: '3.0.3', requests: '2.32.3', sqlalchemy: '2.0.31', ...(project.slug === 'worker' ? { celery: '5.4.0' } : {}) };
  if (project.platform === 'php') return { 'guzzlehttp/guzzle': '7.8.1', 'doctrine/dbal': '3.8.4' };
  return {};
}

function extraOf(ev: SeedEvent): Record<string, unknown> | null {
  const r = rng(ev.eventID, 'extra');
  const x = r.next();
  if (x < 0.1) return null;
  if (x < 0.4) return {};
  return { cart_size: r.int(0, 12), experiments: ['new-checkout', 'fast-search'].slice(0, r.int(0, 2)), last_sync: { at: iso(ev.time - r.int(1, 600) * 1000), ok: r.bool(0.8), source: null } };
}

export interface Neighbours {
  /** A newer event (null for the newest). */
  next: string | null;
  /** An older event (null for the oldest). */
  previous: string | null;
}

/** The whole event as the endpoint answers it (without `formatted`). */
export function eventDetails(ev: SeedEvent, nav: Neighbours): Record<string, unknown> {
  const issue = ev.issue;
  const base = serializeEvent(ev, true);
  const r = rng(ev.eventID, 'body');
  const out: Record<string, unknown> = {
    ...base,
    user: userOf(ev, base.user),
    type: isMessageOnly(issue) ? 'generic' : 'error',
    entries: entriesOf(ev),
    contexts: contextsOf(ev),
    context: extraOf(ev),
    size: 0,
    dist: issue.project.platform === 'javascript' && r.bool(0.5) ? `build-${r.int(100, 999)}` : null,
    sdk: sdkOf(issue.project),
    packages: packagesOf(issue.project),
    errors: [],
    occurrence: null,
    _meta: {},
    groupingConfig: { id: 'newstyle:2023-01-11', enhancements: 'eJybzDRxY3J3MjSy1DMxNDcEAA9-Ajc' },
    release: releaseOf(ev),
    userReport: null,
    sdkUpdates: [],
    resolvedWith: [],
    nextEventID: nav.next,
    previousEventID: nav.previous,
  };
  out.size = Buffer.byteLength(JSON.stringify(out));
  return out;
}

// ------------------------------------------------------------------------------- llmFormat

/** Secrets inside free text: credentials after an auth scheme, and values of secret-named query or form fields. */
export function maskText(text: string): string {
  return text
    .replace(/\b(Bearer|Basic)\s+[^\s,;"'&]+/gi, '$1 [masked]')
    .replace(/([?&;\s]|^)(api_key|apikey|access_token|token|password|passwd|secret|session|auth|key)=([^&#\s;]*)/gi, '$1$2=[masked]');
}

interface Digest {
  title: string;
  eventID: string;
  exceptions: Array<{ type: string; value: string }>;
  frames: string[];
  message: string | null;
  crumbs: string[];
  crumbTotal: number;
  request: string | null;
}

function digest(body: Record<string, unknown>): Digest {
  const entries = body.entries as Array<{ type: string; data: any }>;
  const entry = (type: string) => entries.find((e) => e.type === type)?.data;
  const values: any[] = entry('exception')?.values ?? [];
  const last = values[values.length - 1];
  const frames: any[] = last?.stacktrace?.frames ?? [];
  const crumbs: any[] = entry('breadcrumbs')?.values ?? [];
  const request = entry('request');
  const when = (t: unknown) => (typeof t === 'number' ? new Date(t * 1000).toISOString() : String(t));
  return {
    title: String(body.title),
    eventID: String(body.eventID),
    exceptions: [...values].reverse().map((v) => ({ type: String(v.type), value: String(v.value ?? '') })),
    frames: frames
      .filter((f) => f.inApp)
      .reverse()
      .map((f) => `${f.filename}${f.lineNo === null ? '' : `:${f.lineNo}`}${f.function ? ` in ${f.function}` : ''}`),
    message: entry('message')?.formatted ?? null,
    crumbs: crumbs
      .slice(-5)
      .map(
        (c) =>
          `${when(c.timestamp)} [${c.level}] ${c.category}: ${c.message ?? (c.data?.url ? `${c.data.method} ${c.data.url} ${c.data.status_code}` : c.data?.to ? `${c.data.from} -> ${c.data.to}` : '')}`,
      ),
    crumbTotal: crumbs.length,
    request: request ? `${request.method} ${request.url}` : null,
  };
}

const xmlEscape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** A short rendering of the event for `?llmFormat=`: title, exceptions, in-app frames, the last 5 breadcrumbs, the request line; secrets masked. */
export function formatEvent(body: Record<string, unknown>, format: 'markdown' | 'xml'): string {
  const d = digest(body);
  const m = maskText;
  if (format === 'xml') {
    const x = (s: string) => xmlEscape(m(s));
    return [
      `<event id="${x(d.eventID)}">`,
      `  <title>${x(d.title)}</title>`,
      ...d.exceptions.map((e, k) => `  <exception type="${x(e.type)}"${k > 0 ? ' role="cause"' : ''}>${x(e.value)}</exception>`),
      ...(d.message === null ? [] : [`  <message>${x(d.message)}</message>`]),
      ...(d.frames.length ? ['  <frames>', ...d.frames.map((f) => `    <frame>${x(f)}</frame>`), '  </frames>'] : []),
      ...(d.crumbs.length ? [`  <breadcrumbs total="${d.crumbTotal}">`, ...d.crumbs.map((c) => `    <breadcrumb>${x(c)}</breadcrumb>`), '  </breadcrumbs>'] : []),
      ...(d.request === null ? [] : [`  <request>${x(d.request)}</request>`]),
      '</event>',
    ].join('\n');
  }
  return [
    `# ${m(d.title)}`,
    '',
    `Event ${d.eventID}`,
    ...(d.exceptions.length ? ['', '## Exception', ...d.exceptions.map((e, k) => `${k > 0 ? 'Caused by ' : ''}**${m(e.type)}**: ${m(e.value)}`)] : []),
    ...(d.message === null ? [] : ['', '## Message', m(d.message)]),
    ...(d.frames.length ? ['', '## In-app frames (crash first)', ...d.frames.map((f) => `- ${m(f)}`)] : []),
    ...(d.crumbs.length ? ['', `## Breadcrumbs (last ${d.crumbs.length} of ${d.crumbTotal})`, ...d.crumbs.map((c) => `- ${m(c)}`)] : []),
    ...(d.request === null ? [] : ['', '## Request', m(d.request)]),
  ].join('\n');
}

// ------------------------------------------------------------------------------- the endpoint

/** `recommended`: among the newest 20, the first event with a request entry and the most breadcrumbs (newest on a tie). */
function recommended(events: SeedEvent[]): SeedEvent | undefined {
  let best: SeedEvent | undefined;
  let bestScore = -1;
  for (const ev of events.slice(0, 20)) {
    const score = (ev.url ? 1_000 : 0) + breadcrumbCount(ev);
    if (score > bestScore) {
      best = ev;
      bestScore = score;
    }
  }
  return best;
}

function pickEvent(issue: SeedIssue, ref: string, envs: string[]): SeedEvent {
  const inEnv = (ev: SeedEvent) => envs.length === 0 || envs.includes(ev.environment);
  let ev: SeedEvent | undefined;
  if (ref === 'latest') ev = issue.events.find(inEnv);
  else if (ref === 'oldest') ev = [...issue.events].reverse().find(inEnv);
  else if (ref === 'recommended') ev = recommended(issue.events.filter(inEnv));
  else if (/^[0-9a-f]{32}$/i.test(ref)) ev = issue.events.find((e) => e.eventID === ref.toLowerCase());
  if (!ev) fail(404, DETAIL.notFound);
  return ev;
}

/** The nearest newer and older events in the issue's order (newest first), within the environments when given. */
export function neighbours(issue: SeedIssue, ev: SeedEvent, envs: string[] = []): Neighbours {
  const inEnv = (e: SeedEvent) => envs.length === 0 || envs.includes(e.environment);
  const at = issue.events.indexOf(ev);
  let next: string | null = null;
  for (let k = at - 1; k >= 0 && next === null; k--) if (inEnv(issue.events[k])) next = issue.events[k].eventID;
  let previous: string | null = null;
  for (let k = at + 1; k < issue.events.length && previous === null; k++) if (inEnv(issue.events[k])) previous = issue.events[k].eventID;
  return { next, previous };
}

/**
 * The `llmFormat` asked for, when the server renders it: one of markdown and xml, on a profile that
 * has the parameter, for an organization with the flag. Anything else is ignored, never refused
 * (src/sentry/issues/formatting/mixin.py, FormattableResponseMixin.finalize_response).
 */
function llmFormatOf(ctx: Ctx, org: SeedOrg): 'markdown' | 'xml' | undefined {
  const v = ctx.params.get('llmFormat');
  if (!ctx.state.profile.llmFormat || !ctx.state.hasFeature(org, LLM_MARKDOWN)) return undefined;
  return v === 'markdown' || v === 'xml' ? v : undefined;
}

export function retrieveIssueEvent(ctx: Ctx, m: RegExpExecArray): Res {
  const p = authenticate(ctx);
  const org = resolveOrg(ctx, p, m[1]);
  requireScope(p, ['event:admin', 'event:read', 'event:write']);
  const issue = findIssue(ctx, org, m[2]);
  const envs = ctx.params.getAll('environment').filter(Boolean);
  const ev = pickEvent(issue, m[3], envs);
  const body = eventDetails(ev, neighbours(issue, ev, envs));
  const format = llmFormatOf(ctx, org);
  if (format) body.formatted = { format, content: formatEvent(body, format) };
  return json(200, body);
}
