/**
 * The exception chain and the threads of the Event tab: each exception (the last raised first, the
 * later ones "Caused by"), its mechanism, and its frames newest first. In-app frames show with their
 * code; each run of system frames folds behind "Show N system frames"; a frame's local variables
 * are a "Variables (N)" disclosure drawn only when opened, so a 2 MB event paints fast.
 */
import * as l10n from '@vscode/l10n';
import type { DetailException, DetailFrame, DetailThread, EventDetail } from '../../../model/event/types';
import type { FrameRef } from '../protocol/messages';
import { h, icon } from './dom';
import type { DrawQueue } from './drawQueue';
import { frameGroups, systemFramesLabel } from './eventViewModel';
import { frameLabel } from './presentation';
import { frameLocation, frameRef, frameWhere } from '../../../model/event/frame';
import { disclosure, once, pairsTable, section, togglesRegion, uid, type RevealFn } from './pairsTable';

export interface StackCallbacks {
  openLocation(location: string, frame?: FrameRef): void;
  reveal: RevealFn;
  /** Open frames further down draw their code after the first paint. */
  queue: DrawQueue;
  /** A frame's `data-vscode-context`: its context menu (Copy Path, Copy Path:Line) names the frame. */
  frameContext?(frame: FrameRef): string;
}

/** The webview context a frame's right-click hands to the menu's commands (package.json `webview/context`). */
export const FRAME_SECTION = 'sentryFrame';

/** A frame's click names its event's platform and SDK, which decide the path a code mapping applies to. */
function ofEvent(d: EventDetail, cb: StackCallbacks): StackCallbacks {
  const event = { ...(d.platform ? { eventPlatform: d.platform } : {}), ...(d.sdk?.name ? { sdkName: d.sdk.name } : {}) };
  return {
    reveal: cb.reveal,
    queue: cb.queue,
    openLocation: (location, frame) => cb.openLocation(location, frame && { ...frame, ...event }),
    frameContext: (frame) => JSON.stringify({ webviewSection: FRAME_SECTION, preventDefaultContextMenuItems: true, sentryFrame: { ...frame, ...event } }),
  };
}

/** The Exception section, or null when the event has none. */
export function exceptionSection(d: EventDetail, callbacks: StackCallbacks): HTMLElement | null {
  const cb = ofEvent(d, callbacks);
  const xs = d.exceptions ?? [];
  if (!xs.length) return null;
  const grouped = xs.some((x) => x.group);
  const title = xs.length <= 1 ? l10n.t('Exception') : grouped ? l10n.t('Exceptions ({0}, each group before its members)', xs.length) : l10n.t('Exceptions ({0}, the last raised first)', xs.length);
  return section('exception', title, ...xs.map((x, i) => exceptionBlock(x, i, cb)));
}

function exceptionBlock(x: DetailException, index: number, cb: StackCallbacks): HTMLElement {
  const headingId = uid('exc');
  const m = x.mechanism;
  const handled = m?.handled === undefined ? null : h('span', { class: `badge ${m.handled ? 'handled' : 'unhandled'}`, text: m.handled ? l10n.t('Handled') : l10n.t('Unhandled') });
  const meta = [
    x.module ? h('span', { class: 'fact', title: l10n.t('Module') }, icon('symbol-namespace'), x.module) : null,
    m?.type ? h('span', { class: 'fact', title: l10n.t('Mechanism') }, icon('gear'), l10n.t('mechanism: {0}', m.type)) : null,
    handled,
    m?.synthetic ? h('span', { class: 'badge', text: l10n.t('synthetic'), title: l10n.t('The SDK made up this exception to carry a stack trace') }) : null,
    x.threadId ? h('span', { class: 'fact', title: l10n.t('Thread') }, icon('list-flat'), l10n.t('thread {0}', x.threadId)) : null,
  ].filter(Boolean);
  const g = x.group;
  // In a tree of exception groups a member is indented under its group (depth capped for narrow panels).
  const depth = g ? Math.min(g.depth, 4) : 0;
  const placed = g
    ? g.depth > 0 && g.parentId !== undefined
      ? h('div', { class: 'caused-by' }, icon('indent'), l10n.t('In exception group {0}', String(g.parentId)))
      : null
    : index > 0
      ? h('div', { class: 'caused-by' }, icon('arrow-up'), l10n.t('Caused by'))
      : null;
  if (g?.isGroup) meta.unshift(h('span', { class: 'badge', text: l10n.t('Exception group {0}', String(g.id)), title: l10n.t('The exceptions below it, indented, are its members') }));
  return h(
    'article',
    { class: depth ? `ev-exception group-depth-${depth}` : 'ev-exception', attrs: { 'aria-labelledby': headingId } },
    placed,
    h('h4', { class: 'exception-type', id: headingId, text: x.type || l10n.t('Exception') }),
    x.value ? h('p', { class: 'exception-value pre', text: x.value }) : null,
    meta.length ? h('div', { class: 'exc-meta' }, ...meta) : null,
    m?.description ? h('p', { class: 'muted small', text: m.description }) : null,
    stack(x.frames ?? [], cb),
    x.framesOmitted ? h('p', { class: 'muted small', role: 'note', text: l10n.t('{0} older frames were left out.', x.framesOmitted.toLocaleString('en')) }) : null,
  );
}

/** The Threads section (events without an exception): the crashed thread open, the others folded. */
export function threadsSection(d: EventDetail, callbacks: StackCallbacks): HTMLElement | null {
  const cb = ofEvent(d, callbacks);
  const ts = (d.threads ?? []).filter((t) => t.frames?.length || t.name || t.id);
  if (!ts.length || (d.exceptions ?? []).length) return null;
  const openIndex = Math.max(
    0,
    ts.findIndex((t) => t.crashed),
  );
  return section(
    'threads',
    ts.length > 1 ? l10n.t('Threads ({0})', ts.length) : l10n.t('Thread'),
    ...ts.map((t, i) => disclosure({ class: 'ev-thread', label: threadLabel(t), open: i === openIndex, render: () => stack(t.frames ?? [], cb) })),
  );
}

function threadLabel(t: DetailThread): (HTMLElement | string)[] {
  const out: (HTMLElement | string)[] = [h('span', { class: 'thread-name', text: t.name || (t.id !== undefined ? l10n.t('Thread {0}', t.id) : l10n.t('Thread')) })];
  if (t.name && t.id !== undefined) out.push(h('span', { class: 'muted', text: ` #${t.id}` }));
  if (t.crashed) out.push(h('span', { class: 'badge unhandled', text: l10n.t('crashed') }));
  if (t.current) out.push(h('span', { class: 'badge', text: l10n.t('current') }));
  out.push(h('span', { class: 'muted small', text: ` ${l10n.t('{0} frames', (t.frames ?? []).length)}` }));
  return out;
}

/** A stack, newest frame first. */
export function stack(frames: readonly DetailFrame[], cb: StackCallbacks): HTMLElement {
  if (!frames.length) return h('p', { class: 'muted', text: l10n.t('No stack frames.') });
  const list = h('ol', { class: 'frames ev-frames', attrs: { 'aria-label': l10n.t('Stack frames, newest first') } });
  const hasInApp = frames.some((f) => f.inApp);
  for (const g of frameGroups(frames)) {
    if (g.kind === 'frames') {
      for (let i = g.start; i < g.end; i++) list.appendChild(frame(frames[i], cb, hasInApp || i === 0));
      continue;
    }
    const run = h('li', { class: 'system-run' });
    const button = h('button', { class: 'link', attrs: { type: 'button' } }, icon('unfold'), systemFramesLabel(g.end - g.start));
    button.addEventListener('click', () => {
      // The run's frames replace the button; the first of them takes the focus.
      const items = frames.slice(g.start, g.end).map((f) => frame(f, cb, false));
      run.replaceWith(...items);
      items[0]?.querySelector<HTMLElement>('button')?.focus();
    });
    run.appendChild(button);
    list.appendChild(run);
  }
  return list;
}

/** One frame: its head (a click opens the file at the line), and its code and variables, open or folded. */
function frame(f: DetailFrame, cb: StackCallbacks, open: boolean): HTMLElement {
  const loc = frameLocation(f);
  const where = frameWhere(f);
  const ref: FrameRef = frameRef(f);
  const fn = frameLabel(f);
  const label = [h('span', { class: 'frame-fn', text: fn }), h('span', { class: 'frame-where', text: ` ${where}` })];
  const head = loc
    ? h('button', { class: 'frame-head link', title: l10n.t('Open {0}', loc), attrs: { type: 'button' }, on: { click: () => cb.openLocation(loc, ref) } }, ...label)
    : h('span', { class: 'frame-head' }, ...label);
  const li = h('li', { class: `frame ev-frame${f.inApp ? ' in-app' : ''}` });
  // data-vscode-context: VS Code hands it to the context menu's commands.
  if (loc && cb.frameContext) li.dataset.vscodeContext = cb.frameContext(ref);
  const hasContext = !!f.context?.length;
  const vars = f.vars ?? [];
  const line = h('div', { class: 'frame-line' });
  if (hasContext || vars.length) {
    const bodyId = uid('frame');
    const body = h('div', { class: 'frame-body', id: bodyId, hidden: !open });
    const draw = once(() => {
      if (hasContext) body.appendChild(context(f));
      if (vars.length) {
        body.appendChild(
          disclosure({
            class: 'frame-vars',
            label: [icon('symbol-variable'), ` ${l10n.t('Variables ({0})', vars.length)}`],
            title: l10n.t('Local variables of {0}', fn),
            render: () => pairsTable(vars, cb.reveal, l10n.t('Local variables of {0}', fn))!,
          }),
        );
      }
    });
    if (open) cb.queue.soon(draw);
    const chevron = icon(open ? 'chevron-down' : 'chevron-right');
    const toggle = h(
      'button',
      {
        class: 'icon-button frame-toggle',
        title: l10n.t('Show or hide the code of {0}', fn),
        attrs: { type: 'button', 'aria-expanded': String(open), 'aria-controls': bodyId, 'aria-label': l10n.t('Code and variables of {0}', fn) },
      },
      chevron,
    );
    togglesRegion(toggle, chevron, body, draw);
    line.append(toggle, head);
    if (f.inApp) line.appendChild(h('span', { class: 'badge', text: l10n.t('in app') }));
    li.append(line, body);
  } else {
    line.append(h('span', { class: 'frame-toggle-space', attrs: { 'aria-hidden': 'true' } }), head);
    if (f.inApp) line.appendChild(h('span', { class: 'badge', text: l10n.t('in app') }));
    li.appendChild(line);
  }
  return li;
}

/**
 * Context lines, the crash line highlighted: the numbers and the code as two blocks of text and a
 * mark under the crash line (4 elements a frame instead of 3 a line: 150 open frames paint fast).
 */
function context(f: DetailFrame): HTMLElement {
  const lines = f.context ?? [];
  const current = lines.findIndex(([n]) => n === f.lineNo);
  const inner = h(
    'div',
    { class: 'ctx-inner' },
    h('pre', { class: 'ctx-nos', attrs: { 'aria-hidden': 'true' }, text: lines.map(([n]) => String(n)).join('\n') }),
    h('pre', { class: 'ctx-code', text: lines.map(([, code]) => code).join('\n') }),
  );
  if (current >= 0) {
    const mark = h('div', { class: 'ctx-mark', attrs: { 'aria-hidden': 'true' } });
    mark.style.top = `calc(${current} * var(--ctx-lh) + 4px)`;
    inner.appendChild(mark);
  }
  const label = !f.lineNo
    ? l10n.t('Code')
    : current >= 0
      ? l10n.t('Code around line {0} (line {1} of {2} is the one that ran)', f.lineNo, current + 1, lines.length)
      : l10n.t('Code around line {0}', f.lineNo);
  return h('div', { class: 'ev-context', role: 'group', attrs: { 'aria-label': label } }, inner);
}
