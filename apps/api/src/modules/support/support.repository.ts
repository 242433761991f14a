import { asc, desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { departments, tickets } from '../../db/schema/index.ts';

export class SupportRepository {
  constructor(private readonly db: DbOrTx) {}

  /** An account's tickets with their department, most recently answered first. */
  listTicketsForAccount(accountId: number) {
    return this.db
      .select({ ticket: tickets, deptname: departments.name })
      .from(tickets)
      .innerJoin(departments, eq(departments.id, tickets.departmentId))
      .where(eq(tickets.userId, accountId))
      .orderBy(desc(tickets.lastReplyAt), desc(tickets.id));
  }

  listVisibleDepartments() {
    return this.db
      .select()
      .from(departments)
      .where(eq(departments.hidden, false))
      .orderBy(asc(departments.id));
  }
}
