/**
 * Pasted credentials are checked before they are sent or stored: a token with a control
 * character or whitespace inside is a bad paste (a line break, a tab, an escape sequence), and a
 * control character in a header value can split or smuggle a request. No `vscode` import.
 */
import * as l10n from '@vscode/l10n';

// C0 and C1 controls, DEL, zero-width and bidi format characters.
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

/** Which credential is checked: each has its own sentences. */
export type CredentialKind = 'token' | 'apiKey' | 'clientSecret';

type Problem = 'empty' | 'control' | 'space' | 'long';

/** Why `raw` (as pasted; outer whitespace is forgiven) cannot be a credential, or undefined when it can. */
export function credentialProblem(raw: string, kind: CredentialKind): string | undefined {
  const value = raw.trim();
  if (!value) return problemText(kind, 'empty');
  if (CONTROL.test(value)) return problemText(kind, 'control');
  if (/\s/.test(value)) return problemText(kind, 'space');
  if (value.length > 4096) return problemText(kind, 'long');
  return undefined;
}

/** Each problem in a whole sentence per credential (translators see the noun in place). */
const PROBLEM_TEXT: Readonly<Record<CredentialKind, Readonly<Record<Problem, () => string>>>> = {
  token: {
    empty: () => l10n.t('Paste the auth token'),
    control: () => l10n.t('The auth token contains a control or invisible character; copy it again'),
    space: () => l10n.t('The auth token has no spaces or line breaks inside'),
    long: () => l10n.t('That is too long for an auth token'),
  },
  apiKey: {
    empty: () => l10n.t('Paste the API key'),
    control: () => l10n.t('The API key contains a control or invisible character; copy it again'),
    space: () => l10n.t('The API key has no spaces or line breaks inside'),
    long: () => l10n.t('That is too long for an API key'),
  },
  clientSecret: {
    empty: () => l10n.t('Paste the client secret'),
    control: () => l10n.t('The client secret contains a control or invisible character; copy it again'),
    space: () => l10n.t('The client secret has no spaces or line breaks inside'),
    long: () => l10n.t('That is too long for a client secret'),
  },
};

function problemText(kind: CredentialKind, problem: Problem): string {
  return PROBLEM_TEXT[kind][problem]();
}
