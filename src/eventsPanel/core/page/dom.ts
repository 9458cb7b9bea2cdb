/**
 * A tiny DOM builder. Strings always become text nodes (or textContent / properties), never HTML:
 * this module has no innerHTML, so a server string like `<img src=x onerror=...>` stays text.
 */
export type Child = Node | string | number | null | undefined | false;

export interface Props {
  class?: string;
  text?: string;
  title?: string;
  id?: string;
  role?: string;
  tabIndex?: number;
  hidden?: boolean;
  /** Attributes (values are set with setAttribute, which never parses HTML). */
  attrs?: Record<string, string | number | boolean | undefined>;
  /** Properties of custom elements and inputs (value, checked, ...). */
  props?: Record<string, unknown>;
  dataset?: Record<string, string>;
  on?: { [K in keyof HTMLElementEventMap]?: (ev: HTMLElementEventMap[K]) => void } & Record<string, (ev: Event) => void>;
}

export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props?: Props | null, ...children: Child[]): HTMLElementTagNameMap[K];
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement;
export function h(tag: string, props?: Props | null, ...children: Child[]): HTMLElement {
  const el = document.createElement(tag);
  if (props) {
    if (props.class) el.className = props.class;
    if (props.text !== undefined) el.textContent = props.text;
    if (props.title !== undefined) el.title = props.title;
    if (props.id) el.id = props.id;
    if (props.role) el.setAttribute('role', props.role);
    if (props.tabIndex !== undefined) el.tabIndex = props.tabIndex;
    if (props.hidden) el.hidden = true;
    if (props.attrs) {
      for (const [k, v] of Object.entries(props.attrs)) {
        if (v === undefined || v === false) continue;
        el.setAttribute(k, v === true ? '' : String(v));
      }
    }
    if (props.props) Object.assign(el, props.props);
    if (props.dataset) for (const [k, v] of Object.entries(props.dataset)) el.dataset[k] = v;
    if (props.on) for (const [k, fn] of Object.entries(props.on)) if (fn) el.addEventListener(k, fn as EventListener);
  }
  append(el, children);
  return el;
}

export function append(el: Node, children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    el.appendChild(typeof c === 'string' || typeof c === 'number' ? document.createTextNode(String(c)) : c);
  }
}

/** Replaces all children. */
export function replace(el: Node, ...children: Child[]): void {
  while (el.firstChild) el.removeChild(el.firstChild);
  append(el, children);
}

/** Out of sight, still read by screen readers (set through the CSSOM: the CSP forbids style attributes, not this). */
const VISUALLY_HIDDEN: Partial<CSSStyleDeclaration> = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: '0',
  border: '0',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  clipPath: 'inset(50%)',
  whiteSpace: 'nowrap',
};

let live: HTMLElement | undefined;

/**
 * The page's one live region (polite, visually hidden): what is loading and what failed is read
 * out from here, so the inline errors are not alerts of their own. ./main puts it outside #app,
 * whose aria-busy would hold it back while loading.
 */
export function liveRegion(): HTMLElement {
  if (!live) {
    live = h('div', { id: 'live-status', role: 'status', attrs: { 'aria-live': 'polite', 'aria-atomic': 'true' } });
    Object.assign(live.style, VISUALLY_HIDDEN);
  }
  return live;
}

/** Says `text` through the live region (the same text twice in a row is said once). */
export function announce(text: string): void {
  const el = liveRegion();
  if (el.textContent !== text) el.textContent = text;
}

export function icon(name: string, extraClass = ''): HTMLElement {
  const s = document.createElement('span');
  s.className = `codicon codicon-${name}${extraClass ? ` ${extraClass}` : ''}`;
  s.setAttribute('aria-hidden', 'true');
  return s;
}
