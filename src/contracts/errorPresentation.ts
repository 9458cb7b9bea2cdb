/**
 * Which actions a failure offers, decided once for every place that shows one: the Issues view's
 * error items, the events panel and notifications (presentError), the editor's "why no marks" line
 * (marksStatus.ts) and the text the AI tools return (toolErrors.ts). ERROR_ACTIONS holds each
 * action's label and command, ERROR_CASES which actions each case of failure offers where. No
 * `vscode` import; the events page bundles ERROR_ACTIONS for its buttons' labels.
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
  /** The Issues view's error items, the events panel's error boxes, notifications: the fix, then Retry (or Retry, then Show Log). */
  readonly view: readonly ErrorAction[];
  /** The editor's one line about its marks (and its status-bar item): the fix, then Show Log. */
  readonly line: readonly ErrorAction[];
  /** The one command the AI tools' text asks the user to run, if any (the model retries or fixes its input itself). */
  readonly model: ErrorAction | undefined;
}

/** The one decision: for each case, the actions each surface offers, the one that fixes it first. */
export const ERROR_CASES: Readonly<Record<ErrorCase, ErrorSurfaces>> = {
  signedOut: { view: ['signIn'], line: ['signIn'], model: 'signIn' },
  noProject: { view: ['chooseProject'], line: ['chooseProject'], model: 'chooseProject' },
  unauthorized: { view: ['signIn', 'retry'], line: ['signIn', 'showLog'], model: 'signIn' },
  forbidden: { view: ['signIn', 'retry'], line: ['signIn', 'showLog'], model: undefined },
  notFound: { view: ['chooseProject', 'retry'], line: ['chooseProject', 'showLog'], model: undefined },
  badRequest: { view: ['filter', 'retry'], line: ['retry', 'showLog'], model: undefined },
  otherApi: { view: ['retry', 'showLog'], line: ['retry', 'showLog'], model: undefined },
  unexpected: { view: ['retry', 'showLog'], line: ['retry', 'showLog'], model: 'showLog' },
};

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
