import { base64, utf8 } from '../util/random';
/** The ways Sentry's API authenticates a request (https://docs.sentry.io/api/auth/): a bearer token, a legacy API key, a DSN. */
export type Credential = { kind: 'bearer'; token: string } | { kind: 'apiKey'; key: string } | { kind: 'dsn'; dsn: string };

/** The Authorization header value for a credential. */
export function authorizationHeader(credential: Credential): string {
  switch (credential.kind) {
    case 'bearer':
      return `Bearer ${credential.token}`;
    case 'apiKey':
      // HTTP Basic with the key as user name and an empty password: the colon must be present.
      return `Basic ${base64(utf8(`${credential.key}:`))}`;
    case 'dsn':
      return `DSN ${credential.dsn}`;
  }
}

/** A credential as text safe for logs: kind plus the last 4 characters at most. */
export function describeCredential(credential: Credential): string {
  const secret = credential.kind === 'bearer' ? credential.token : credential.kind === 'apiKey' ? credential.key : credential.dsn;
  return `${credential.kind} …${secret.length > 12 ? secret.slice(-4) : ''}`;
}
