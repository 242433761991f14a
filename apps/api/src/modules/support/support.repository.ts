import type { TicketStatus } from '@rackdesk/contract';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { departments, services, ticketReplies, tickets } from '../../db/schema/index.ts';

export type NewTicket = typeof tickets.$inferInsert;
export type NewTicketReply = typeof ticketReplies.$inferInsert;

const prepareThreadReads = (db: DbOrTx) => ({
  ticketByTid: db
    .select({ ticket: tickets, deptname: departments.name })
    .from(tickets)
    .innerJoin(departments, eq(departments.id, tickets.departmentId))
    .where(eq(tickets.tid, sql.placeholder('tid')))
    .prepare('ticket_by_tid'),
  replies: db
    .select()
    .from(ticketReplies)
    .where(eq(ticketReplies.ticketId, sql.placeholder('ticketId')))
    .orderBy(asc(ticketReplies.id))
    .prepare('replies_of_ticket'),
});

export class SupportRepository {
  private preparedThreadReads?: ReturnType<typeof prepareThreadReads>;

  constructor(private readonly db: DbOrTx) {}

  /** Every ticket (accounts' and guests'), optionally of one status, most recently answered first. */
  listAllTickets(status?: TicketStatus) {
    return this.db
      .select({ ticket: tickets, deptname: departments.name })
      .from(tickets)
      .innerJoin(departments, eq(departments.id, tickets.departmentId))
      .where(status ? eq(tickets.status, status) : undefined)
      .orderBy(desc(tickets.lastReplyAt), desc(tickets.id));
  }

  listVisibleDepartments() {
    return this.db
      .select()
      .from(departments)
      .where(eq(departments.hidden, false))
      .orderBy(asc(departments.id));
  }

  async findVisibleDepartment(id: number) {
    const [row] = await this.db
      .select()
      .from(departments)
      .where(and(eq(departments.id, id), eq(departments.hidden, false)));
    return row;
  }

  async findTicketByTid(tid: string) {
    const [row] = await this.threadReads.ticketByTid.execute({ tid });
    return row;
  }

  /** Locks the ticket's row for the rest of the transaction, so concurrent replies keep their order. */
  async lockTicket(id: number) {
    const [row] = await this.db.select().from(tickets).where(eq(tickets.id, id)).for('update');
    return row;
  }

  /** Creates the ticket unless its tid is taken (then undefined: the caller draws another). */
  async insertTicket(values: NewTicket) {
    const [row] = await this.db.insert(tickets).values(values).onConflictDoNothing().returning();
    return row;
  }

  async updateTicket(id: number, values: Partial<Pick<NewTicket, 'status' | 'lastReplyAt'>>) {
    await this.db.update(tickets).set(values).where(eq(tickets.id, id));
  }

  listReplies(ticketId: number) {
    return this.threadReads.replies.execute({ ticketId });
  }

  /** A ticket's page and its polling read these: prepared on first use. */
  private get threadReads() {
    return (this.preparedThreadReads ??= prepareThreadReads(this.db));
  }

  async findReply(ticketId: number, replyId: number) {
    const [row] = await this.db
      .select()
      .from(ticketReplies)
      .where(and(eq(ticketReplies.ticketId, ticketId), eq(ticketReplies.id, replyId)));
    return row;
  }

  async insertReply(values: NewTicketReply) {
    const [row] = await this.db.insert(ticketReplies).values(values).returning();
    return row!;
  }

  /** The owner of a service, to check that a ticket names one of the caller's. */
  async findServiceOwner(serviceId: number) {
    const [row] = await this.db
      .select({ id: services.id, userId: services.userId })
      .from(services)
      .where(eq(services.id, serviceId));
    return row;
  }
}
