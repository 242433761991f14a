import type { TicketListResponse } from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { AuthContext } from '../../http/policy.ts';
import { toNewYorkDateTime } from '../../lib/dates.ts';
import { SupportRepository } from './support.repository.ts';

/** Support tickets (the support issue adds threads, replies, guests and attachments). */
export class SupportService {
  private readonly support: SupportRepository;

  constructor(database: Database) {
    this.support = new SupportRepository(database.db);
  }

  async listTickets(auth: AuthContext): Promise<TicketListResponse> {
    const [rows, departments] = await Promise.all([
      this.support.listTicketsForAccount(auth.account.id),
      this.support.listVisibleDepartments(),
    ]);
    const ticket = rows.map(({ ticket: t, deptname }) => ({
      id: t.id,
      tid: t.tid,
      deptid: t.departmentId,
      deptname,
      subject: t.subject,
      status: t.status,
      priority: t.priority,
      date: toNewYorkDateTime(t.createdAt),
      lastreply: toNewYorkDateTime(t.lastReplyAt),
    }));
    return {
      tickets: { totalresults: ticket.length, tickets: { ticket } },
      departments: { department: departments.map((d) => ({ id: d.id, name: d.name })) },
    };
  }
}
