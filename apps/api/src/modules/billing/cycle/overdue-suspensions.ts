import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { queueBillingMail } from '../billing-mail-sender.ts';
import { addDays } from './cycle-dates.ts';
import type { CycleRepository, SuspensionCandidate } from './cycle.repository.ts';
import type { ServicePower } from './service-power.ts';

export interface SuspensionRun {
  suspended: number;
  unsuspended: number;
  /** Machines the platform could not switch: their rows were left alone, the job tries again. */
  failures: unknown[];
}

/**
 * Suspends the Active services of an invoice left unpaid `suspendAfterDays` past its due date,
 * and lifts those suspensions once no invoice keeps the service overdue. The machine is switched
 * first and the row changed after, so a platform that fails leaves the service as it was for the
 * next run to try again: never a row that says Suspended over a machine that runs.
 */
export class OverdueSuspensions {
  constructor(
    private readonly database: Database,
    private readonly jobs: JobQueue,
    private readonly repository: CycleRepository,
    private readonly power: ServicePower,
    private readonly suspendAfterDays: number,
    private readonly log: FastifyBaseLogger,
  ) {}

  async suspendOverdue(today: string): Promise<SuspensionRun> {
    // Overdue (due before today) and at least suspendAfterDays past due.
    const lastDueDate = addDays(today, -Math.max(1, this.suspendAfterDays));
    const run: SuspensionRun = { suspended: 0, unsuspended: 0, failures: [] };
    for (const candidate of await this.repository.servicesToSuspend(lastDueDate)) {
      try {
        if (await this.suspendOne(candidate)) run.suspended++;
      } catch (err) {
        this.log.warn(
          { err, serviceId: candidate.serviceId },
          'suspension failed; the billing cycle retries',
        );
        run.failures.push(err);
      }
    }
    return run;
  }

  /**
   * Unsuspends the services no invoice keeps overdue any more: after a payment (those of its
   * invoice), and on every cycle run (any left suspended because the platform failed then).
   */
  async lift(today: string, invoiceId?: number): Promise<SuspensionRun> {
    const run: SuspensionRun = { suspended: 0, unsuspended: 0, failures: [] };
    for (const service of await this.repository.suspendedWithoutOverdue(today, invoiceId)) {
      try {
        await this.power.start(service);
        if (await this.repository.unsuspend(service.serviceId)) run.unsuspended++;
      } catch (err) {
        this.log.warn({ err, serviceId: service.serviceId }, 'unsuspension failed; it is tried again');
        run.failures.push(err);
      }
    }
    return run;
  }

  private async suspendOne(candidate: SuspensionCandidate): Promise<boolean> {
    await this.power.stop(candidate);
    const outcome = await this.database.db.transaction(async (tx) => {
      const result = await this.repository.suspendForInvoice(tx, candidate.serviceId, candidate.invoiceId);
      if (result === 'suspended') {
        await queueBillingMail(this.jobs, tx, {
          kind: 'service-suspended',
          invoiceId: candidate.invoiceId,
          serviceId: candidate.serviceId,
        });
      }
      return result;
    });
    // Paid while the machine was being switched off: switch it back on.
    if (outcome === 'paid') await this.power.start(candidate);
    return outcome === 'suspended';
  }
}
