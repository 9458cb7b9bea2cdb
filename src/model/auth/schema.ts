/**
 * What Sentry's sign-in endpoints answer: the OAuth token endpoint, the device authorization
 * (RFC 8628), an OAuth error body, the server's OAuth metadata (RFC 8414) and GET /api/0/ (who a
 * credential belongs to). Loose objects: unknown fields are kept. No `vscode` import.
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

/** A server's OAuth authorization server metadata (RFC 8414): the fields read; every other field is kept and ignored. */
export const OAuthMetadataSchema = z.lazy(() =>
  z.looseObject({
    issuer: z.optional(z.string()),
    token_endpoint: z.optional(z.string()),
    device_authorization_endpoint: z.optional(z.string()),
  }),
);
export type OAuthMetadata = z.infer<typeof OAuthMetadataSchema>;

/** The answer of GET /api/0/ on real servers: who the credential belongs to and its scopes. */
export const ApiIndexSchema = z.lazy(() =>
  z.looseObject({
    user: z.nullish(z.looseObject({ id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)), name: z.nullish(z.string()), email: z.nullish(z.string()), username: z.nullish(z.string()) })),
    auth: z.nullish(z.looseObject({ scopes: z.nullish(z.array(z.string())) })),
  }),
);
export type ApiIndex = z.infer<typeof ApiIndexSchema>;
