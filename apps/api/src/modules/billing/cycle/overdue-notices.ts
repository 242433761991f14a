import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { queueBillingMail } from '../billing-mail-sender.ts';
import type { CycleRepository } from './cycle.repository.ts';

/**
 * Sends one overdue notice per Unpaid invoice past its due date: the stamp
 * (invoices.overdue_notice_at) and the mail's job are written in one transaction, and only by the
 * run whose stamp took.
 */
export class OverdueNotices {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    private readonly repository: CycleRepository,
  ) {}

  /** The number of notices this run queued. */
  async send(today: string, now: Date): Promise<number> {
    let sent = 0;
    for (const invoiceId of await this.repository.overdueWithoutNotice(today)) {
      const stamped = await this.database.db.transaction(async (tx) => {
        if (!(await this.repository.markOverdueNotice(tx, invoiceId, now))) return false;
        await queueBillingMail(this.jobs, tx, { kind: 'overdue-notice', invoiceId });
        return true;
      });
      if (stamped) sent++;
    }
    return sent;
  }
}
