// The whole events page (src/eventsPanel/core/page/main.ts), bundled as the extension bundles it (the
// @vscode-elements registrations left out: they need a browser), run against a fake DOM and a fake
// host, for the page suites: the data they answer with, and the page with the l10n data block the
// host writes into the HTML (src/eventsPanel/pageHtml.ts) and the state it posts with it.
import { join } from 'node:path';
import { build } from 'esbuild';
import { emptyEventDetail, type EventDetail } from '../../../../../src/model/event/types';
import { encodeEvents, PROTOCOL_VERSION, type HostMessage, type PanelState, type TagData } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import type { EventData } from '../../../../../src/eventsPanel/core/protocol/eventList';
import { bundleJson } from '../../../../../src/eventsPanel/pageHtml';
import { FakeDocument, FakeElement } from './fakeDom';
import { noCustomElements } from './stubElements';

let code: Promise<string> | undefined;

/** The page's bundle, built once per run (call it from a `before` with a long timeout). */
export function pageCode(): Promise<string> {
  return (code ??= buildPage());
}

async function buildPage(): Promise<string> {
  const out = await build({
    entryPoints: [join(__dirname, '../../../../../src/eventsPanel/core/page/main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    logLevel: 'silent',
    plugins: [noCustomElements],
  });
  return out.outputFiles[0].text;
}

export const ID = (n: number) => n.toString(16).padStart(32, 'a');
export const NOW = Date.now();
export const ago = (min: number) => new Date(NOW - min * 60_000).toISOString();

export const EVENTS: EventData[] = [1, 2, 3].map((n) => ({
  id: String(n),
  eventID: ID(n),
  dateCreated: ago(n),
  message: '',
  title: `TypeError: boom ${n}`,
  platform: 'javascript',
  location: 'src/app.ts:12:3',
  culprit: 'app.run',
  user: { email: 'jane@example.com' },
  tags: [
    { key: 'browser', value: 'Chrome 120' },
    { key: 'environment', value: 'production' },
    { key: 'level', value: 'error' },
  ],
}));

export const TAG: TagData = {
  key: 'browser',
  name: 'Browser',
  uniqueValues: 2,
  totalValues: 10,
  topValues: [
    { value: 'Chrome 120', count: 7, firstSeen: ago(100), lastSeen: ago(1) },
    { value: null, count: 3 },
  ],
};

export const DETAIL: EventDetail = {
  ...emptyEventDetail({ issueId: '7', id: '1', eventID: ID(1), title: 'TypeError: boom 1' }),
  dateCreated: ago(1),
  release: 'web@1.2.0',
  environment: 'production',
  platform: 'javascript',
  maskedCount: 1,
  previousEventID: ID(2),
  exceptions: [
    {
      type: 'TypeError',
      value: 'boom',
      mechanism: { type: 'onerror', handled: false },
      frames: [
        {
          function: 'run',
          filename: 'src/app.ts',
          lineNo: 12,
          inApp: true,
          context: [
            [11, 'a()'],
            [12, 'b()'],
          ],
          vars: [{ key: 'x', value: '1' }],
        },
        { function: 'tick', filename: 'node_modules/lib.js', lineNo: 3 },
        { function: 'loop', filename: 'node_modules/lib.js', lineNo: 9 },
      ],
    },
  ],
  breadcrumbs: [
    { type: 'http', category: 'xhr', level: 'info', message: 'GET /api', timestamp: ago(2) },
    { type: 'default', category: 'console', level: 'error', message: 'oops', timestamp: ago(1.5) },
  ],
  request: { method: 'GET', url: 'https://example.com/', query: [], headers: [{ key: 'Authorization', value: { masked: true, shown: 'Bearer [masked]', secret: 0 } }], cookies: [], env: [] },
  contexts: [{ key: 'browser', pairs: [{ key: 'name', value: 'Chrome' }] }],
  tags: [{ key: 'browser', value: 'Chrome 120' }],
  sdk: { name: 'sentry.javascript.browser', version: '8.0.0' },
};

export const panel = (over: Partial<PanelState> = {}): PanelState => ({
  v: PROTOCOL_VERSION,
  org: 'acme',
  issueId: '7',
  issue: { id: '7', shortId: 'WEB-7', title: 'TypeError: boom', level: 'error', status: 'unresolved', assignee: null, isBookmarked: false, count: '3', userCount: 1 },
  filters: DEFAULT_FILTERS,
  tab: 'events',
  ...over,
});

export interface Posted {
  type: string;
  id?: number;
  method?: string;
  params?: Record<string, unknown>;
}

export const tick = () => new Promise((r) => setTimeout(r, 2));

export interface PageOptions {
  /** The l10n bundle the host writes into the HTML. */
  bundle?: Record<string, string>;
  /** The state the host posts with the HTML (`boot`), which VS Code hands the page once it has loaded. */
  boot?: PanelState;
  /** What getState() returns: the state the page saved before a hide or reload. */
  saved?: unknown;
}

/** Runs the page in a fresh fake document (with the host's l10n data block when `bundle` is given). */
export async function openPage({ bundle, boot, saved }: PageOptions = {}) {
  const src = await pageCode();
  const doc = new FakeDocument();
  if (bundle && Object.keys(bundle).length) {
    const data = doc.createElement('script');
    data.setAttribute('type', 'application/json');
    data.id = 'l10n-bundle';
    // As the host writes it into the HTML (escaped) and the HTML parser hands it back.
    data.textContent = bundleJson(bundle);
    doc.body.appendChild(data);
  }
  const app = doc.createElement('div');
  app.id = 'app';
  app.setAttribute('aria-busy', 'true');
  doc.body.appendChild(app);

  let closed = false;
  const posted: Posted[] = [];
  const onMessage: ((ev: { data: unknown }) => void)[] = [];
  const g = globalThis as Record<string, unknown>;
  const names = ['document', 'window', 'acquireVsCodeApi', 'requestAnimationFrame', 'ResizeObserver', 'IntersectionObserver'];
  const globalsBefore = new Map(names.map((n) => [n, g[n]]));
  Object.assign(g, {
    document: doc,
    window: { addEventListener: (type: string, fn: (ev: { data: unknown }) => void) => type === 'message' && onMessage.push(fn) },
    acquireVsCodeApi: () => ({ postMessage: (m: Posted) => posted.push(JSON.parse(JSON.stringify(m)) as Posted), getState: () => saved, setState: () => undefined }),
    requestAnimationFrame: (fn: (t: number) => void) => setTimeout(() => !closed && fn(performance.now()), 0),
    ResizeObserver: class {
      observe(): void {}
      unobserve(): void {}
    },
    IntersectionObserver: class {
      constructor(private readonly cb: (entries: { target: unknown; isIntersecting: boolean }[]) => void) {}
      observe(target: unknown): void {
        queueMicrotask(() => !closed && this.cb([{ target, isIntersecting: true }]));
      }
      unobserve(): void {}
    },
  });
  new Function(src)();

  const send = (m: HostMessage) => {
    for (const fn of onMessage) fn({ data: m });
  };
  if (boot) send({ type: 'boot', state: boot });
  const settle = async () => {
    for (let i = 0; i < 10; i++) await tick();
  };
  /** Answers every request of `method` not yet answered. */
  const answered = new Set<number>();
  const answer = (method: string, result: (p: Record<string, unknown>) => unknown) => {
    for (const r of posted.filter((m) => m.type === 'request' && m.method === method && !answered.has(m.id!))) {
      answered.add(r.id!);
      send({ type: 'response', id: r.id!, method, ok: true, result: result(r.params ?? {}) } as HostMessage);
    }
  };
  const fail = (method: string, message: string) => {
    for (const r of posted.filter((m) => m.type === 'request' && m.method === method && !answered.has(m.id!))) {
      answered.add(r.id!);
      send({ type: 'response', id: r.id!, method, ok: false, error: { message, actions: ['retry', 'showLog'] } } as HostMessage);
    }
  };
  const close = async () => {
    await settle();
    closed = true;
    await settle();
    for (const [n, v] of globalsBefore) {
      if (v === undefined) delete g[n];
      else g[n] = v;
    }
  };
  /** Answers every request of `method` not yet answered, with a reply a host would make as it is. */
  const reply = (method: string, make: (id: number) => HostMessage) => {
    for (const r of posted.filter((m) => m.type === 'request' && m.method === method && !answered.has(m.id!))) {
      answered.add(r.id!);
      send(make(r.id!));
    }
  };
  return { doc, app, posted, send, answer, fail, reply, settle, close, byId: (id: string) => doc.getElementById(id) };
}

export type Page = Awaited<ReturnType<typeof openPage>>;

/** Init, the events, the environments and every tag card answered. */
export async function loaded(p: Page, state = panel()): Promise<void> {
  p.send({ type: 'init', version: PROTOCOL_VERSION, state });
  await p.settle();
  p.answer('events', () => ({ eventsJson: encodeEvents(EVENTS), count: EVENTS.length, hits: 3 }));
  p.answer('tag', (params) => ({ ...TAG, key: String(params.key) }));
  await p.settle();
}

/** Shown: neither it nor an ancestor is hidden. */
export function shown(el: FakeElement): boolean {
  for (let x: FakeElement | null = el; x; x = x.parentNode instanceof FakeElement ? x.parentNode : null) if (x.hidden) return false;
  return true;
}
