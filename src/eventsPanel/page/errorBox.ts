/** The inline error of a tab: the message and a button per action of its ErrorView (src/eventsPanel/protocol/messages.ts). */
import * as l10n from '@vscode/l10n';
import type { ErrorActionName, ErrorView } from '../protocol/messages';
import { h, icon, replace } from './dom';
import { button } from './elements';

/** The labels of ERROR_ACTIONS (src/contracts/errorPresentation.ts), kept here: importing that module would bundle the API errors into the page. */
export function actionLabel(action: ErrorActionName): string {
  switch (action) {
    case 'retry':
      return l10n.t('Retry');
    case 'signIn':
      return l10n.t('Sign In');
    case 'chooseProject':
      return l10n.t('Choose Project');
    case 'showLog':
      return l10n.t('Show Log');
    case 'filter':
      return l10n.t('Change Filter');
  }
}

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
