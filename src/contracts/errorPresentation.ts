/**
 * What any view says about a failure and which actions it offers: the tree's error items, the
 * events panel and notifications all present errors through here. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import { ApiError } from '../api/errors';
import { Commands } from '../constants';
import { isSignedOut } from './errors';

export type ErrorAction = 'retry' | 'signIn' | 'chooseProject' | 'showLog' | 'filter';

/**
 * Every error action, its label, the command it runs and its codicon. A label is read when it is
 * shown (a getter), so it comes out in the language activate() configured, not at import.
 */
export const ERROR_ACTIONS: Readonly<Record<ErrorAction, { readonly label: string; readonly command: string; readonly icon: string }>> = {
  retry: {
    get label() {
      return l10n.t('Retry');
    },
    command: Commands.refresh,
    icon: 'refresh',
  },
  signIn: {
    get label() {
      return l10n.t('Sign In');
    },
    command: Commands.signIn,
    icon: 'account',
  },
  chooseProject: {
    get label() {
      return l10n.t('Choose Project');
    },
    command: Commands.chooseProject,
    icon: 'project',
  },
  showLog: {
    get label() {
      return l10n.t('Show Log');
    },
    command: Commands.showLog,
    icon: 'output',
  },
  filter: {
    get label() {
      return l10n.t('Change Filter');
    },
    command: Commands.filterIssues,
    icon: 'filter',
  },
};

export interface ErrorPresentation {
  message: string;
  actions: ErrorAction[];
  /** After a 403: the scopes a new sign-in should ask for (only those the token lacks). */
  scopesToAsk?: readonly string[];
}

export function presentError(error: unknown): ErrorPresentation {
  if (isSignedOut(error)) return { message: (error as Error).message, actions: ['signIn'] };
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'unauthorized':
        return { message: error.message, actions: ['signIn', 'retry'] };
      case 'forbidden': {
        const e = error as ApiError & { missingScopes?: readonly string[]; neededScopes?: readonly string[] };
        return { message: error.message, actions: ['signIn', 'retry'], scopesToAsk: e.missingScopes ?? e.neededScopes };
      }
      case 'notFound':
        return { message: error.message, actions: ['chooseProject', 'retry'] };
      case 'badRequest':
        return { message: error.message, actions: ['filter', 'retry'] };
      default:
        return { message: error.message, actions: ['retry', 'showLog'] };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: l10n.t('Something went wrong: {0}', message), actions: ['retry', 'showLog'] };
}
