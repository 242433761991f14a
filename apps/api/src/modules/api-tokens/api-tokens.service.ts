import {
  API_TOKEN_LIMIT,
  API_TOKEN_PREFIX,
  type ApiToken,
  type apiTokenCreateRequestSchema,
  ApiTokenText,
} from '@rackdesk/contract';
import type { z } from 'zod';
import type { ClientMeta } from '../../http/client-meta.ts';
import { SecurityEventsRepository } from '../security-events/security-events.repository.ts';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import { randomToken, sha256 } from '../../lib/tokens.ts';
import { toApiToken } from './api-tokens.mapper.ts';
import { ApiTokensRepository } from './api-tokens.repository.ts';

const TOKEN_BYTES = 32;
/**
 * `rdk_` and 32 random bytes in base64url (43 characters). Session tokens are 43 characters with
 * no prefix, so the length alone keeps one from ever being taken for the other.
 */
const apiTokenPattern = new RegExp(`^${API_TOKEN_PREFIX}[\\w-]{43}$`);

/** Whether a bearer token has the shape of an API token (it may still be unknown). */
export const isApiToken = (token: string) => apiTokenPattern.test(token);

/**
 * API tokens (portal spec §3, §5; API.md): bearer tokens an owner creates for scripts, acting as
 * the owner, optionally read-only and expiring. Only a SHA-256 hash is stored; the token is shown
 * once. Who may manage them (the owner, signed in) is decided by the routes.
 */
export class ApiTokensService {
  private readonly tokens: ApiTokensRepository;

  constructor(private readonly database: Database) {
    this.tokens = new ApiTokensRepository(database.db);
  }

  async list(auth: AuthContext): Promise<ApiToken[]> {
    return (await this.tokens.listNotRevoked(auth.account.id)).map(toApiToken);
  }

  async create(
    auth: AuthContext,
    request: z.output<typeof apiTokenCreateRequestSchema>,
    meta: ClientMeta,
  ): Promise<{ token: string; apiToken: ApiToken }> {
    const expiresAt = request.expires_at === undefined ? null : new Date(request.expires_at);
    if (expiresAt && expiresAt.getTime() <= Date.now())
      throw AppError.invalid('expires_at', ApiTokenText.expiryInPast);
    const token = `${API_TOKEN_PREFIX}${randomToken(TOKEN_BYTES)}`;
    const row = await this.database.db.transaction(async (tx) => {
      const tokens = new ApiTokensRepository(tx);
      await tokens.lockOwner(auth.account.id);
      if ((await tokens.countLive(auth.account.id)) >= API_TOKEN_LIMIT) {
        throw new AppError(409, ApiTokenText.limitReached(API_TOKEN_LIMIT));
      }
      const created = await tokens.create({
        userId: auth.account.id,
        description: request.description,
        tokenHash: sha256(token),
        scope: request.scope,
        expiresAt,
      });
      await new SecurityEventsRepository(tx).record(
        {
          accountId: auth.account.id,
          loginId: auth.login.id,
          kind: 'api_token_created',
          detail: { token_id: created.id, description: created.description, scope: created.scope },
        },
        meta,
      );
      return created;
    });
    return { token, apiToken: toApiToken(row) };
  }

  /** Revokes the token at once; another account's token, or one already deleted, is not found. */
  async remove(auth: AuthContext, id: number): Promise<void> {
    if (!(await this.tokens.revoke(auth.account.id, id))) throw AppError.notFound(ApiTokenText.notFound);
  }

  /**
   * Resolves an API token to its owner, or null when unknown, revoked or expired. The owner is
   * both the login and the account: a token acts as the owner, never as a sub-account.
   */
  async authenticate(token: string, ip: string): Promise<AuthContext | null> {
    const found = await this.tokens.findLiveByTokenHash(sha256(token));
    if (!found) return null;
    const { token: row, user } = found;
    // Recording the last use costs a write: do it at most once a minute per token, as for sessions.
    if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > 60_000) {
      await this.tokens.touch(row.id, ip);
    }
    return {
      credential: { kind: 'api_token', id: row.id, scope: row.scope },
      login: user,
      account: user,
      isSubAccount: false,
    };
  }
}
