import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type UserRole, type UserRow, users } from '../../db/schema/index.ts';

export type NewUser = typeof users.$inferInsert;

export class UsersRepository {
  constructor(private readonly db: DbOrTx) {}

  private readonly byEmail = (email: string) => eq(sql`lower(${users.email})`, email.toLowerCase());

  async findById(id: number): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(eq(users.id, id));
    return row;
  }

  async findByEmail(email: string): Promise<UserRow | undefined> {
    const [row] = await this.db.select().from(users).where(this.byEmail(email));
    return row;
  }

  /** Gives or takes the operator role (support staff); the changed user, if the e-mail is known. */
  async setRole(email: string, role: UserRole): Promise<UserRow | undefined> {
    const [row] = await this.db
      .update(users)
      .set({ role, updatedAt: new Date() })
      .where(this.byEmail(email))
      .returning();
    return row;
  }

  async create(values: NewUser): Promise<UserRow> {
    const [row] = await this.db.insert(users).values(values).returning();
    return row!;
  }

  /** Creates the user unless the e-mail is taken (by anyone, case-insensitively). */
  async createIfEmailFree(values: NewUser): Promise<UserRow | undefined> {
    const [row] = await this.db.insert(users).values(values).onConflictDoNothing().returning();
    return row;
  }

  async update(id: number, values: Partial<NewUser>): Promise<void> {
    await this.db
      .update(users)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(users.id, id));
  }

  async markEmailVerified(id: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ emailVerifiedAt: new Date(), updatedAt: new Date() })
      .where(and(eq(users.id, id), isNull(users.emailVerifiedAt)))
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /**
   * Makes a pending 2FA choice the current method, if `method` is still pending and not lapsed at
   * `now`: the pending authenticator secret becomes the secret (none for e-mail codes), with the
   * time step of the confirming code already used. False when there was no such choice.
   */
  async confirmPendingTwoFactor(
    id: number,
    method: 'google_authenticator' | 'email',
    totpLastStep: number | null,
    now: Date,
  ): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({
        twoFactorMethod: method,
        totpSecret: sql`${users.pendingTotpSecret}`,
        totpLastStep,
        pendingTwoFactorMethod: null,
        pendingTotpSecret: null,
        pendingTwoFactorExpiresAt: null,
        updatedAt: now,
      })
      .where(
        and(
          eq(users.id, id),
          eq(users.pendingTwoFactorMethod, method),
          gt(users.pendingTwoFactorExpiresAt, now),
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0;
  }

  /** Records the TOTP step used, only if it is newer than the last one (no replay). */
  async claimTotpStep(id: number, step: number): Promise<boolean> {
    const rows = await this.db
      .update(users)
      .set({ totpLastStep: step })
      .where(and(eq(users.id, id), sql`(${users.totpLastStep} is null or ${users.totpLastStep} < ${step})`))
      .returning({ id: users.id });
    return rows.length > 0;
  }
}
