import { and, asc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SshKeyRow, sshKeys } from '../../db/schema/index.ts';

/** The only place that reads and writes the ssh_keys table. */
export class SshKeysRepository {
  constructor(private readonly db: DbOrTx) {}

  listByOwner(userId: number): Promise<SshKeyRow[]> {
    return this.db.select().from(sshKeys).where(eq(sshKeys.userId, userId)).orderBy(asc(sshKeys.id));
  }

  /** The owner's keys among `ids` (ids of other accounts, or of none, are simply absent). */
  listByOwnerAndIds(userId: number, ids: readonly number[]): Promise<SshKeyRow[]> {
    if (ids.length === 0) return Promise.resolve([]);
    return this.db
      .select()
      .from(sshKeys)
      .where(and(eq(sshKeys.userId, userId), inArray(sshKeys.id, [...ids])))
      .orderBy(asc(sshKeys.id));
  }

  /** Inserts a key; undefined when the owner already has one with this title (unique index). */
  async create(values: { userId: number; title: string; publicKey: string }): Promise<SshKeyRow | undefined> {
    const [row] = await this.db.insert(sshKeys).values(values).onConflictDoNothing().returning();
    return row;
  }

  /** Whether a key of this owner was deleted. */
  async deleteByOwner(userId: number, id: number): Promise<boolean> {
    const rows = await this.db
      .delete(sshKeys)
      .where(and(eq(sshKeys.userId, userId), eq(sshKeys.id, id)))
      .returning({ id: sshKeys.id });
    return rows.length > 0;
  }
}
