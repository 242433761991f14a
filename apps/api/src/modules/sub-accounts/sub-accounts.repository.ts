import { and, asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { isUniqueViolation } from '../../db/unique-violation.ts';
import { type UserRow, users } from '../../db/schema/index.ts';
import type { NewUser } from '../users/users.repository.ts';

/** What an owner sets on a sub-account. */
export type SubAccountValues = Pick<
  NewUser,
  | 'email'
  | 'firstname'
  | 'lastname'
  | 'companyname'
  | 'permissions'
  | 'serviceWhitelist'
  | 'emailNotifications'
  | 'passwordHash'
>;

/** The sub-account rows of the users table, always within one owner's. */
export class SubAccountsRepository {
  constructor(private readonly db: DbOrTx) {}

  private readonly ofOwner = (ownerId: number, id: number) =>
    and(eq(users.id, id), eq(users.parentId, ownerId));

  listByOwner(ownerId: number): Promise<UserRow[]> {
    return this.db.select().from(users).where(eq(users.parentId, ownerId)).orderBy(asc(users.id));
  }

  async findByOwner(ownerId: number, id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(this.ofOwner(ownerId, id));
    return row;
  }

  /** Creates the sub-account; 'email_taken' when any user has the e-mail (case-insensitively). */
  async create(ownerId: number, values: SubAccountValues & { passwordHash: string }) {
    const [row] = await this.db
      .insert(users)
      .values({ ...values, parentId: ownerId })
      .onConflictDoNothing()
      .returning();
    return row ?? ('email_taken' as const);
  }

  /** Updates the sub-account; undefined when the owner has none of this id, 'email_taken' as for create. */
  async update(ownerId: number, id: number, values: Partial<SubAccountValues>) {
    try {
      const [row] = await this.db
        .update(users)
        .set({ ...values, updatedAt: new Date() })
        .where(this.ofOwner(ownerId, id))
        .returning();
      return row;
    } catch (error) {
      if (isUniqueViolation(error)) return 'email_taken' as const;
      throw error;
    }
  }

  /** Deletes the sub-account with its sessions and one-time tokens (cascade); whether it existed. */
  async delete(ownerId: number, id: number): Promise<boolean> {
    const rows = await this.db.delete(users).where(this.ofOwner(ownerId, id)).returning({ id: users.id });
    return rows.length > 0;
  }
}
