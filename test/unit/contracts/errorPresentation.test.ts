// Which actions a failure offers is decided once (src/contracts/errorPresentation.ts). Each surface
// is checked against that one table for every case of failure: the Issues view (presentError), the
// events panel's host (toErrorView) and what the page draws of it (its error boxes and the Tags tab's
// cards, each bundled as the page bundles it), failure notifications (noticeActions, which the
// commands' notifications call), the editor's marks line, and the AI tools' text. The table itself is
// pinned too: the labels, their order and the commands are what users see.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { BadRequestError, ForbiddenError, GoneError, NetworkError, NotFoundError, RateLimitedError, ServerError, TimeoutError, UnauthorizedError } from '../../../src/api/errors';
import { CHOOSE_PROJECT_FIRST, errorText, SIGN_IN_FIRST } from '../../../src/ai/core/tools/toolErrors';
import { Commands } from '../../../src/constants';
import { actionLabel, ERROR_ACTIONS, ERROR_CASES, errorCase, noticeActions, paletteName, pickedAction, presentError, type ErrorAction, type ErrorCase } from '../../../src/contracts/errorPresentation';
import { SignedOutError } from '../../../src/contracts/errors';
import { explainMarks, type MarksState } from '../../../src/editor/core/marksStatus';
import { toErrorView } from '../../../src/eventsPanel/core/eventsModel';
import type { ErrorView } from '../../../src/eventsPanel/core/protocol/messages';
import type { TagSlot } from '../../../src/eventsPanel/core/page/tagsModel';
import { FakeDocument, type FakeElement } from '../eventsPanel/core/page/fakeDom';
import { loadPageModule } from '../eventsPanel/core/page/stubElements';

const ROOT = join(__dirname, '../../..');

/** One failure of each case (several for the catch-all ones). */
const SAMPLES: [ErrorCase, unknown][] = [
  ['signedOut', new SignedOutError()],
  ['unauthorized', new UnauthorizedError('Token expired')],
  ['forbidden', new ForbiddenError(['event:read'], undefined)],
  ['notFound', new NotFoundError('Project "web" in organization "acme"', undefined)],
  ['badRequest', new BadRequestError('Invalid query', 400)],
  ['otherApi', new ServerError(500, undefined)],
  ['otherApi', new GoneError('2026-01-01', undefined)],
  ['otherApi', new RateLimitedError(undefined, undefined)],
  ['otherApi', new NetworkError('https://sentry.example', 'connection refused')],
  ['otherApi', new TimeoutError('https://sentry.example', 30_000)],
  ['unexpected', new TypeError('x is undefined')],
  ['unexpected', 'a string'],
];

const labels = (actions: readonly ErrorAction[]) => actions.map((a) => ERROR_ACTIONS[a].label);

describe('error actions: the one table', () => {
  it('labels, commands and order as users see them', () => {
    assert.deepEqual(Object.fromEntries(Object.entries(ERROR_ACTIONS).map(([a, x]) => [a, [x.label, x.command]])), {
      retry: ['Retry', Commands.refresh],
      signIn: ['Sign In', Commands.signIn],
      chooseProject: ['Choose Project', Commands.chooseProject],
      showLog: ['Show Log', Commands.showLog],
      filter: ['Change Filter', Commands.filterIssues],
    });
    const table = Object.fromEntries(Object.entries(ERROR_CASES).map(([c, s]) => [c, [labels(s.view), labels(s.line), s.model]]));
    assert.deepEqual(table, {
      signedOut: [['Sign In'], ['Sign In'], 'signIn'],
      noProject: [['Choose Project'], ['Choose Project'], 'chooseProject'],
      unauthorized: [['Sign In', 'Retry'], ['Sign In', 'Show Log'], 'signIn'],
      forbidden: [['Sign In', 'Retry'], ['Sign In', 'Show Log'], undefined],
      notFound: [['Choose Project', 'Retry'], ['Choose Project', 'Show Log'], undefined],
      badRequest: [['Change Filter', 'Retry'], ['Retry', 'Show Log'], undefined],
      otherApi: [['Retry', 'Show Log'], ['Retry', 'Show Log'], undefined],
      unexpected: [['Retry', 'Show Log'], ['Retry', 'Show Log'], 'showLog'],
    });
  });

  it("notifications: the fix, then Show Log; Retry is the caller's own operation again", () => {
    assert.deepEqual(Object.fromEntries(Object.entries(ERROR_CASES).map(([c, s]) => [c, labels(s.notice)])), {
      signedOut: ['Sign In'],
      noProject: ['Choose Project'],
      unauthorized: ['Sign In', 'Show Log'],
      forbidden: ['Sign In', 'Show Log'],
      notFound: ['Retry', 'Show Log'],
      badRequest: ['Retry', 'Show Log'],
      otherApi: ['Retry', 'Show Log'],
      unexpected: ['Retry', 'Show Log'],
    });
    for (const a of Object.keys(ERROR_ACTIONS) as ErrorAction[]) assert.equal(actionLabel(a), ERROR_ACTIONS[a].label);
  });

  it("each action's Command Palette name is the one package.json gives its command", () => {
    const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { contributes: { commands: { command: string; title: string; category?: string }[] } };
    const nls = JSON.parse(readFileSync(join(ROOT, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const text = (s: string | undefined) => (s?.startsWith('%') ? nls[s.slice(1, -1)] : s);
    for (const [a, x] of Object.entries(ERROR_ACTIONS) as [ErrorAction, (typeof ERROR_ACTIONS)[ErrorAction]][]) {
      const declared = manifest.contributes.commands.find((c) => c.command === x.command);
      assert.ok(declared, `${x.command} is declared`);
      assert.equal(paletteName(a), `${text(declared.category)}: ${text(declared.title)}`);
    }
  });

  it('classifies each sample as its case', () => {
    for (const [c, e] of SAMPLES) assert.equal(errorCase(e), c, String(e));
  });
});

describe('every surface offers what the table decides', () => {
  it('the Issues view and the events panel host (presentError, toErrorView)', () => {
    for (const [c, e] of SAMPLES) {
      assert.deepEqual(presentError(e).actions, ERROR_CASES[c].view, `${c}: ${String(e)}`);
      assert.deepEqual(toErrorView(e).actions, ERROR_CASES[c].view, `${c}: ${String(e)}`);
    }
  });

  it("failure notifications (noticeActions): the table's buttons, Retry only where the caller can repeat its operation", () => {
    for (const [c, e] of SAMPLES) {
      assert.deepEqual(noticeActions(e, true), ERROR_CASES[c].notice, `${c}: ${String(e)}`);
      assert.deepEqual(
        noticeActions(e, false),
        ERROR_CASES[c].notice.filter((a) => a !== 'retry'),
        `${c}: ${String(e)}`,
      );
    }
    const offered = noticeActions(new ServerError(500, undefined), true);
    assert.equal(pickedAction(offered, 'Show Log'), 'showLog', 'the button clicked, by its label');
    assert.equal(pickedAction(offered, 'Retry'), 'retry');
    assert.equal(pickedAction(offered, undefined), undefined, 'dismissed');
    assert.equal(pickedAction(offered, 'Sign In'), undefined, 'a label not offered');
  });

  it('a failure notification offers no Retry that cannot help: signed out or a refused sign-in asks for a sign-in', () => {
    // Triage offered Retry and Show Log for every failure, a retry that fails again the same way.
    assert.deepEqual(labels(noticeActions(new SignedOutError(), true)), ['Sign In']);
    assert.deepEqual(labels(noticeActions(new UnauthorizedError('Token expired'), true)), ['Sign In', 'Show Log']);
    assert.deepEqual(labels(noticeActions(new ForbiddenError(['org:read'], undefined), true)), ['Sign In', 'Show Log']);
  });

  it("the events page: its buttons' labels, in order", async function () {
    this.timeout(60_000);
    // The page's own module, bundled as the page bundles it (so a copy of the labels there is what is tested).
    const mod = { exports: await loadPageModule<{ renderErrorBox: (box: unknown, error: ErrorView, onAction: () => void) => void }>(join(ROOT, 'src/eventsPanel/core/page/errorBox.ts')) };
    const g = globalThis as Record<string, unknown>;
    const saved = g.document;
    const doc = new FakeDocument();
    g.document = doc;
    try {
      for (const [c, e] of SAMPLES) {
        const box = doc.createElement('div');
        mod.exports.renderErrorBox(box, toErrorView(e), () => undefined);
        const buttons = box.querySelectorAll('vscode-button') as FakeElement[];
        assert.deepEqual(
          buttons.map((b) => b.textContent),
          labels(ERROR_CASES[c].view),
          `${c}: ${String(e)}`,
        );
      }
    } finally {
      if (saved === undefined) delete g.document;
      else g.document = saved;
    }
  });

  it("the events page's Tags tab: a card's buttons, in order", async function () {
    this.timeout(60_000);
    // The page's own module, bundled as the page bundles it; the card asks for its data when it scrolls into view.
    type Tags = { el: FakeElement; update(keys: string[], slots: ReadonlyMap<string, TagSlot>, now: number): void };
    const mod = { exports: await loadPageModule<{ TagsView: new (cb: Record<string, (...a: unknown[]) => void>) => Tags }>(join(ROOT, 'src/eventsPanel/core/page/tagsView.ts')) };
    const g = globalThis as Record<string, unknown>;
    const saved = { document: g.document, IntersectionObserver: g.IntersectionObserver };
    const doc = new FakeDocument();
    g.document = doc;
    g.IntersectionObserver = class {
      observe(): void {}
      unobserve(): void {}
    };
    const clicked: [unknown, unknown][] = [];
    const noop = () => undefined;
    try {
      for (const [c, e] of SAMPLES) {
        const view = new mod.exports.TagsView({ need: noop, tagFilter: noop, showAll: noop, stopAll: noop, action: (a, key) => clicked.push([a, key]) });
        view.update(['browser'], new Map([['browser', { status: 'error', envKey: '', error: toErrorView(e) }]]), Date.now());
        const buttons = view.el.querySelectorAll('.tag-card vscode-button') as FakeElement[];
        assert.deepEqual(
          buttons.map((b) => b.textContent),
          labels(ERROR_CASES[c].view),
          `${c}: ${String(e)}`,
        );
        buttons.at(-1)!.click();
        assert.deepEqual(clicked.pop(), [ERROR_CASES[c].view.at(-1), 'browser'], 'a button asks for its own action, for its card');
      }
    } finally {
      for (const [k, v] of Object.entries(saved)) {
        if (v === undefined) delete g[k];
        else g[k] = v;
      }
    }
  });

  it("the editor's marks line: signed out, no project, and a failed search", () => {
    const ready: MarksState = { signedIn: true, hasProject: true, file: 'workspace', projects: ['web'], marks: { issues: 0, lines: 0 } };
    const offered = (s: MarksState) => explainMarks(s).actions.map((a) => [a.label, a.command]);
    const expected = (c: ErrorCase) => ERROR_CASES[c].line.map((a) => [ERROR_ACTIONS[a].label, ERROR_ACTIONS[a].command]);
    assert.deepEqual(offered({ ...ready, signedIn: false }), expected('signedOut'));
    assert.deepEqual(offered({ ...ready, hasProject: false }), expected('noProject'));
    for (const [c, e] of SAMPLES) {
      const report = { mode: 'perFile' as const, error: e, found: 0, located: 0, here: 0, elsewhere: 0, unmapped: 0 };
      assert.deepEqual(offered({ ...ready, report }), expected(c), `${c}: ${String(e)}`);
    }
  });

  it('the AI tools name the command the table decides, and no other', () => {
    const named = (text: string) => (Object.keys(ERROR_ACTIONS) as ErrorAction[]).filter((a) => text.includes(paletteName(a)));
    const expected = (c: ErrorCase) => (ERROR_CASES[c].model ? [ERROR_CASES[c].model] : []);
    assert.deepEqual(named(SIGN_IN_FIRST), expected('signedOut'));
    assert.deepEqual(named(CHOOSE_PROJECT_FIRST), expected('noProject'));
    for (const [c, e] of SAMPLES) assert.deepEqual(named(errorText(e, Date.now())), expected(c), `${c}: ${String(e)}`);
    assert.deepEqual(named(errorText(new RangeError('limit must be at most 100'), Date.now())), [], "the model's own input: nothing for the user to run");
  });

  it('the AI texts read as before', () => {
    assert.equal(SIGN_IN_FIRST, 'Not signed in to Sentry. Sign in to Sentry first: ask the user to run the command "Sentry Explorer: Sign In" (sentryExplorer.signIn), then call this tool again.');
    assert.equal(
      CHOOSE_PROJECT_FIRST,
      'No Sentry organization is chosen in Sentry Explorer. Ask the user to run "Sentry Explorer: Choose Project" (sentryExplorer.chooseProject), then call this tool again.',
    );
    const unauthorized = errorText(new UnauthorizedError('Token expired'), 0);
    assert.ok(unauthorized.startsWith('Sentry rejected the credentials (401): '), unauthorized);
    assert.ok(unauthorized.endsWith(' Ask the user to sign in again ("Sentry Explorer: Sign In"); do not retry before that.'), unauthorized);
    assert.equal(errorText(new TypeError('boom'), 0), 'Sentry Explorer failed: boom. Tell the user; the log (Sentry Explorer: Show Log) has details.');
    assert.ok(errorText(new ServerError(502, undefined), 0).startsWith('Sentry could not answer (server): '));
  });
});
