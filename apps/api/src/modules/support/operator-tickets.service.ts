import {
  EventName,
  type OperatorTicketListResponse,
  type TicketDetail,
  type TicketEventData,
  type TicketStatus,
  SupportText,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { TicketRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import type { AuthContext } from '../../http/policy.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { EventBus } from '../events/event-bus.ts';
import { queueSupportMail } from './support-mail.ts';
import { SupportRepository } from './support.repository.ts';
import { summaryOf, type TicketThreads, type TicketWithDept } from './ticket-threads.ts';

/**
 * The operator API: support staff (the operator role, checked by the routes) read every ticket,
 * answer and set statuses. An answer makes the ticket Awaiting Reply, mails the customer (the
 * owner and the sub-accounts taking support mails, or the guest with their link) and tells the
 * owner account's open pages, so a thread on screen refetches at once.
 */
export class OperatorTicketsService {
  private readonly support: SupportRepository;

  constructor(
    database: Database,
    private readonly deps: { threads: TicketThreads; jobs: JobQueue; events: EventBus },
  ) {
    this.support = new SupportRepository(database.db);
  }

  async list(status?: TicketStatus): Promise<OperatorTicketListResponse> {
    const rows = await this.support.listAllTickets(status);
    return {
      tickets: rows.map((row) => ({
        ...summaryOf(row),
        userid: row.ticket.userId,
        name: row.ticket.name,
        email: row.ticket.email,
      })),
    };
  }

  async ticket(tid: string): Promise<TicketDetail> {
    return this.deps.threads.detail(await this.find(tid), false);
  }

  /** Staff see every ticket's images, as they see every thread. */
  async image(tid: string, replyId: number, name: string) {
    const { ticket } = await this.find(tid);
    return this.deps.threads.image(ticket, replyId, name);
  }

  async reply(staff: AuthContext, tid: string, message: string): Promise<void> {
    const { ticket } = await this.find(tid);
    const login = staff.login;
    const admin = `${login.firstname} ${login.lastname}`.trim() || 'Support';
    // Customers see the staff member's name, never the address they sign in with.
    const author = { userId: null, staffUserId: login.id, name: admin, email: '', admin };
    const reply = await this.deps.threads.reply(ticket, author, message, [], 'Awaiting Reply');
    await queueSupportMail(this.deps.jobs, { kind: 'staff-reply', tid: ticket.tid, replyId: reply.id });
    await this.tell(ticket);
  }

  async setStatus(tid: string, status: TicketStatus): Promise<void> {
    const { ticket } = await this.find(tid);
    await this.deps.threads.setStatus(ticket, status);
    await this.tell(ticket);
  }

  private async find(tid: string): Promise<TicketWithDept> {
    const found = await this.deps.threads.find(tid);
    if (!found) throw AppError.notFound(SupportText.notFound);
    return found;
  }

  /** A guest's ticket has no account to tell: the guest's open thread polls. */
  private async tell(ticket: TicketRow) {
    if (ticket.userId === null) return;
    const data: TicketEventData = { tid: ticket.tid };
    await this.deps.events.publish(ticket.userId, EventName.ticketUpdated, data);
  }
}
