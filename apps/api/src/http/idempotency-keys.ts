import { randomUUID } from 'node:crypto';
import { IDEMPOTENCY_TEXT } from '@rackdesk/contract';
import { and, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Db, Tx } from '../db/client.ts';
import { idempotencyKeys } from '../db/schema/index.ts';
import { AppError } from './errors.ts';

/** A key this call holds: `token` fences it against a call that took the key over. */
export interface HeldKey {
  userId: number;
  key: string;
  token: string;
}

/** What claiming a key found. */
export type IdempotencyClaim =
  /** The key is this call's now: act, then complete or release it. */
  | { kind: 'claimed'; token: string }
  /** A call with this key finished: answer what it answered. */
  | { kind: 'finished'; statusCode: number; body: unknown }
  /** A call with this key made its change, and its server died before answering: rebuild the answer. */
  | { kind: 'effect'; ref: string }
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
 *
 * A server can die between the two (a crash, a kill, a lost machine). So the change a call makes
 * is marked on the key in the change's own transaction (markEffect): after such a death a retry
 * finds either the mark, and rebuilds the answer from it without acting again, or no mark and a
 * claim older than `claimSeconds`, which it takes over and acts. The token of the takeover fences
 * the old holder: should it be alive after all, its change cannot commit any more.
 */
export class IdempotencyKeys {
  constructor(
    private readonly db: Db,
    private readonly claimSeconds: number,
  ) {}

  async claim(
    userId: number,
    key: string,
    call: { operation: string; requestHash: string },
  ): Promise<IdempotencyClaim> {
    // A released key can vanish between the insert and the read: then the insert is tried again.
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const token = randomUUID();
      const [claimed] = await this.db
        .insert(idempotencyKeys)
        .values({ userId, key, ...call, claimToken: token })
        .onConflictDoNothing()
        .returning({ key: idempotencyKeys.key });
      if (claimed) return { kind: 'claimed', token };
      const [row] = await this.db
        .select()
        .from(idempotencyKeys)
        .where(and(eq(idempotencyKeys.userId, userId), eq(idempotencyKeys.key, key)));
      if (!row) continue;
      if (row.operation !== call.operation || row.requestHash !== call.requestHash) return { kind: 'reused' };
      if (row.statusCode !== null)
        return { kind: 'finished', statusCode: row.statusCode, body: row.responseBody };
      if (row.effectRef !== null) return { kind: 'effect', ref: row.effectRef };
      if (await this.#takeOver(userId, key, row.claimToken, token)) return { kind: 'claimed', token };
      return { kind: 'in_progress' };
    }
    return { kind: 'in_progress' };
  }

  /** Takes an unfinished claim older than the claim time, with no change made: its holder is gone. */
  async #takeOver(userId: number, key: string, oldToken: string | null, token: string): Promise<boolean> {
    const taken = await this.db
      .update(idempotencyKeys)
      .set({ claimToken: token, claimedAt: sql`now()` })
      .where(
        and(
          eq(idempotencyKeys.userId, userId),
          eq(idempotencyKeys.key, key),
          oldToken === null ? isNull(idempotencyKeys.claimToken) : eq(idempotencyKeys.claimToken, oldToken),
          isNull(idempotencyKeys.statusCode),
          isNull(idempotencyKeys.effectRef),
          lt(idempotencyKeys.claimedAt, sql`now() - ${`${this.claimSeconds} seconds`}::interval`),
        ),
      )
      .returning({ key: idempotencyKeys.key });
    return taken.length > 0;
  }

  async complete(held: HeldKey, answer: { statusCode: number; body: unknown }): Promise<void> {
    await this.db
      .update(idempotencyKeys)
      .set({ statusCode: answer.statusCode, responseBody: answer.body })
      .where(this.#heldBy(held));
  }

  /** Gives a key up after a call that failed without an answer worth repeating: a retry acts. */
  async release(held: HeldKey): Promise<void> {
    await this.db.delete(idempotencyKeys).where(and(this.#heldBy(held), isNull(idempotencyKeys.effectRef)));
  }

  #heldBy(held: HeldKey) {
    return and(
      eq(idempotencyKeys.userId, held.userId),
      eq(idempotencyKeys.key, held.key),
      eq(idempotencyKeys.claimToken, held.token),
    );
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

/**
 * Marks the change a call made (`ref`: what a retry rebuilds the answer from) on the key it holds,
 * inside the change's transaction, so that the mark and the change commit together or not at all.
 * A call whose key was taken over meanwhile is refused (409), and its change rolls back.
 */
export async function markEffect(tx: Tx, held: HeldKey | undefined, ref: number | string): Promise<void> {
  if (!held) return;
  const marked = await tx
    .update(idempotencyKeys)
    .set({ effectRef: String(ref) })
    .where(
      and(
        eq(idempotencyKeys.userId, held.userId),
        eq(idempotencyKeys.key, held.key),
        eq(idempotencyKeys.claimToken, held.token),
        isNull(idempotencyKeys.effectRef),
      ),
    )
    .returning({ key: idempotencyKeys.key });
  if (marked.length === 0) throw new AppError(409, IDEMPOTENCY_TEXT.inProgress);
}
