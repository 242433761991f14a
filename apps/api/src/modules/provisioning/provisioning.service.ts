import type { ServiceProvisioningStatus } from '@rackdesk/contract';
import type { JobQueue, JobRun } from '../../jobs/job-queue.ts';
import type { AttemptOutcome, ProvisionServiceCommand } from './provision-service.command.ts';
import type { ProvisioningRepository } from './provisioning.repository.ts';

/** The job that provisions one ordered service; see jobs/provision-service.ts. */
export const PROVISION_SERVICE_JOB = 'provision-service';
export interface ProvisionServiceJobData {
  serviceId: number;
}

/**
 * Provisioning after payment: which services an invoice's payment starts, the attempts the job
 * runs, and what the service page shows of it.
 */
export class ProvisioningService {
  constructor(
    private readonly repository: ProvisioningRepository,
    private readonly command: ProvisionServiceCommand,
    private readonly jobs: JobQueue,
  ) {}

  /**
   * Queues one job per service of the invoice's order that waits for its payment (held ones wait
   * for review instead). The key keeps a retried invoice-paid job, or another instance, from
   * queueing a second job while one is queued or running; the job's own claim does the rest.
   */
  async queueForInvoice(invoiceId: number): Promise<{ queued: number }> {
    const serviceIds = await this.repository.waitingForInvoice(invoiceId);
    let queued = 0;
    for (const serviceId of serviceIds) if (await this.queue(serviceId)) queued += 1;
    return { queued };
  }

  runAttempt(
    serviceId: number,
    run: Pick<JobRun, 'retryCount'> & { id?: string },
  ): Promise<{ outcome: AttemptOutcome }> {
    return this.command.run(serviceId, run);
  }

  /** For the service page: null when the service was never ordered through provisioning. */
  async statusOf(serviceId: number): Promise<ServiceProvisioningStatus | null> {
    const [row] = await this.repository.statesOf([serviceId]);
    if (!row) return null;
    return { status: row.state, reason: row.state === 'failed' ? row.lastError : '' };
  }

  /** An operator's retry of a provisioning that gave up: waiting again, and queued. */
  async retry(serviceId: number): Promise<boolean> {
    if (!(await this.repository.reopen(serviceId))) return false;
    await this.queue(serviceId);
    return true;
  }

  private async queue(serviceId: number): Promise<boolean> {
    const data: ProvisionServiceJobData = { serviceId };
    return (await this.jobs.send(PROVISION_SERVICE_JOB, data, { singletonKey: String(serviceId) })) !== null;
  }
}
