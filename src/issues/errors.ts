/** What an error in the Issues view says and which actions it offers. Pure. */
import { ApiError } from '../api/errors';
import { SignedOutError } from './model';

export type ErrorAction = 'retry' | 'signIn' | 'chooseProject' | 'showLog' | 'filter';

export interface ErrorPresentation {
  message: string;
  actions: ErrorAction[];
}

export function presentError(error: unknown): ErrorPresentation {
  if (error instanceof SignedOutError) return { message: error.message, actions: ['signIn'] };
  if (error instanceof ApiError) {
    switch (error.kind) {
      case 'unauthorized':
        return { message: error.message, actions: ['signIn', 'retry'] };
      case 'forbidden':
        return { message: error.message, actions: ['signIn', 'retry'] };
      case 'notFound':
        return { message: error.message, actions: ['chooseProject', 'retry'] };
      case 'badRequest':
        return { message: error.message, actions: ['filter', 'retry'] };
      case 'badResponse':
        return { message: error.message, actions: ['retry', 'showLog'] };
      case 'gone':
      case 'rateLimited':
      case 'network':
      case 'timeout':
      case 'server':
      default:
        return { message: error.message, actions: ['retry', 'showLog'] };
    }
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Something went wrong: ${message}`, actions: ['retry', 'showLog'] };
}
