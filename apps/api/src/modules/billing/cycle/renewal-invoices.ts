import type { Database } from '../../../db/client.ts';
import { isUniqueViolation } from '../../../db/unique-violation.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { queueBillingMail } from '../billing-mail-sender.ts';
import { addDays, nextDueDate } from './cycle-dates.ts';
import type { CycleRepository, RenewalCandidate } from './cycle.repository.ts';

/**
 * Raises the renewal invoice of every Active service whose next due date is `renewalDays` away or
 * closer: one Hosting line per service and period, due on the service's next due date, at its
 * recurring amount, payable by the account's default gateway. The unique renewal index makes a
 * period's invoice exist once however many runs or instances raise it at the same moment. A
 * promotion recurring for N renewals is counted down in the same transaction, so each period
 * counts once; after the last the service is back at its full price.
 */
export class RenewalInvoices {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    private readonly repository: CycleRepository,
    private readonly renewalDays: number,
  ) {}

  /** The number of invoices this run raised. */
  async raise(today: string): Promise<number> {
    let raised = 0;
    for (const service of await this.repository.servicesDueForRenewal(addDays(today, this.renewalDays))) {
      if (await this.raiseOne(service, today)) raised++;
    }
    return raised;
  }

  private async raiseOne(service: RenewalCandidate, today: string): Promise<boolean> {
    const periodStart = service.nextDueDate;
    const periodEnd = nextDueDate(periodStart, service.billingCycle, service.regDate);
    if (!periodEnd) return false;
    const name = service.domain ? `${service.productName} - ${service.domain}` : service.productName;
    try {
      await this.database.db.transaction(async (tx) => {
        const invoiceId = await this.repository.insertRenewalInvoice(tx, {
          userId: service.userId,
          date: today,
          dueDate: periodStart,
          paymentMethod: service.paymentMethod,
          line: {
            serviceId: service.serviceId,
            // The period as customers read it: its first and its last day.
            description: `${name} (${periodStart} - ${addDays(periodEnd, -1)})`,
            amountCents: service.amountCents,
            periodStart,
            periodEnd,
          },
        });
        await this.repository.countPromoRenewal(tx, service.serviceId);
        await queueBillingMail(this.jobs, tx, { kind: 'invoice-created', invoiceId });
      });
      return true;
    } catch (err) {
      // Another run raised this period first: its transaction won, this one rolled back whole.
      if (isUniqueViolation(err)) return false;
      throw err;
    }
  }
}
