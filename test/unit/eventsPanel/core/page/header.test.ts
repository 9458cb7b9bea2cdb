// The header's AI buttons as the page draws them: src/eventsPanel/core/page/header.ts bundled with
// esbuild (the @vscode-elements registrations left out: they need a browser) and rendered into a
// small fake DOM, so the ids, accessible names and what a click posts are checked in plain Node.
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type HandOffKind, type PageMessage, type TriageCommand } from '../../../../../src/eventsPanel/core/protocol/messages';
import { DEFAULT_FILTERS } from '../../../../../src/eventsPanel/core/protocol/filters';
import { parsePageMessage } from '../../../../../src/eventsPanel/core/protocol/parsePageMessage';
import type { HeaderView as HeaderViewClass } from '../../../../../src/eventsPanel/core/page/header';
import { initialState, reduce, type ViewState } from '../../../../../src/eventsPanel/core/page/pageState';
import { handOffMessage } from '../../../../../src/eventsPanel/core/page/triageActions';
import { loadPageModule } from './stubElements';

class FakeNode {
  parent: FakeNode | null = null;
  children: FakeNode[] = [];
  get firstChild(): FakeNode | null {
    return this.children[0] ?? null;
  }
  get textContent(): string {
    return this.children.map((c) => c.textContent).join('');
  }
  set textContent(v: string) {
    this.children = [];
    this.appendChild(new FakeText(v));
  }
  appendChild(c: FakeNode): FakeNode {
    c.parent = this;
    this.children.push(c);
    return c;
  }
  removeChild(c: FakeNode): FakeNode {
    this.children = this.children.filter((x) => x !== c);
    c.parent = null;
    return c;
  }
  contains(n: FakeNode | null): boolean {
    for (let x = n; x; x = x.parent) if (x === this) return true;
    return false;
  }
}

class FakeText extends FakeNode {
  constructor(private readonly data: string) {
    super();
  }
  override get textContent(): string {
    return this.data;
  }
}

class FakeElement extends FakeNode {
  className = '';
  id = '';
  title = '';
  tabIndex = 0;
  hidden = false;
  readonly dataset: Record<string, string> = {};
  private readonly attrs = new Map<string, string>();
  private readonly listeners = new Map<string, ((ev: unknown) => void)[]>();
  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {
    super();
  }
  override get textContent(): string {
    return super.textContent;
  }
  override set textContent(v: string) {
    super.textContent = v;
  }
  setAttribute(k: string, v: string): void {
    this.attrs.set(k, v);
  }
  getAttribute(k: string): string | null {
    return this.attrs.get(k) ?? null;
  }
  addEventListener(type: string, fn: (ev: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  click(): void {
    for (const fn of this.listeners.get('click') ?? []) fn({ type: 'click' });
  }
  focus(): void {
    this.doc.activeElement = this;
  }
  all(): FakeElement[] {
    return this.children.flatMap((c) => (c instanceof FakeElement ? [c, ...c.all()] : []));
  }
}

class FakeDocument {
  activeElement: FakeElement | null = null;
  createElement(tag: string): FakeElement {
    return new FakeElement(tag, this);
  }
  createTextNode(text: string): FakeText {
    return new FakeText(text);
  }
}

let HeaderView: typeof HeaderViewClass;

before(async () => {
  const mod = { exports: await loadPageModule<{ HeaderView?: typeof HeaderViewClass }>(join(__dirname, '../../../../../src/eventsPanel/core/page/header.ts')) };
  assert.ok(mod.exports.HeaderView, 'the bundle exports HeaderView');
  HeaderView = mod.exports.HeaderView;
});

const state = (status: string, ai = true): ViewState =>
  reduce(initialState(), {
    type: 'init',
    state: { v: PROTOCOL_VERSION, org: 'acme', issueId: '7', issue: { id: '7', shortId: 'APP-7', title: 'Boom', status }, filters: DEFAULT_FILTERS, tab: 'events' },
    ai,
  });

/** Renders a header into a fresh fake document; `posted` gets what the page would post. `ai`: whether the host said a chat can take the issue. */
function draw(status = 'unresolved', ai = true) {
  const doc = new FakeDocument();
  const saved = (globalThis as { document?: unknown }).document;
  (globalThis as { document?: unknown }).document = doc;
  const posted: PageMessage[] = [];
  const header = new HeaderView(
    () => posted.push({ type: 'action', action: 'openInBrowser' }),
    (command: TriageCommand) => posted.push({ type: 'triage', command }),
    // As src/eventsPanel/core/page/main.ts wires it.
    (kind: HandOffKind) => posted.push(handOffMessage(kind)),
  );
  const render = () => header.render(state(status, ai), Date.parse('2024-01-01T00:00:00Z'));
  const el = header.el as unknown as FakeElement;
  const byId = (id: string) => el.all().find((e) => e.id === id);
  const restore = () => ((globalThis as { document?: unknown }).document = saved);
  try {
    render();
  } catch (e) {
    restore();
    throw e;
  }
  return { doc, el, byId, posted, render, restore };
}

describe('events page: the header draws the AI buttons', () => {
  it('#ai-explain and #ai-fix: text buttons with codicons and accessible names, in the title row before Open in Browser', () => {
    const { el, byId, restore } = draw();
    try {
      for (const [id, text, label, kind] of [
        ['ai-explain', 'Explain with AI', 'Explain the issue with AI', 'explain'],
        ['ai-fix', 'Fix with AI', 'Fix the issue with AI', 'fix'],
      ]) {
        const b = byId(id);
        assert.ok(b, `no #${id}`);
        assert.equal(b.tagName, 'vscode-button');
        assert.equal(b.textContent.trim(), text);
        assert.equal(b.getAttribute('aria-label'), label);
        assert.equal(b.title, label);
        assert.ok(b.getAttribute('icon'), `${id} has a codicon`);
        assert.equal(b.getAttribute('secondary'), '', 'secondary, like Open in Browser');
        assert.equal(b.dataset.kind, kind);
        assert.equal(b.getAttribute('onclick'), null);
      }
      const row = el.all().find((e) => e.className === 'title-row')!;
      assert.deepEqual(row.children.map((c) => (c as FakeElement).id).filter(Boolean), ['ai-explain', 'ai-fix', 'open-in-browser'], 'Tab from Open in Browser still reaches the triage row next');
      // Not in the triage group: its buttons stay the triage commands only.
      const triage = byId('triage')!;
      assert.ok(!triage.contains(byId('ai-explain')!) && !triage.contains(byId('ai-fix')!));
    } finally {
      restore();
    }
  });

  it('a click posts exactly { type: "handOff", kind } (no issue), which the host accepts as it is', () => {
    const { byId, posted, restore } = draw();
    try {
      byId('ai-explain')!.click();
      byId('ai-fix')!.click();
      assert.deepEqual(posted, [
        { type: 'handOff', kind: 'explain' },
        { type: 'handOff', kind: 'fix' },
      ]);
      for (const m of posted) {
        assert.deepEqual(Object.keys(m).sort(), ['kind', 'type']);
        assert.deepEqual(parsePageMessage(JSON.parse(JSON.stringify(m))), m);
      }
    } finally {
      restore();
    }
  });

  it('offered whatever the status, and focus on one stays on it across a redraw', () => {
    for (const status of ['unresolved', 'resolved', 'ignored', '']) {
      const { byId, restore } = draw(status);
      try {
        assert.ok(byId('ai-explain') && byId('ai-fix'), status);
      } finally {
        restore();
      }
    }
    const { doc, byId, render, restore } = draw();
    try {
      byId('ai-fix')!.focus();
      const before = byId('ai-fix');
      render();
      assert.notEqual(byId('ai-fix'), before, 'redrawn');
      assert.equal(doc.activeElement, byId('ai-fix'));
    } finally {
      restore();
    }
  });

  it("where no chat can take the issue (the host says so), no AI buttons: Open in Browser is the title row's only button", () => {
    const { el, byId, restore } = draw('unresolved', false);
    try {
      assert.equal(byId('ai-explain'), undefined);
      assert.equal(byId('ai-fix'), undefined);
      const row = el.all().find((e) => e.className === 'title-row')!;
      assert.deepEqual(row.children.map((c) => (c as FakeElement).id).filter(Boolean), ['open-in-browser']);
      assert.ok(byId('triage-resolve'), 'the triage buttons stay');
    } finally {
      restore();
    }
  });

  it('the header is redrawn when the host says a chat came or went', () => {
    const without = state('unresolved', false);
    const withAi = reduce(without, { type: 'ai', available: true });
    assert.equal(withAi.ai, true);
    assert.equal(HeaderView.changed(without, withAi), true);
    assert.equal(reduce(withAi, { type: 'ai', available: true }), withAi, 'no change, the same state');
    assert.equal(HeaderView.changed(withAi, withAi), false);
  });
});
