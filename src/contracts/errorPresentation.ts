/**
 * Which actions a failure offers, decided once for every place that shows one: the Issues view's
 * error items and the events panel (presentError, whose ErrorView the page draws with actionLabel),
 * failure notifications (noticeActions), the editor's "why no marks" line (marksStatus.ts) and the
 * text the AI tools return (toolErrors.ts). ERROR_ACTIONS holds each action's label and command,
 * ERROR_CASES which actions each case of failure offers where. No `vscode` import; the events page
 * bundles ERROR_ACTIONS for its buttons' labels.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import { Commands } from '../constants';
import { isSignedOut } from './errors';

export type ErrorAction = 'retry' | 'signIn' | 'chooseProject' | 'showLog' | 'filter';

/**
 * Every error action, its label, the command it runs, that command's title in the Command Palette
 * (English, as package.nls.json has it: the AI tools name it to the model) and its codicon. A label
 * is read when it is shown (a getter), so it comes out in the language activate() configured, not at import.
 */
export const ERROR_ACTIONS: Readonly<Record<ErrorAction, { readonly label: string; readonly command: string; readonly title: string; readonly icon: string }>> = {
  retry: {
    get label() {
      return l10n.t('Retry');
    },
    command: Commands.refresh,
    title: 'Refresh',
    icon: 'refresh',
  },
  signIn: {
    get label() {
      return l10n.t('Sign In');
    },
    command: Commands.signIn,
    title: 'Sign In',
    icon: 'account',
  },
  chooseProject: {
    get label() {
      return l10n.t('Choose Project');
    },
    command: Commands.chooseProject,
    title: 'Choose Project',
    icon: 'project',
  },
  showLog: {
    get label() {
      return l10n.t('Show Log');
    },
    command: Commands.showLog,
    title: 'Show Log',
    icon: 'output',
  },
  filter: {
    get label() {
      return l10n.t('Change Filter');
    },
    command: Commands.filterIssues,
    title: 'Filter Issues',
    icon: 'filter',
  },
};

/** How a command is named in the Command Palette, e.g. `Sentry Explorer: Sign In`. */
export const paletteName = (action: ErrorAction): string => `Sentry Explorer: ${ERROR_ACTIONS[action].title}`;

/**
 * What went wrong, as far as the actions go: no session, no project chosen, the server's answers
 * that one action fixes, any other failure of a request (`otherApi`: a 5xx, 410, 429, the network,
 * a timeout, an answer not understood), and anything else (`unexpected`: a defect).
 */
export type ErrorCase = 'signedOut' | 'noProject' | 'unauthorized' | 'forbidden' | 'notFound' | 'badRequest' | 'otherApi' | 'unexpected';

/** Where a failure is shown. */
export interface ErrorSurfaces {
  /** The Issues view's error items, the events panel's error boxes and tag cards: the fix, then Retry (or Retry, then Show Log). */
  readonly view: readonly ErrorAction[];
  /**
   * A failure notification's buttons: the fix, then Show Log. `retry` here is the caller's own
   * operation again (not the view's Refresh), offered only where the caller can repeat exactly that
   * operation (noticeActions). The caller decides what a click does (a Sign In may repeat the
   * operation after it) and may go before the table where it knows more than the case: its own
   * action with its own wording (triage's Sign In Again for the write scope, a link's Sign In that
   * then opens the issue), or a warning with no buttons for a case it expects (a link's issue not
   * found). Actions that do not undo a failure (Undo after a change went through) are no part of it.
   */
  readonly notice: readonly ErrorAction[];
  /** The editor's one line about its marks (and its status-bar item): the fix, then Show Log. */
  readonly line: readonly ErrorAction[];
  /** The one command the AI tools' text asks the user to run, if any (the model retries or fixes its input itself). */
  readonly model: ErrorAction | undefined;
}

/** The one decision: for each case, the actions each surface offers, the one that fixes it first. */
export const ERROR_CASES: Readonly<Record<ErrorCase, ErrorSurfaces>> = {
  signedOut: { view: ['signIn'], notice: ['signIn'], line: ['signIn'], model: 'signIn' },
  noProject: { view: ['chooseProject'], notice: ['chooseProject'], line: ['chooseProject'], model: 'chooseProject' },
  unauthorized: { view: ['signIn', 'retry'], notice: ['signIn', 'showLog'], line: ['signIn', 'showLog'], model: 'signIn' },
  forbidden: { view: ['signIn', 'retry'], notice: ['signIn', 'showLog'], line: ['signIn', 'showLog'], model: undefined },
  // A notification's 404 is of what its command acted on (an issue, an event), which Choose Project does not bring back.
  notFound: { view: ['chooseProject', 'retry'], notice: ['retry', 'showLog'], line: ['chooseProject', 'showLog'], model: undefined },
  // A notification's 400 is of the change as sent, not of the view's filter.
  badRequest: { view: ['filter', 'retry'], notice: ['retry', 'showLog'], line: ['retry', 'showLog'], model: undefined },
  otherApi: { view: ['retry', 'showLog'], notice: ['retry', 'showLog'], line: ['retry', 'showLog'], model: undefined },
  unexpected: { view: ['retry', 'showLog'], notice: ['retry', 'showLog'], line: ['retry', 'showLog'], model: 'showLog' },
};

/** A button's label for an action (read when shown: in the language activate() configured). */
export function actionLabel(action: ErrorAction): string {
  return ERROR_ACTIONS[action].label;
}

/** The buttons of a notification of `error`; `canRetry`: the caller can repeat the operation that failed. */
export function noticeActions(error: unknown, canRetry: boolean): ErrorAction[] {
  return ERROR_CASES[errorCase(error)].notice.filter((a) => canRetry || a !== 'retry');
}

/** The action of the button a notification answered with (its label), if it is one of `offered`. */
export function pickedAction(offered: readonly ErrorAction[], picked: string | undefined): ErrorAction | undefined {
  return picked === undefined ? undefined : offered.find((a) => actionLabel(a) === picked);
}

/** The case of a failure (a SignedOutError, an ApiError by its kind, anything else). */
export function errorCase(error: unknown): ErrorCase {
  if (isSignedOut(error)) return 'signedOut';
  if (!(error instanceof ApiError)) return 'unexpected';
  switch (error.kind) {
    case 'unauthorized':
    case 'forbidden':
    case 'notFound':
    case 'badRequest':
      return error.kind;
    // The filter asks for an environment the organization lacks: the filter is what to change.
    case 'unknownEnvironment':
      return 'badRequest';
    default:
      return 'otherApi';
  }
}

export interface ErrorPresentation {
  message: string;
  actions: ErrorAction[];
  /** After a 403: the scopes a new sign-in should ask for (only those the token lacks). */
  scopesToAsk?: readonly string[];
}

export function presentError(error: unknown): ErrorPresentation {
  const c = errorCase(error);
  const actions = [...ERROR_CASES[c].view];
  if (c === 'unexpected') return { message: l10n.t('Something went wrong: {0}', error instanceof Error ? error.message : String(error)), actions };
  if (c === 'forbidden') {
    const e = error as ApiError & { missingScopes?: readonly string[]; neededScopes?: readonly string[] };
    return { message: e.message, actions, scopesToAsk: e.missingScopes ?? e.neededScopes };
  }
  return { message: (error as Error).message, actions };
}
