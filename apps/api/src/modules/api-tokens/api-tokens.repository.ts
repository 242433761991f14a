import { and, count, desc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { rowAsJson } from '../../db/row-as-json.ts';
import { type ApiTokenRow, apiTokens, type UserRow, users } from '../../db/schema/index.ts';

/** Neither revoked nor past its expiry. */
const live = () =>
  and(isNull(apiTokens.revokedAt), or(isNull(apiTokens.expiresAt), gt(apiTokens.expiresAt, sql`now()`)));

const prepareLiveByTokenHash = (db: DbOrTx) =>
  db
    .select({ token: apiTokens, user: rowAsJson(users) })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(and(eq(apiTokens.tokenHash, sql.placeholder('tokenHash')), live(), isNull(users.parentId)))
    .prepare('api_token_caller_by_token_hash');

/** The only place that reads and writes the api_tokens table. */
export class ApiTokensRepository {
  /** Prepared on first use: instances made for one transaction never look a token up. */
  private liveByTokenHash?: ReturnType<typeof prepareLiveByTokenHash>;

  constructor(private readonly db: DbOrTx) {}

  async create(values: {
    userId: number;
    description: string;
    tokenHash: string;
    scope: ApiTokenRow['scope'];
    expiresAt: Date | null;
  }): Promise<ApiTokenRow> {
    const [row] = await this.db.insert(apiTokens).values(values).returning();
    return row!;
  }

  /** The owner's tokens that are not revoked (expired ones included, so the owner sees them), newest first. */
  listNotRevoked(userId: number): Promise<ApiTokenRow[]> {
    return this.db
      .select()
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id));
  }

  /**
   * Locks the owner's row for the rest of the transaction, so that two tokens created at once
   * cannot both pass the limit.
   */
  async lockOwner(userId: number): Promise<void> {
    await this.db.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
  }

  async countLive(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ count: count() })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), live()));
    return row?.count ?? 0;
  }

  /** Whether a token of this owner was revoked now (one already revoked, or another's, is not). */
  async revoke(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId), isNull(apiTokens.revokedAt)))
      .returning({ id: apiTokens.id });
    return rows.length > 0;
  }

  /**
   * The live token of a hash with its owner, in one indexed query prepared once (it runs on
   * every request the token makes). Only owners hold tokens: a row pointing at a sub-account
   * would not authenticate.
   */
  async findLiveByTokenHash(tokenHash: string): Promise<{ token: ApiTokenRow; user: UserRow } | undefined> {
    this.liveByTokenHash ??= prepareLiveByTokenHash(this.db);
    const [row] = await this.liveByTokenHash.execute({ tokenHash });
    // The owner is joined, never absent.
    return row?.user ? { token: row.token, user: row.user } : undefined;
  }

  /** Notes the last use and its address, at most once a minute, to keep reads from writing on every request. */
  async touch(id: number, ip: string): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ lastUsedAt: sql`now()`, lastUsedIp: ip })
      .where(
        and(
          eq(apiTokens.id, id),
          or(isNull(apiTokens.lastUsedAt), sql`${apiTokens.lastUsedAt} < now() - interval '1 minute'`),
        ),
      );
  }
}
