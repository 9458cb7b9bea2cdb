/**
 * The limits of an archive condition and the check of typed input against them, so a bad value
 * is refused with a sentence before anything is sent. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';
import type { ArchiveUntil } from './actions';

/** `ignoreWindow` / `ignoreUserWindow`: OpenAPI `maximum: 10080` (one week). */
export const MAX_WINDOW_MINUTES = 10_080;
/** Counts beyond this are a typo, not a plan. */
export const MAX_COUNT = 1_000_000;
/** Longer than a year is what "Forever" is for. */
export const MAX_DURATION_MINUTES = 52 * MAX_WINDOW_MINUTES;

const UNIT_MINUTES: Readonly<Record<string, number>> = { m: 1, h: 60, d: 1_440, w: 10_080 };

export type Parsed = { readonly value: number } | { readonly error: string };

/**
 * Why an archive condition cannot be sent, or undefined when it can. Also guards actions built
 * in code, since the server would answer a bad value with a 400 after the change already showed.
 */
export function validateArchiveUntil(until: ArchiveUntil): string | undefined {
  if (until === 'escalating' || until === 'forever') return undefined;
  if ('minutes' in until) return checkRange(until.minutes, 1, MAX_DURATION_MINUTES, 'duration');
  const count = 'count' in until ? until.count : until.users;
  return checkRange(count, 1, MAX_COUNT, 'count' in until ? 'events' : 'users') ?? (until.windowMinutes === undefined ? undefined : checkRange(until.windowMinutes, 1, MAX_WINDOW_MINUTES, 'window'));
}

/** `45m`, `3h`, `2d`, `1w` (a bare number is minutes) → minutes. */
export function parseDuration(text: string, max = MAX_DURATION_MINUTES): Parsed {
  const m = /^\s*(\d{1,7})\s*([mhdw]?)\s*$/i.exec(text);
  if (!m) return { error: l10n.t('Type a number and a unit: 45m, 3h, 2d or 1w.') };
  const minutes = Number(m[1]) * UNIT_MINUTES[(m[2] || 'm').toLowerCase()];
  if (minutes < 1) return { error: l10n.t('At least one minute.') };
  if (minutes > max) return { error: max === MAX_WINDOW_MINUTES ? l10n.t('At most one week (1w): Sentry counts over a week at most.') : l10n.t('At most a year (52w); choose "Forever" for longer.') };
  return { value: minutes };
}

/** A window a count is measured over: a duration of at most a week. */
export function parseWindow(text: string): Parsed {
  return parseDuration(text, MAX_WINDOW_MINUTES);
}

/** A positive whole number of events or users; `1,000` and `1_000` are read as a thousand. */
export function parseCount(text: string): Parsed {
  const t = text.trim().replace(/[,_\s]/g, '');
  if (!/^\d{1,7}$/.test(t) || Number(t) < 1) return { error: l10n.t('Type a whole number greater than 0.') };
  if (Number(t) > MAX_COUNT) return { error: l10n.t('At most {0}.', MAX_COUNT.toLocaleString('en-US')) };
  return { value: Number(t) };
}

type Checked = 'duration' | 'events' | 'users' | 'window';

function checkRange(n: number, min: number, max: number, what: Checked): string | undefined {
  if (!Number.isSafeInteger(n)) return notWhole(what, String(n));
  if (n < min || n > max) return outOfRange(what, min.toLocaleString('en-US'), max.toLocaleString('en-US'), String(n));
  return undefined;
}

function notWhole(what: Checked, n: string): string {
  switch (what) {
    case 'duration':
      return l10n.t('The duration in minutes must be a whole number, not {0}.', n);
    case 'events':
      return l10n.t('The number of events must be a whole number, not {0}.', n);
    case 'users':
      return l10n.t('The number of users must be a whole number, not {0}.', n);
    case 'window':
      return l10n.t('The window in minutes must be a whole number, not {0}.', n);
  }
}

function outOfRange(what: Checked, min: string, max: string, n: string): string {
  switch (what) {
    case 'duration':
      return l10n.t('The duration in minutes must be between {0} and {1}, not {2}.', min, max, n);
    case 'events':
      return l10n.t('The number of events must be between {0} and {1}, not {2}.', min, max, n);
    case 'users':
      return l10n.t('The number of users must be between {0} and {1}, not {2}.', min, max, n);
    case 'window':
      return l10n.t('The window in minutes must be between {0} and {1}, not {2}.', min, max, n);
  }
}
