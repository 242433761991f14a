import { and, count, eq, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { recoveryCodes } from '../../db/schema/index.ts';

/** The only place that reads and writes the recovery_codes table (digests only). */
export class RecoveryCodesRepository {
  constructor(private readonly db: DbOrTx) {}

  /** Replaces the user's set: the old codes, used or not, stop working. */
  async replaceAll(userId: number, codeHashes: readonly string[]): Promise<void> {
    await this.deleteAll(userId);
    await this.db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ userId, codeHash })));
  }

  /** Marks an unused code of the user as used; false when there is none (unknown, or used before). */
  async redeem(userId: number, codeHash: string): Promise<boolean> {
    const rows = await this.db
      .update(recoveryCodes)
      .set({ usedAt: sql`now()` })
      .where(
        and(
          eq(recoveryCodes.userId, userId),
          eq(recoveryCodes.codeHash, codeHash),
          isNull(recoveryCodes.usedAt),
        ),
      )
      .returning({ id: recoveryCodes.id });
    return rows.length > 0;
  }

  async countUnused(userId: number): Promise<number> {
    const [row] = await this.db
      .select({ unused: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
    return row?.unused ?? 0;
  }

  async deleteAll(userId: number): Promise<void> {
    await this.db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  }
}
