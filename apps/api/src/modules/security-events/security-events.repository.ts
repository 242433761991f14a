import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { type SecurityEventKind, securityEvents } from '../../db/schema/index.ts';
import type { ClientMeta } from '../../http/client-meta.ts';

/** The account a login's events belong to: its own, or its owner's for a sub-account. */
export const accountIdOf = (login: { id: number; parentId: number | null }) => login.parentId ?? login.id;

/** A security event of an account: who it concerns, what happened, and what changed. */
export interface SecurityEventInput {
  /** The account (owner) whose log holds it. */
  accountId: number;
  /** The login that acted (the owner or a sub-account), or that a failed sign-in tried. */
  loginId: number;
  kind: SecurityEventKind;
  detail?: Record<string, string | number | boolean | null>;
}

/**
 * The account's security log. Writing is all the API does to it (the table refuses changes); a
 * change that is recorded writes its event in the change's own transaction, so the log holds an
 * event exactly when the change happened.
 */
export class SecurityEventsRepository {
  constructor(private readonly db: DbOrTx) {}

  async record(event: SecurityEventInput, meta: ClientMeta): Promise<void> {
    await this.db.insert(securityEvents).values({
      accountId: event.accountId,
      loginId: event.loginId,
      kind: event.kind,
      detail: event.detail ?? {},
      ipAddress: meta.ip,
      userAgent: meta.userAgent,
    });
  }

  /** A change a login made (to its own 2FA, to the owner's sub-accounts…), in its account's log. */
  async recordBy(
    login: { id: number; parentId: number | null },
    kind: SecurityEventKind,
    detail: NonNullable<SecurityEventInput['detail']>,
    meta: ClientMeta,
  ): Promise<void> {
    await this.record({ accountId: accountIdOf(login), loginId: login.id, kind, detail }, meta);
  }

  /** The account's newest events first. */
  async latest(accountId: number, limit: number) {
    return this.db
      .select()
      .from(securityEvents)
      .where(eq(securityEvents.accountId, accountId))
      .orderBy(desc(securityEvents.createdAt), desc(securityEvents.id))
      .limit(limit);
  }
}
