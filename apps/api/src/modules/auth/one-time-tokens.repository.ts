import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type OneTimeTokenPurpose, oneTimeTokens } from '../../db/schema/index.ts';

export class OneTimeTokensRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Stores a new token of a purpose and drops the user's older ones: only the newest works. */
  async replace(userId: number, purpose: OneTimeTokenPurpose, tokenHash: string, ttlSeconds: number) {
    await this.db
      .delete(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, userId), eq(oneTimeTokens.purpose, purpose)));
    await this.db.insert(oneTimeTokens).values({
      userId,
      purpose,
      tokenHash,
      expiresAt: sql`now() + ${`${ttlSeconds} seconds`}::interval`,
    });
  }

  /** Deletes and returns the token if it is live: a token can be consumed once. */
  async consume(
    purpose: OneTimeTokenPurpose,
    tokenHash: string,
    userId?: number,
  ): Promise<number | undefined> {
    const conditions = [
      eq(oneTimeTokens.purpose, purpose),
      eq(oneTimeTokens.tokenHash, tokenHash),
      gt(oneTimeTokens.expiresAt, sql`now()`),
    ];
    if (userId !== undefined) conditions.push(eq(oneTimeTokens.userId, userId));
    const [row] = await this.db
      .delete(oneTimeTokens)
      .where(and(...conditions))
      .returning({ userId: oneTimeTokens.userId });
    return row?.userId;
  }

  /** Invalidates every outstanding token of a user (after a password change). */
  async deleteAllForUser(userId: number): Promise<void> {
    await this.db.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, userId));
  }

  async deleteExpired(): Promise<number> {
    const deleted = await this.db
      .delete(oneTimeTokens)
      .where(lt(oneTimeTokens.expiresAt, sql`now()`))
      .returning({ id: oneTimeTokens.id });
    return deleted.length;
  }
}
