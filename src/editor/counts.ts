/** Counts as the editor's texts show them (`1.2K events`, `1 user`), localized. Pure: no `vscode` import. */
import * as l10n from '@vscode/l10n';
import { compactCount } from '../format/numbers';

/** `1 event`, `1.2K events`; Sentry's string counts accepted. */
export function eventCount(n: number | string): string {
  return Number(n) === 1 ? l10n.t('{0} event', compactCount(n)) : l10n.t('{0} events', compactCount(n));
}

/** `1 user`, `45 users`. */
export function userCount(n: number | string): string {
  return Number(n) === 1 ? l10n.t('{0} user', compactCount(n)) : l10n.t('{0} users', compactCount(n));
}
