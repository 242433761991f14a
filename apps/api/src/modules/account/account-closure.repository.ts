import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { apiTokens, sessions, users } from '../../db/schema/index.ts';

/** The writes of closing an owner's account, for one transaction. */
export class AccountClosureRepository {
  constructor(private readonly db: DbOrTx) {}

  async markClosed(ownerId: number): Promise<void> {
    await this.db
      .update(users)
      .set({ closedAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(users.id, ownerId));
  }

  /** Ends every live session of the owner and of its sub-accounts. */
  async revokeSessions(ownerId: number): Promise<void> {
    const logins = this.db
      .select({ id: users.id })
      .from(users)
      .where(or(eq(users.id, ownerId), eq(users.parentId, ownerId)));
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(inArray(sessions.userId, logins), isNull(sessions.revokedAt)));
  }

  async revokeApiTokens(ownerId: number): Promise<void> {
    await this.db
      .update(apiTokens)
      .set({ revokedAt: sql`now()` })
      .where(and(eq(apiTokens.userId, ownerId), isNull(apiTokens.revokedAt)));
  }
}
