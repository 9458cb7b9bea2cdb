// Secrets the masking surface tests plant: every real-format secret of the shared table
// (test/fixtures/secrets/realFormatSecrets.ts), with the text that carries it in free text (a
// message, a title, a URL) and its value alone (for fields and pairs named as secrets are).
import { carried, leaks as leaksAsIs, REAL_FORMAT_SECRETS } from '../../../fixtures/secrets/realFormatSecrets';

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
  'passcode',
  'X-Stripe-Key',
];

export const PLANTED_SECRETS: readonly PlantedSecret[] = REAL_FORMAT_SECRETS.map((e) => ({ format: e.format, value: e.secret, carried: carried(e) }));

/**
 * Whether `output` shows `secret` (any 8 characters of it in a row, all of it when shorter), in the
 * text as it is or with the escapes of Markdown and JSON taken out.
 */
export function leaks(output: string, secret: string): boolean {
  return leaksAsIs(output, secret) || leaksAsIs(output.replace(/\\/g, ''), secret);
}
