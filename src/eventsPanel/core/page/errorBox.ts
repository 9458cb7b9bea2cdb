/** The inline error of a tab: the message and a button per action of its ErrorView (src/eventsPanel/core/protocol/messages.ts). */
import { actionLabel } from '../../../contracts/errorPresentation';
import type { ErrorActionName, ErrorView } from '../protocol/messages';
import { h, icon, replace } from './dom';
import { button } from './elements';

/** Fills `box` with the error; `extra`: actions to offer besides the error's own (a Retry it lacks). */
export function renderErrorBox(box: HTMLElement, error: ErrorView, onAction: (action: ErrorActionName) => void, extra: ErrorActionName[] = []): void {
  const actions = [...error.actions, ...extra.filter((a) => !error.actions.includes(a))];
  replace(
    box,
    icon('error'),
    h('span', { class: 'message', text: error.message }),
    h('span', { class: 'actions' }, ...actions.map((a, n) => button({ attrs: { secondary: n > 0 }, dataset: { action: a }, text: actionLabel(a), on: { click: () => onAction(a) } }))),
  );
}
