/**
 * What Sentry's sign-in endpoints answer: the OAuth token endpoint, the device authorization
 * (RFC 8628) and an OAuth error body. Loose objects: unknown fields are kept. No `vscode` import.
 */
import * as z from '../z';

/** The token endpoint's answer; token_type may be `Bearer`, user.name may be null, extra fields may appear. */
export const TokenResponseSchema = z.lazy(() =>
  z.looseObject({
    access_token: z.string().check(z.minLength(1)),
    refresh_token: z.optional(z.string().check(z.minLength(1))),
    expires_in: z.optional(z.int()),
    expires_at: z.nullish(z.string()),
    token_type: z.string().check(z.refine((t) => t.toLowerCase() === 'bearer', 'token_type is not bearer')),
    scope: z._default(z.string(), ''),
    user: z.optional(z.looseObject({ id: z.string(), name: z.nullish(z.string()), email: z.nullish(z.string()) })),
  }),
);

/** The device authorization answer; missing interval / expires_in take the RFC 8628 defaults (5 s, 600 s). */
export const DeviceAuthorizationSchema = z.lazy(() =>
  z.looseObject({
    device_code: z.string().check(z.minLength(1)),
    user_code: z.string().check(z.minLength(1)),
    verification_uri: z.string().check(z.minLength(1)),
    verification_uri_complete: z.optional(z.string()),
    expires_in: z._default(z.int().check(z.positive()), 600),
    interval: z._default(z.int().check(z.positive()), 5),
  }),
);

export const OAuthErrorBodySchema = z.lazy(() =>
  z.looseObject({
    error: z.string(),
    error_description: z.nullish(z.string()),
  }),
);

export type TokenResponse = z.infer<typeof TokenResponseSchema>;
export type DeviceAuthorization = z.infer<typeof DeviceAuthorizationSchema>;
