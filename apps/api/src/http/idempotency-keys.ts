import { and, eq, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';

/** What claiming a key found. */
export type IdempotencyClaim =
  /** The key is this call's now: act, then complete or release it. */
  | { kind: 'claimed' }
  /** A call with this key finished: answer what it answered. */
  | { kind: 'finished'; statusCode: number; body: unknown }
  /** A call with this key is still being handled (here or on another instance). */
  | { kind: 'in_progress' }
  /** The key was used for another call (another route or body). */
  | { kind: 'reused' };

/** The keys are kept this long; a retry after that acts again. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

/**
 * The `idempotency_keys` table: a key is claimed by inserting its row before the call acts, so
 * that every API instance sees the claim (the row's primary key decides between racing calls),
 * and completed with the call's answer afterwards.
 */
export class IdempotencyKeys {
  constructor(private readonly db: Db) {}

  async claim(
    userId: number,
    key: string,
    call: { operation: string; requestHash: string },
  ): Promise<IdempotencyClaim> {
    // A released key can vanish between the insert and the read: then the insert is tried again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [claimed] = await this.db
        .insert(idempotencyKeys)
        .values({ userId, key, ...call })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed) return { kind: 'claimed' };
      const [row] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) continue;
      if (row.operation !== call.operation || row.requestHash !== call.requestHash) return { kind: 'reused' };
      if (row.statusCode === null) return { kind: 'in_progress' };
      return { kind: 'finished', statusCode: row.statusCode, body: row.responseBody };
    }
    return { kind: 'in_progress' };
  }

  async complete(userId: number, key: string, answer: { statusCode: number; body: unknown }): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, responseBody: answer.body })
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Gives a key up after a call that failed without an answer worth repeating: a retry acts. */
  async release(userId: number, key: string): Promise<void> {
    await this.db
      .delete(idempotencyKeys)
      .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
  }

  /** Deletes the keys older than the TTL (housekeeping); returns how many. */
  async deleteExpired(): Promise<number> {
    const deleted = await this.db
      .delete(idempotencyKeys)
      .where(lt(idempotencyKeys.createdAt, sql`now() - ${`${IDEMPOTENCY_KEY_TTL_HOURS} hours`}::interval`))
      .returning({ key: idempotencyKeys.key });
    return deleted.length;
  }
}
