import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SessionRow, sessions, type UserRow, users } from '../../db/schema/index.ts';

export class SessionsRepository {
  constructor(private readonly db: DbOrTx) {}

  async create(values: {
    userId: number;
    tokenHash: string;
    expiresAt: Date;
    userAgent: string;
    ipAddress: string;
  }) {
    const [row] = await this.db.insert(sessions).values(values).returning();
    return row!;
  }

  /** The live session of a token hash with its user, in one indexed query. */
  async findActiveByTokenHash(
    tokenHash: string,
  ): Promise<{ session: SessionRow; user: UserRow } | undefined> {
    const [row] = await this.db
      .select({ session: sessions, user: users })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      );
    return row;
  }

  /** The user's live sessions (neither revoked nor expired), the most recently used first. */
  listLiveByUser(userId: number): Promise<SessionRow[]> {
    return this.db
      .select()
      .from(sessions)
      .where(and(eq(sessions.userId, userId), isNull(sessions.revokedAt), gt(sessions.expiresAt, sql`now()`)))
      .orderBy(desc(sessions.lastUsedAt), desc(sessions.id));
  }

  /** Ends one live session of the user; false when there is none of that id (another's, or ended). */
  async revokeOwn(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(
        and(
          eq(sessions.id, id),
          eq(sessions.userId, userId),
          isNull(sessions.revokedAt),
          gt(sessions.expiresAt, sql`now()`),
        ),
      )
      .returning({ id: sessions.id });
    return rows.length > 0;
  }

  /** Notes the last use at most once a minute, to keep reads from writing on every request. */
  async touch(id: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ lastUsedAt: sql`now()` })
      .where(and(eq(sessions.id, id), sql`${sessions.lastUsedAt} < now() - interval '1 minute'`));
  }

  async revoke(id: number): Promise<void> {
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(eq(sessions.id, id));
  }

  /** Ends every session of a user, except `keepSessionId` when given. */
  async revokeAllForUser(userId: number, keepSessionId?: number): Promise<void> {
    const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)];
    if (keepSessionId !== undefined) conditions.push(ne(sessions.id, keepSessionId));
    await this.db
      .update(sessions)
      .set({ revokedAt: sql`now()` })
      .where(and(...conditions));
  }

  /** Deletes the sessions that can no longer be used: expired or revoked. */
  async deleteEnded(): Promise<number> {
    const deleted = await this.db
      .delete(sessions)
      .where(or(lt(sessions.expiresAt, sql`now()`), isNotNull(sessions.revokedAt)))
      .returning({ id: sessions.id });
    return deleted.length;
  }
}
