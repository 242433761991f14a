import type { FastifyBaseLogger } from 'fastify';
import type { BillingConfig } from '../../../config.ts';
import type { Database } from '../../../db/client.ts';
import type { JobQueue } from '../../../jobs/job-queue.ts';
import { todayUtc } from '../../../lib/dates.ts';
import type { Providers } from '../../../providers/index.ts';
import type { BillingClock } from './billing-clock.ts';
import { CycleRepository } from './cycle.repository.ts';
import { OverdueNotices } from './overdue-notices.ts';
import { OverdueSuspensions } from './overdue-suspensions.ts';
import { RenewalInvoices } from './renewal-invoices.ts';
import { ServicePower } from './service-power.ts';

export interface CycleRun {
  /** The day the run took for today (UTC), from the billing clock. */
  today: string;
  invoicesRaised: number;
  overdueNotices: number;
  suspended: number;
  unsuspended: number;
}

/**
 * One pass of the billing cycle, run by the billing-cycle job (jobs/billing-cycle.ts): renewal
 * invoices, overdue notices, suspensions of what stays unpaid and unsuspension of what no longer
 * is. Every step is safe to run again and at once on several instances; the day comes from the
 * billing clock, which follows the simulator's when one runs.
 */
export class BillingCycle {
  private readonly suspensions: OverdueSuspensions;
  private readonly renewals: RenewalInvoices;
  private readonly notices: OverdueNotices;

  constructor(
    deps: {
      database: Database;
      jobs: JobQueue;
      providers: Providers;
      settings: BillingConfig;
      log: FastifyBaseLogger;
    },
    readonly clock: BillingClock,
  ) {
    const { database, jobs, settings, log } = deps;
    const repository = new CycleRepository(database.db);
    const power = new ServicePower(deps.providers);
    this.renewals = new RenewalInvoices(database, jobs, repository, settings.renewalDays);
    this.notices = new OverdueNotices(database, jobs, repository);
    this.suspensions = new OverdueSuspensions(
      database,
      jobs,
      repository,
      power,
      settings.suspendAfterDays,
      log,
    );
  }

  async run(): Promise<CycleRun> {
    const now = await this.clock.now();
    const today = todayUtc(now);
    const invoicesRaised = await this.renewals.raise(today);
    const overdueNotices = await this.notices.send(today, now);
    const lifted = await this.suspensions.lift(today);
    const suspension = await this.suspensions.suspendOverdue(today);
    const failures = [...lifted.failures, ...suspension.failures];
    // The job fails so that pg-boss runs it again; what succeeded stays done.
    if (failures.length > 0) {
      throw new AggregateError(
        failures,
        `${failures.length} services could not be switched by their platform`,
      );
    }
    return {
      today,
      invoicesRaised,
      overdueNotices,
      suspended: suspension.suspended,
      unsuspended: lifted.unsuspended,
    };
  }

  /** After a payment: lifts the suspensions the paid invoice caused (the invoice-paid job). */
  async liftAfterPayment(invoiceId: number): Promise<number> {
    const run = await this.suspensions.lift(todayUtc(await this.clock.now()), invoiceId);
    if (run.failures.length > 0) throw run.failures[0];
    return run.unsuspended;
  }
}
