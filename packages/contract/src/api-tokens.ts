import { z } from 'zod';
import { idParam, singleLineText } from './input.ts';

/**
 * API tokens (portal spec §3 "API token", §5; API.md): `GET api-tokens`, `POST api-tokens`,
 * `DELETE api-tokens/{id}`, owners only. A token is a bearer token for scripts that acts as its
 * owner; beyond the spec it has a scope ('read' tokens may not change anything), an optional
 * expiry, and its last use is recorded. A token can never manage credentials: create tokens,
 * change the password or 2FA, manage sub-accounts or sessions, or close the account.
 */

export const ApiTokenText = {
  descriptionRequired: 'Description is required',
  descriptionTooLong: 'The description may not be greater than 255 characters.',
  expiryInPast: 'The expiry date must be in the future.',
  created: 'The API token has been created. Copy it now: it is not shown again.',
  deleted: 'The API token has been deleted.',
  notFound: 'The API token was not found.',
  limitReached: (limit: number) =>
    `An account can have at most ${limit} API tokens. Delete one you no longer use first.`,
} as const;

/** How many live (neither revoked nor expired) API tokens an account may hold. */
export const API_TOKEN_LIMIT = 50;

export const apiTokenScopes = ['read', 'full'] as const;
export type ApiTokenScope = (typeof apiTokenScopes)[number];

/** Every API token starts with this, so a leaked one is recognisable (and told from a session). */
export const API_TOKEN_PREFIX = 'rdk_';

export const apiTokenSchema = z.object({
  id: z.number().int(),
  description: z.string(),
  scope: z.enum(apiTokenScopes),
  /** ISO 8601. */
  created_at: z.string(),
  /** ISO 8601, or null for a token that does not expire. */
  expires_at: z.string().nullable(),
  /** ISO 8601 of the last request made with it, or null when never used. */
  last_used_at: z.string().nullable(),
  /** The address of that request, or null. */
  last_used_ip: z.string().nullable(),
});
export type ApiToken = z.infer<typeof apiTokenSchema>;

export const apiTokenListResponseSchema = z.object({ tokens: z.array(apiTokenSchema) });
export type ApiTokenListResponse = z.infer<typeof apiTokenListResponseSchema>;

export const apiTokenCreateRequestSchema = z.object({
  description: singleLineText({ error: ApiTokenText.descriptionRequired })
    .trim()
    .min(1, ApiTokenText.descriptionRequired)
    .max(255, ApiTokenText.descriptionTooLong),
  scope: z.enum(apiTokenScopes, { error: 'The scope must be read or full.' }).default('full'),
  /** ISO 8601 date-time in the future, or absent for a token that does not expire. */
  expires_at: z.iso.datetime({ offset: true, error: 'The expiry must be a date and time.' }).optional(),
});
export type ApiTokenCreateRequest = z.input<typeof apiTokenCreateRequestSchema>;

/** The token itself is in `token`, once. */
export const apiTokenCreateResponseSchema = z.object({
  message: z.string(),
  token: z.string(),
  api_token: apiTokenSchema,
});
export type ApiTokenCreateResponse = z.infer<typeof apiTokenCreateResponseSchema>;

export const apiTokenIdParamsSchema = z.object({ id: idParam(ApiTokenText.notFound) });
