/** The inline error of a tab: the message and a button per action of its ErrorView (src/contracts/eventsProtocol.ts). */
import type { ErrorActionName, ErrorView } from '../contracts/eventsProtocol';
import { h, icon, replace } from './dom';
import { button } from './elements';

/** The labels of ERROR_ACTIONS (src/contracts/errorPresentation.ts), kept here: importing that module would bundle the API errors into the page. */
export const ACTION_LABELS: Record<ErrorActionName, string> = {
  retry: 'Retry',
  signIn: 'Sign In',
  chooseProject: 'Choose Project',
  showLog: 'Show Log',
  filter: 'Change Filter',
};

/** Fills `box` with the error; `extra`: actions to offer besides the error's own (a Retry it lacks). */
export function renderErrorBox(box: HTMLElement, error: ErrorView, onAction: (action: ErrorActionName) => void, extra: ErrorActionName[] = []): void {
  const actions = [...error.actions, ...extra.filter((a) => !error.actions.includes(a))];
  replace(
    box,
    icon('error'),
    h('span', { class: 'message', text: error.message }),
    h('span', { class: 'actions' }, ...actions.map((a, n) => button({ attrs: { secondary: n > 0 }, dataset: { action: a }, text: ACTION_LABELS[a], on: { click: () => onAction(a) } }))),
  );
}
