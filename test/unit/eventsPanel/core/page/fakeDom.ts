// A small fake DOM, enough for the events page (src/eventsPanel/core/page/) to build and draw itself in plain
// Node: nodes, text, fragments, elements with attributes, classes, datasets, styles and listeners,
// simple selectors (`tag`, `.class`, `#id`, `[attr]`, `[attr="v"]`, combined without spaces, and
// descendants (`a b`)), and a document with getElementById and an active element. Layout reads as zero.

export class FakeNode {
  parentNode: FakeNode | null = null;
  readonly childNodes: FakeNode[] = [];

  get firstChild(): FakeNode | null {
    return this.childNodes[0] ?? null;
  }
  get nextSibling(): FakeNode | null {
    const p = this.parentNode;
    return p ? (p.childNodes[p.childNodes.indexOf(this) + 1] ?? null) : null;
  }
  get isConnected(): boolean {
    return this.root() instanceof FakeDocument;
  }
  private root(): FakeNode {
    return this.parentNode ? this.parentNode.root() : this;
  }
  get textContent(): string {
    return this.childNodes.map((c) => c.textContent).join('');
  }
  set textContent(v: string) {
    for (const c of [...this.childNodes]) this.removeChild(c);
    if (v !== '') this.appendChild(new FakeText(v));
  }
  appendChild<T extends FakeNode>(c: T): T {
    return this.insertBefore(c, null);
  }
  insertBefore<T extends FakeNode>(c: T, ref: FakeNode | null): T {
    const nodes = c instanceof FakeFragment ? [...c.childNodes] : [c];
    for (const n of nodes) {
      n.parentNode?.removeChild(n);
      const at = ref ? this.childNodes.indexOf(ref) : -1;
      if (at < 0) this.childNodes.push(n);
      else this.childNodes.splice(at, 0, n);
      n.parentNode = this;
    }
    return c;
  }
  append(...nodes: (FakeNode | string)[]): void {
    for (const n of nodes) this.appendChild(typeof n === 'string' ? new FakeText(n) : n);
  }
  removeChild<T extends FakeNode>(c: T): T {
    const i = this.childNodes.indexOf(c);
    if (i >= 0) this.childNodes.splice(i, 1);
    c.parentNode = null;
    return c;
  }
  remove(): void {
    this.parentNode?.removeChild(this);
  }
  replaceWith(...nodes: FakeNode[]): void {
    const p = this.parentNode;
    if (!p) return;
    const next = this.nextSibling;
    p.removeChild(this);
    for (const n of nodes) p.insertBefore(n, next);
  }
  contains(n: FakeNode | null | undefined): boolean {
    for (let x = n ?? null; x; x = x.parentNode) if (x === this) return true;
    return false;
  }
  /** Every element under this node, in document order. */
  all(): FakeElement[] {
    return this.childNodes.flatMap((c) => (c instanceof FakeElement ? [c, ...c.all()] : c instanceof FakeFragment ? c.all() : []));
  }
  querySelectorAll(selector: string): FakeElement[] {
    return this.all().filter((e) => e.matches(selector));
  }
  querySelector(selector: string): FakeElement | null {
    return this.querySelectorAll(selector)[0] ?? null;
  }
}

export class FakeText extends FakeNode {
  constructor(public data: string) {
    super();
  }
  override get textContent(): string {
    return this.data;
  }
  override set textContent(v: string) {
    this.data = v;
  }
}

export class FakeFragment extends FakeNode {}

const SELECTOR = /^([a-z][\w-]*)?((?:[.#][\w-]+)*)(?:\[([\w-]+)(?:="([^"]*)")?\])?$/;

export class FakeElement extends FakeNode {
  id = '';
  className = '';
  title = '';
  tabIndex = -1;
  hidden = false;
  disabled = false;
  scrollTop = 0;
  readonly clientHeight = 0;
  readonly offsetHeight = 0;
  readonly dataset: Record<string, string> = {};
  readonly style: Record<string, string> = {};
  private readonly attributes = new Map<string, string>();
  private readonly listeners = new Map<string, ((ev: unknown) => void)[]>();

  constructor(
    readonly tagName: string,
    private readonly doc: FakeDocument,
  ) {
    super();
    if (tagName === 'button' || tagName === 'select' || tagName === 'vscode-button') this.tabIndex = 0;
  }

  get classList() {
    const list = () => this.className.split(/\s+/).filter(Boolean);
    const set = (names: string[]) => (this.className = names.join(' '));
    return {
      contains: (c: string) => list().includes(c),
      add: (c: string) => set([...new Set([...list(), c])]),
      remove: (c: string) => set(list().filter((x) => x !== c)),
      toggle: (c: string, force?: boolean) => {
        const on = force ?? !list().includes(c);
        set(on ? [...new Set([...list(), c])] : list().filter((x) => x !== c));
        return on;
      },
    };
  }

  setAttribute(k: string, v: string): void {
    this.attributes.set(k, String(v));
  }
  getAttribute(k: string): string | null {
    if (k === 'id') return this.id || null;
    if (k === 'class') return this.className || null;
    if (k === 'title') return this.title || null;
    if (k.startsWith('data-')) return this.dataset[k.slice(5).replace(/-([a-z])/g, (_, c: string) => c.toUpperCase())] ?? null;
    return this.attributes.get(k) ?? null;
  }
  hasAttribute(k: string): boolean {
    return this.getAttribute(k) !== null;
  }
  removeAttribute(k: string): void {
    this.attributes.delete(k);
  }
  toggleAttribute(k: string, force?: boolean): boolean {
    const on = force ?? !this.attributes.has(k);
    if (on) this.attributes.set(k, '');
    else this.attributes.delete(k);
    return on;
  }

  addEventListener(type: string, fn: (ev: unknown) => void): void {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), fn]);
  }
  removeEventListener(type: string, fn: (ev: unknown) => void): void {
    this.listeners.set(
      type,
      (this.listeners.get(type) ?? []).filter((f) => f !== fn),
    );
  }
  dispatch(type: string, ev: Record<string, unknown> = {}): void {
    for (const fn of this.listeners.get(type) ?? []) fn({ type, target: this, preventDefault: () => undefined, ...ev });
  }
  click(): void {
    this.dispatch('click');
  }
  focus(): void {
    this.doc.activeElement = this;
  }
  scrollIntoView(): void {}

  matches(selector: string): boolean {
    const parts = selector.trim().split(/\s+/);
    if (!this.matchesOne(parts[parts.length - 1])) return false;
    // Descendant combinators: each earlier part matches some ancestor, right to left.
    let x = this.parentNode;
    for (let i = parts.length - 2; i >= 0; i--) {
      while (x && !(x instanceof FakeElement && x.matchesOne(parts[i]))) x = x.parentNode;
      if (!x) return false;
      x = x.parentNode;
    }
    return true;
  }

  private matchesOne(selector: string): boolean {
    const m = SELECTOR.exec(selector);
    if (!m) throw new Error(`fake DOM: unsupported selector ${selector}`);
    const [, tag, rest, attr, value] = m;
    if (tag && tag !== this.tagName) return false;
    for (const part of rest.match(/[.#][\w-]+/g) ?? []) {
      if (part[0] === '.' && !this.classList.contains(part.slice(1))) return false;
      if (part[0] === '#' && this.id !== part.slice(1)) return false;
    }
    if (attr && (value === undefined ? !this.hasAttribute(attr) : this.getAttribute(attr) !== value)) return false;
    return true;
  }
  closest(selector: string): FakeElement | null {
    if (this.matches(selector)) return this;
    for (let x = this.parentNode; x; x = x.parentNode) if (x instanceof FakeElement && x.matches(selector)) return x;
    return null;
  }
}

export class FakeDocument extends FakeNode {
  activeElement: FakeElement | null = null;
  readonly documentElement = new FakeElement('html', this);
  readonly body = new FakeElement('body', this);

  constructor() {
    super();
    this.appendChild(this.documentElement);
    this.documentElement.appendChild(this.body);
  }
  createElement(tag: string): FakeElement {
    return new FakeElement(tag.toLowerCase(), this);
  }
  createTextNode(text: string): FakeText {
    return new FakeText(text);
  }
  createDocumentFragment(): FakeFragment {
    return new FakeFragment();
  }
  getElementById(id: string): FakeElement | null {
    return this.all().find((e) => e.id === id) ?? null;
  }
}
