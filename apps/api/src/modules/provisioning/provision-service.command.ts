import { EventName, serviceTypeOf } from '@rackdesk/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { JobQueue, JobRun } from '../../jobs/job-queue.ts';
import { todayUtc } from '../../lib/dates.ts';
import type { SecretBox } from '../../lib/secret-box.ts';
import type { BillingClock } from '../billing/cycle/billing-clock.ts';
import { nextDueDate } from '../billing/cycle/cycle-dates.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { SshKeysService } from '../ssh-keys/ssh-keys.service.ts';
import type { PlatformDriver } from './drivers/index.ts';
import type { ProvisionInput } from './provisioning-driver.ts';
import { customerReason, ProvisioningError } from './provisioning-failure.ts';
import type {
  ProvisioningRepository,
  ProvisioningRow,
  ProvisioningSubject,
} from './provisioning.repository.ts';
import { queueServiceReadyMail } from './service-ready-mail.ts';

export interface ProvisionServiceDeps {
  repository: ProvisioningRepository;
  drivers: Record<string, PlatformDriver>;
  secrets: SecretBox;
  sshKeys: SshKeysService;
  jobs: JobQueue;
  events: EventBus;
  clock: BillingClock;
  settings: Config['provisioning'];
  log: FastifyBaseLogger;
}

export type AttemptOutcome = 'provisioned' | 'skipped' | 'abandoned';

/**
 * One attempt at provisioning an ordered service (the provision-service job). The row is claimed
 * first (waiting → running), so two jobs or two instances never work on one service at once; the
 * driver then builds the server, recording what it takes upstream before it uses it, so a retry
 * goes on from there. Success activates the service, its order and queues the ready mail in one
 * transaction; a failure counts, retries with backoff, and after the last try releases what the
 * attempts took and leaves the service Pending with the reason. Money is never touched here.
 */
export class ProvisionServiceCommand {
  constructor(private readonly deps: ProvisionServiceDeps) {}

  async run(
    serviceId: number,
    run: Pick<JobRun, 'retryCount'> & { id?: string },
  ): Promise<{ outcome: AttemptOutcome }> {
    const { repository, settings } = this.deps;
    // A running row older than an attempt may last was left by an instance that died; so was one
    // this very job was running (pg-boss retries it, same id, once its heartbeat stopped).
    const staleBefore = new Date(Date.now() - (settings.attemptSeconds + 60) * 1000);
    const row = await repository.startAttempt(serviceId, staleBefore, run.id ?? null);
    if (!row) return { outcome: 'skipped' };
    const subject = await repository.subject(serviceId);
    if (!subject) return { outcome: 'skipped' };
    const kind = serviceTypeOf(subject.product.groupName);
    const platform = kind === 'misc' ? undefined : this.deps.drivers[kind];
    const log = this.deps.log.child({ serviceId, attempt: row.attempts, kind });

    if (subject.service.status !== 'Pending') {
      await this.giveUp(subject, platform, 'This service is no longer pending, so it was not set up.');
      return { outcome: 'abandoned' };
    }
    try {
      const result = platform ? await platform.driver.provision(await this.input(row, subject)) : undefined;
      const today = todayUtc(await this.deps.clock.now());
      const latest = await repository.find(serviceId);
      const completed = await repository.complete(
        {
          serviceId,
          orderId: row.orderId,
          provider: platform?.provider ?? null,
          upstreamId: result?.upstreamId ?? null,
          dedicatedIp: result?.dedicatedIp ?? '',
          assignedIps: result?.assignedIps ?? [],
          domain: result?.domain,
          nextDueDate: nextDueDate(today, subject.service.billingCycle, today) ?? null,
          claim: latest?.claim ?? null,
        },
        (tx) => queueServiceReadyMail(this.deps.jobs, tx, serviceId),
      );
      if (!completed) {
        // Cancelled while it was being built: what was built goes back.
        await this.giveUp(subject, platform, 'This service was cancelled while it was being set up.');
        return { outcome: 'abandoned' };
      }
      log.info({ upstreamId: result?.upstreamId }, 'service provisioned');
      await this.deps.events.publish(subject.service.userId, EventName.serviceProvisioned, { serviceId });
      return { outcome: 'provisioned' };
    } catch (error) {
      const reason = customerReason(error);
      const last = run.retryCount >= settings.retryLimit;
      log.warn({ err: error, last }, 'provisioning attempt failed');
      if (!last) {
        await repository.attemptFailed(serviceId, reason);
        throw error;
      }
      await this.giveUp(subject, platform, reason);
      throw error;
    }
  }

  /**
   * Releases what the attempts took upstream and leaves the service Pending with the reason. A
   * release that fails keeps the claim on the row (for an operator) rather than losing track of it.
   */
  private async giveUp(
    subject: ProvisioningSubject,
    platform: PlatformDriver | undefined,
    reason: string,
  ): Promise<void> {
    const serviceId = subject.service.id;
    const claim = (await this.deps.repository.find(serviceId))?.claim ?? null;
    let leftover: typeof claim = null;
    if (platform && claim) {
      try {
        await platform.driver.release(claim);
      } catch (error) {
        this.deps.log.error({ err: error, serviceId, claim }, 'could not release what provisioning took');
        leftover = claim;
      }
    }
    await this.deps.repository.gaveUp(serviceId, reason, leftover);
    await this.deps.events.publish(subject.service.userId, EventName.serviceUpdated, { serviceId });
  }

  private async input(row: ProvisioningRow, subject: ProvisioningSubject): Promise<ProvisionInput> {
    const { repository } = this.deps;
    const { service, product } = subject;
    const serviceId = service.id;
    const params = row.params;
    let rootPassword: string | null = null;
    if (row.rootPasswordEncrypted) {
      try {
        rootPassword = this.deps.secrets.open(row.rootPasswordEncrypted);
      } catch {
        throw new ProvisioningError(
          'The root password of this order cannot be read. Please contact support.',
        );
      }
    }
    let attachTo: ProvisionInput['attachTo'] = null;
    if (params.attachToServiceId !== undefined) {
      const vps = await repository.ownedService(service.userId, params.attachToServiceId);
      if (vps?.upstreamId && vps.provider === 'proxmox')
        attachTo = { serviceId: vps.id, upstreamId: vps.upstreamId };
    }
    return {
      serviceId,
      userId: service.userId,
      product: {
        id: product.id,
        name: product.name,
        groupId: product.groupId,
        provisioning: product.provisioning,
      },
      params: { ...params, hostname: params.hostname || service.domain },
      rootPassword,
      sshPublicKeys: params.sshKeyIds?.length
        ? await this.deps.sshKeys.publicKeysOf(service.userId, params.sshKeyIds)
        : [],
      attachTo,
      claim: row.claim,
      saveClaim: (claim) => repository.saveClaim(serviceId, claim),
      reserve: (key, candidates, count, valueOf) =>
        repository.reserve(serviceId, key, candidates, count, valueOf),
    };
  }
}
