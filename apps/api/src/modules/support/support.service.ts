import {
  type CreateTicketResponse,
  type DepartmentsResponse,
  SupportText,
  type TicketDetail,
  isPagedQuery,
  type TicketListQuery,
  type TicketListResponse,
  type TicketPriority,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { UserRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, isWhitelisted } from '../../http/policy.ts';
import type { TicketImage } from './attachments/ticket-form.ts';
import { pageOf, pageRequestOf } from '../../db/paging/keyset.ts';
import { SupportRepository } from './support.repository.ts';
import { ticketList, ticketSort } from './ticket-list.ts';
import { summaryOf, type TicketThreads, type TicketWithDept } from './ticket-threads.ts';

/** `PUT support` after the contract's schema. */
export interface OpenTicketInput {
  deptid: number;
  subject: string;
  message: string;
  priority: TicketPriority;
  serviceid?: number | null | undefined;
}

/** How a customer or sub-account signs what they write. */
export const authorOf = (login: UserRow) => ({
  userId: login.id,
  staffUserId: null,
  name: `${login.firstname} ${login.lastname}`.trim() || login.email,
  email: login.email,
  admin: '',
});

/**
 * Support tickets of signed-in customers (portal spec §3, §6, §7 Support). A ticket belongs to
 * the owner account; its sub-accounts with the support permission (checked by the routes) act on
 * the owner's tickets.
 *
 * A tid that does not exist is 404 'Ticket Not Found'; one that exists but is another account's
 * or a guest's is 403 'Not authorized to view this ticket', as the spec names both answers.
 * Guessing six digits so reveals only that some ticket has that number, never its content.
 */
export class SupportService {
  private readonly support: SupportRepository;
  private readonly ticketList: ReturnType<typeof ticketList>;

  constructor(
    database: Database,
    private readonly threads: TicketThreads,
  ) {
    this.support = new SupportRepository(database.db);
    this.ticketList = ticketList(database.db);
  }

  /**
   * The account's tickets, most recently updated first: all of them as the spec shows the list,
   * or one page, searched, filtered and sorted by the database.
   */
  async listTickets(auth: AuthContext, query: TicketListQuery = {}): Promise<TicketListResponse> {
    const filter = {
      accountId: auth.account.id,
      openOnly: query.open_only ?? false,
      search: query.q?.trim() ?? '',
    };
    const sort = ticketSort(query.sort, query.order);
    const request = { filter, sort: query.sort, order: sort.order, page: null };
    if (!isPagedQuery(query)) {
      const [rows, departments] = await Promise.all([this.ticketList.rows(request), this.departmentList()]);
      const ticket = rows.map(summaryOf);
      return { tickets: { totalresults: ticket.length, tickets: { ticket } }, departments };
    }
    const page = pageRequestOf(query, sort, [
      'tickets',
      query.sort ?? null,
      sort.order,
      filter.openOnly,
      filter.search,
    ]);
    const [rows, total, departments] = await Promise.all([
      this.ticketList.rows({ ...request, page }),
      this.ticketList.count(filter),
      this.departmentList(),
    ]);
    const { rows: shown, fields } = pageOf(
      rows.map((row) => ({ ...row, id: row.ticket.id })),
      page,
      total,
    );
    const ticket = shown.map(summaryOf);
    return { ...fields, tickets: { totalresults: total, tickets: { ticket } }, departments };
  }

  async departments(): Promise<DepartmentsResponse> {
    return { departments: await this.departmentList() };
  }

  async ticket(auth: AuthContext, tid: string): Promise<TicketDetail> {
    return this.threads.detail(await this.owned(auth, tid), true);
  }

  async open(
    auth: AuthContext,
    input: OpenTicketInput,
    images: TicketImage[],
  ): Promise<CreateTicketResponse> {
    if (!(await this.support.findVisibleDepartment(input.deptid))) {
      throw AppError.invalid('deptid', SupportText.departmentInvalid);
    }
    const serviceId = input.serviceid ?? null;
    if (serviceId !== null) {
      const service = await this.support.findServiceOwner(serviceId);
      if (service?.userId !== auth.account.id || !isWhitelisted(auth, serviceId)) {
        throw AppError.invalid('serviceid', SupportText.serviceInvalid);
      }
    }
    const ticket = await this.threads.open(
      {
        ownerId: auth.account.id,
        departmentId: input.deptid,
        serviceId,
        subject: input.subject,
        priority: input.priority,
      },
      authorOf(auth.login),
      input.message,
      images,
    );
    return { result: 'success', tid: ticket.tid, message: SupportText.created };
  }

  /** A customer's reply: the ticket is Open again (a Closed one reopens). */
  async reply(auth: AuthContext, tid: string, message: string, images: TicketImage[]): Promise<void> {
    const { ticket } = await this.owned(auth, tid);
    await this.threads.reply(ticket, authorOf(auth.login), message, images, 'Open');
  }

  async close(auth: AuthContext, tid: string): Promise<void> {
    const { ticket } = await this.owned(auth, tid);
    await this.threads.setStatus(ticket, 'Closed');
  }

  async image(auth: AuthContext, tid: string, replyId: number, name: string) {
    const { ticket } = await this.owned(auth, tid);
    return this.threads.image(ticket, replyId, name);
  }

  private async owned(auth: AuthContext, tid: string): Promise<TicketWithDept> {
    const found = await this.threads.find(tid);
    if (!found) throw AppError.notFound(SupportText.notFound);
    if (found.ticket.userId !== auth.account.id) throw AppError.forbidden(SupportText.notAuthorized);
    return found;
  }

  private async departmentList() {
    const rows = await this.support.listVisibleDepartments();
    return { department: rows.map((d) => ({ id: d.id, name: d.name })) };
  }
}
