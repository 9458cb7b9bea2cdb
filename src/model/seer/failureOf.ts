/** An API client error as a SeerFailure (unavailable.ts decides what it means). No `vscode` import. */
import { ApiError, ForbiddenError } from '../../api/errors';
import type { SeerFailure } from './unavailable';

export function failureOf(e: unknown, method: 'GET' | 'POST'): SeerFailure | undefined {
  if (!(e instanceof ApiError)) return undefined;
  const detail = 'detail' in e && typeof e.detail === 'string' ? e.detail : undefined;
  return { status: e.status, method, missingScopes: e instanceof ForbiddenError ? e.missingScopes : undefined, detail };
}
