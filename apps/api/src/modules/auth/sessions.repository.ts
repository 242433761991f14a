import { and, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '../../db/client.ts';
import { rowAsJson } from '../../db/row-as-json.ts';
import { type SessionRow, sessions, type UserRow, users } from '../../db/schema/index.ts';

const owners = alias(users, 'owner');

const prepareCallerByTokenHash = (db: DbOrTx) =>
  db
    .select({
      sessionId: sessions.id,
      lastUsedAt: sessions.lastUsedAt,
      login: rowAsJson(users),
      owner: rowAsJson(owners),
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(owners, eq(owners.id, users.parentId))
    .where(
      and(
        eq(sessions.tokenHash, sql.placeholder('tokenHash')),
        isNull(sessions.revokedAt),
        gt(sessions.expiresAt, sql`now()`),
      ),
    )
    .prepare('session_caller_by_token_hash');

/** A live session's caller: its login, and the owner when the login is a sub-account. */
export interface SessionCaller {
  sessionId: number;
  lastUsedAt: Date;
  login: UserRow;
  owner: UserRow | null;
}

export class SessionsRepository {
  /** Prepared on first use: most instances live in one transaction and never look a caller up. */
  private callerByTokenHash?: ReturnType<typeof prepareCallerByTokenHash>;

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

  /**
   * The live session of a token hash with its login and, for a sub-account, the owner it acts
   * for: everything a request's caller needs, in one indexed query prepared once (it runs on
   * every authenticated request).
   */
  async findCallerByTokenHash(tokenHash: string): Promise<SessionCaller | undefined> {
    this.callerByTokenHash ??= prepareCallerByTokenHash(this.db);
    const [row] = await this.callerByTokenHash.execute({ tokenHash });
    // The login is joined, never absent: only the owner's side of the join may be.
    return row?.login ? { ...row, login: row.login } : undefined;
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
