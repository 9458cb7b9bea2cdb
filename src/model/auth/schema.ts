/**
 * What Sentry's sign-in endpoints answer: the OAuth token endpoint, the device authorization
 * (RFC 8628), an OAuth error body, the server's OAuth metadata (RFC 8414) and GET /api/0/ (who a
 * credential belongs to). Loose objects: unknown fields are kept. No `vscode` import.
 */
import * as z from '../z';

/** The token endpoint's answer; token_type may be `Bearer`, user.name may be null, extra fields may appear. */
export const TokenResponseSchema = z.lazySchema(() =>
  z.looseObject({
    access_token: z.pipe(z.string(), z.minLength(1)),
    refresh_token: z.optional(z.pipe(z.string(), z.minLength(1))),
    expires_in: z.optional(z.pipe(z.number(), z.safeInteger())),
    expires_at: z.nullish(z.string()),
    token_type: z.pipe(
      z.string(),
      z.check((t) => t.toLowerCase() === 'bearer', 'token_type is not bearer'),
    ),
    scope: z.optional(z.string(), ''),
    user: z.optional(z.looseObject({ id: z.string(), name: z.nullish(z.string()), email: z.nullish(z.string()) })),
  }),
);

/** The device authorization answer; missing interval / expires_in take the RFC 8628 defaults (5 s, 600 s). */
export const DeviceAuthorizationSchema = z.lazySchema(() =>
  z.looseObject({
    device_code: z.pipe(z.string(), z.minLength(1)),
    user_code: z.pipe(z.string(), z.minLength(1)),
    verification_uri: z.pipe(z.string(), z.minLength(1)),
    verification_uri_complete: z.optional(z.string()),
    expires_in: z.optional(z.pipe(z.number(), z.safeInteger(), z.gtValue(0)), 600),
    interval: z.optional(z.pipe(z.number(), z.safeInteger(), z.gtValue(0)), 5),
  }),
);

export const OAuthErrorBodySchema = z.lazySchema(() =>
  z.looseObject({
    error: z.string(),
    error_description: z.nullish(z.string()),
  }),
);

export type TokenResponse = z.InferOutput<typeof TokenResponseSchema>;
export type DeviceAuthorization = z.InferOutput<typeof DeviceAuthorizationSchema>;

/** A server's OAuth authorization server metadata (RFC 8414): the fields read; every other field is kept and ignored. */
export const OAuthMetadataSchema = z.lazySchema(() =>
  z.looseObject({
    issuer: z.optional(z.string()),
    token_endpoint: z.optional(z.string()),
    device_authorization_endpoint: z.optional(z.string()),
  }),
);
export type OAuthMetadata = z.InferOutput<typeof OAuthMetadataSchema>;

/** The answer of GET /api/0/ on real servers: who the credential belongs to and its scopes. */
export const ApiIndexSchema = z.lazySchema(() =>
  z.looseObject({
    user: z.nullish(z.looseObject({ id: z.pipe(z.union([z.string(), z.number()]), z.transform(String)), name: z.nullish(z.string()), email: z.nullish(z.string()), username: z.nullish(z.string()) })),
    auth: z.nullish(z.looseObject({ scopes: z.nullish(z.array(z.string())) })),
  }),
);
export type ApiIndex = z.InferOutput<typeof ApiIndexSchema>;
