import type { EmailNotifications } from '@rackdesk/contract';
import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users } from '../../db/schema/index.ts';

/**
 * Who receives an account's mail of one kind: its owner, and each open sub-account that chose to
 * receive that kind (the `flag` of its notifications, portal spec §3). The owner first.
 */
export async function accountMailRecipients(
  db: DbOrTx,
  ownerId: number,
  flag: keyof EmailNotifications,
): Promise<string[]> {
  const rows = await db
    .select({ email: users.email })
    .from(users)
    .where(
      and(
        isNull(users.closedAt),
        or(
          eq(users.id, ownerId),
          and(eq(users.parentId, ownerId), sql`(${users.emailNotifications} ->> ${flag}) = '1'`),
        ),
      ),
    )
    .orderBy(sql`${users.parentId} is not null`, users.id);
  return rows.map((row) => row.email);
}
