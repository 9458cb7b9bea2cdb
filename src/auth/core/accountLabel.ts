/**
 * What the account of a session is called (the Accounts menu, "Signed in as …"): the person the
 * server names for the credential, by name and email, when it names one. Server text, so it is
 * plain and bounded here, once, for every place that shows it. No `vscode` import.
 */
import { plainText } from '../../util/untrusted';

/** A user as the server describes one (GET /api/0/, an OAuth token answer): every field optional. */
export interface NamedUser {
  name?: string | null;
  email?: string | null;
  username?: string | null;
}

/** An account label is one short line. */
export const MAX_ACCOUNT_LABEL = 120;

/**
 * "Jane Doe (jane@example.com)"; the email or the name alone when only one is known (or they are
 * the same), else the user name; undefined when the server names nobody.
 */
export function personLabel(user: NamedUser | null | undefined): string | undefined {
  const clean = (v: string | null | undefined) =>
    plainText(v ?? '', MAX_ACCOUNT_LABEL)
      .replace(/\s+/g, ' ')
      .trim();
  const name = clean(user?.name);
  const email = clean(user?.email);
  const label = name && email && name !== email ? `${name} (${email})` : email || name || clean(user?.username);
  return label ? plainText(label, MAX_ACCOUNT_LABEL) : undefined;
}
