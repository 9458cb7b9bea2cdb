// Secrets the masking property test plants: each with the text that carries it in free text (a
// message, a title, a URL) and its value alone (for fields and pairs named as secrets are).

export interface PlantedSecret {
  format: string;
  /** The secret itself: no 8 characters of it may reach a surface. */
  value: string;
  /** How it stands in free text. */
  carried: string;
}

/** Names under which any value is a secret (headers, fields, variables, tags). */
export const SECRET_KEYS = [
  'password',
  'api_key',
  'auth_token',
  'Authorization',
  'X-Api-Key',
  'secret',
  'client_secret',
  'DB_PASSWORD',
  'sessionid',
  'csrftoken',
  'accessToken',
  'private_key',
  'Cookie',
  'dsn',
];

const named = (format: string, name: string, value: string): PlantedSecret => ({ format, value, carried: `${name}=${value}` });

export const PLANTED_SECRETS: readonly PlantedSecret[] = [
  { format: 'Sentry org token', value: 'sntrys_eyJpYXQiOjE2OTQwMzMxNTMuNzk1NjE4LCJ1cmwiOiJodHRwczovL3NlbnRyeS5pbyJ9_YVx2FQ0pNmDyb8N1Cd8PHxVh1F6mvkr0k0tLo2ZiTQk', carried: '' },
  { format: 'Sentry user token', value: 'sntryu_7d2c9e0b4f1a48d6b3e5c7a9f0e1d2c3b4a5968778695a4b3c2d1e0f9a8b7c6d5', carried: '' },
  { format: 'JWT', value: 'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4ifQ.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c', carried: '' },
  { format: 'Bearer credential', value: 'mF_9.B5f-4.1JqM7hQ2LwZx', carried: 'Authorization: Bearer mF_9.B5f-4.1JqM7hQ2LwZx' },
  { format: 'URL password', value: 'S3cr3tPassw0rd!x', carried: 'postgres://app:S3cr3tPassw0rd!x@db.internal:5432/app' },
  named('query token', 'https://api.example.com/v1/cart?access_token', 'Q9xk2LmPz7Rt4WvB'),
  named('form password', 'user=bob&password', 'hunter2-Xq9z!'),
  { format: 'JSON password', value: 'c0rrect-h0rse-b4ttery', carried: '{"password": "c0rrect-h0rse-b4ttery"}' },
  named('api key', 'x-api-key', 'ak_8f14e45fceea167a5a36dedd4bea2543'),
  named('session cookie', 'sessionid', 'k2m8q0v6z4x1c9b7n5'),
].map((s) => (s.carried ? s : { ...s, carried: s.value }));

/**
 * Whether `output` shows `secret`: any 8 characters of it in a row (all of it when shorter), in the
 * text as it is or with the escapes of Markdown and JSON taken out.
 */
export function leaks(output: string, secret: string): boolean {
  const texts = [output, output.replace(/\\/g, '')];
  const n = Math.min(8, secret.length);
  for (let i = 0; i + n <= secret.length; i++) {
    const part = secret.slice(i, i + n);
    if (texts.some((t) => t.includes(part))) return true;
  }
  return false;
}
