import { servicePath } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '../../db/client.ts';
import { productGroups, products, services } from '../../db/schema/index.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import type { Mailer } from '../mail/mailer.ts';
import { accountMailRecipients } from '../mail/recipients.ts';
import { provisioningMails } from './provisioning-mails.ts';

/** The job that mails 'your server is ready'; see jobs/service-ready-mail.ts. */
export const SERVICE_READY_MAIL_JOB = 'service-ready-mail';
export interface ServiceReadyMailJobData {
  serviceId: number;
}

/** Queued by the transaction that activates the service, once per service. */
export function queueServiceReadyMail(jobs: JobQueue, tx: Tx, serviceId: number): Promise<string | null> {
  return jobs.sendInTransaction(
    tx,
    SERVICE_READY_MAIL_JOB,
    { serviceId },
    { singletonKey: String(serviceId) },
  );
}

/**
 * Sends 'your server is ready' from the service as it is when the job runs (an Active service
 * only), to the owner and the sub-accounts that receive product mails.
 */
export class ServiceReadyMailSender {
  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly publicUrl: string,
  ) {}

  async send({ serviceId }: ServiceReadyMailJobData): Promise<{ sent: number }> {
    const [row] = await this.database.db
      .select({ service: services, productName: products.name, groupName: productGroups.name })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(eq(services.id, serviceId));
    if (row?.service.status !== 'Active') return { sent: 0 };
    const { service } = row;
    const link = `${this.publicUrl}${servicePath({ id: service.id, status: service.status, groupname: row.groupName })}`;
    const facts = {
      productName: row.productName,
      hostname: service.domain,
      dedicatedIp: service.dedicatedIp,
      assignedIps: service.assignedIps.split(/\s+/).filter(Boolean),
      nextDueDate: service.nextDueDate,
    };
    const recipients = await accountMailRecipients(this.database.db, service.userId, 'productemails');
    for (const to of recipients) await this.mailer.send(provisioningMails.serviceReady(to, facts, link));
    return { sent: recipients.length };
  }
}
