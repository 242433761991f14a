import { and, eq, inArray, isNotNull, ne, or, sql } from 'drizzle-orm';
import type { Database, Db, DbOrTx, Tx } from '../../db/client.ts';
import {
  orders,
  type ProductProvisioning,
  productGroups,
  products,
  type ServiceRow,
  serviceProvisioning,
  services,
} from '../../db/schema/index.ts';
import type { ClaimKey, ProvisioningClaim } from './provisioning-driver.ts';

export type ProvisioningRow = typeof serviceProvisioning.$inferSelect;

/** A service to provision with its product, as one attempt reads them. */
export interface ProvisioningSubject {
  service: ServiceRow;
  product: {
    id: number;
    name: string;
    groupId: number;
    groupName: string;
    provisioning: ProductProvisioning;
  };
}

/** What a successful attempt writes, in one transaction with the order and the mail. */
export interface ProvisionedService {
  serviceId: number;
  orderId: number;
  /** Null for services no platform runs (add-ons). */
  provider: ServiceRow['provider'];
  upstreamId: string | null;
  dedicatedIp: string;
  assignedIps: string[];
  /** Names the service, when the platform gave the name (the order had none). */
  domain?: string;
  nextDueDate: string | null;
  claim: ProvisioningClaim | null;
}

/** Serialises every claim of provisioning across instances: they share only the database. */
const CLAIMS_LOCK = 0x7264_7072; // 'rdpr'

/**
 * The provisioning rows of ordered services and the writes of their attempts. It also reads the
 * service and product of an attempt and, on success, activates the service and its order: one
 * command (provisioning a service) writes across those tables in one transaction.
 */
export class ProvisioningRepository {
  constructor(private readonly database: Database) {}

  private get db(): Db {
    return this.database.db;
  }

  /** Services of the invoice's (pending) order whose provisioning waits for the payment. */
  async waitingForInvoice(invoiceId: number): Promise<number[]> {
    const rows = await this.db
      .select({ serviceId: serviceProvisioning.serviceId })
      .from(serviceProvisioning)
      .innerJoin(orders, eq(orders.id, serviceProvisioning.orderId))
      .where(
        and(
          eq(orders.invoiceId, invoiceId),
          eq(orders.status, 'Pending'),
          eq(serviceProvisioning.state, 'waiting'),
        ),
      )
      .orderBy(serviceProvisioning.serviceId);
    return rows.map((row) => row.serviceId);
  }

  async find(serviceId: number): Promise<ProvisioningRow | undefined> {
    const [row] = await this.db
      .select()
      .from(serviceProvisioning)
      .where(eq(serviceProvisioning.serviceId, serviceId));
    return row;
  }

  /**
   * Starts an attempt: a waiting row becomes running (one more attempt), as does a running one
   * whose attempt was lost (its instance died) before `staleBefore`. Undefined when the row is in
   * no such state: another attempt runs, or the service is done, failed or held.
   */
  async startAttempt(
    serviceId: number,
    staleBefore: Date,
    jobId: string | null,
  ): Promise<ProvisioningRow | undefined> {
    const [row] = await this.db
      .update(serviceProvisioning)
      .set({
        state: 'running',
        attempts: sql`${serviceProvisioning.attempts} + 1`,
        jobId,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(serviceProvisioning.serviceId, serviceId),
          or(
            eq(serviceProvisioning.state, 'waiting'),
            and(
              eq(serviceProvisioning.state, 'running'),
              or(
                sql`${serviceProvisioning.updatedAt} < ${staleBefore.toISOString()}`,
                jobId === null ? sql`false` : eq(serviceProvisioning.jobId, jobId),
              ),
            ),
          ),
        ),
      )
      .returning();
    return row;
  }

  async subject(serviceId: number): Promise<ProvisioningSubject | undefined> {
    const [row] = await this.db
      .select({
        service: services,
        product: {
          id: products.id,
          name: products.name,
          groupId: products.groupId,
          groupName: productGroups.name,
          provisioning: products.provisioning,
        },
      })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId))
      .where(eq(services.id, serviceId));
    return row;
  }

  /** A service the ordered one depends on (a storage block's VPS), when it is the same owner's. */
  async ownedService(userId: number, serviceId: number): Promise<ServiceRow | undefined> {
    const [row] = await this.db
      .select()
      .from(services)
      .where(and(eq(services.id, serviceId), eq(services.userId, userId)));
    return row;
  }

  async saveClaim(serviceId: number, claim: ProvisioningClaim): Promise<void> {
    await this.db
      .update(serviceProvisioning)
      .set({ claim, updatedAt: sql`now()` })
      .where(eq(serviceProvisioning.serviceId, serviceId));
  }

  /**
   * Takes the first `count` free candidates for the service (see ProvisionInput.reserve): under
   * one advisory lock, values other services run on or have claimed are skipped, and the chosen
   * ones are added to this service's claim before the lock is released.
   */
  async reserve<T>(
    serviceId: number,
    key: ClaimKey,
    candidates: readonly T[],
    count: number,
    valueOf: (candidate: T) => string,
  ): Promise<T[]> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_advisory_xact_lock(${CLAIMS_LOCK})`);
      const used = await this.valuesInUse(tx, serviceId, key, valueOf);
      const chosen = candidates.filter((candidate) => !used.has(valueOf(candidate))).slice(0, count);
      if (chosen.length < count) return [];
      const value = key === 'ipv4' ? chosen : chosen[0];
      await tx
        .update(serviceProvisioning)
        .set({
          claim: sql`coalesce(${serviceProvisioning.claim}, '{}'::jsonb) || ${JSON.stringify({ [key]: value })}::jsonb`,
          updatedAt: sql`now()`,
        })
        .where(eq(serviceProvisioning.serviceId, serviceId));
      return chosen;
    });
  }

  /** Values of `key` that other services hold: in their claims, or as the services they run as. */
  private async valuesInUse<T>(
    tx: Tx,
    serviceId: number,
    key: ClaimKey,
    valueOf: (candidate: T) => string,
  ): Promise<Set<string>> {
    const used = new Set<string>();
    const claims = await tx
      .select({ claim: serviceProvisioning.claim })
      .from(serviceProvisioning)
      .where(and(ne(serviceProvisioning.serviceId, serviceId), isNotNull(serviceProvisioning.claim)));
    for (const { claim } of claims) {
      const held = claim?.[key];
      if (held === undefined || held === null) continue;
      for (const item of Array.isArray(held) ? held : [held]) used.add(valueOf(item as T));
    }
    for (const value of await this.runningValues(tx, key)) used.add(value);
    return used;
  }

  private async runningValues(tx: DbOrTx, key: ClaimKey): Promise<string[]> {
    const alive = ne(services.status, 'Terminated');
    if (key === 'ipv4') {
      const rows = await tx
        .select({ dedicatedIp: services.dedicatedIp, assignedIps: services.assignedIps })
        .from(services)
        .where(alive);
      return rows.flatMap((row) => [row.dedicatedIp, ...row.assignedIps.split(/\s+/)].filter(Boolean));
    }
    const provider = { vmid: 'proxmox', serverId: 'tenantos', vpsid: 'virtualizor' } as const;
    const rows = await tx
      .select({ upstreamId: services.upstreamId })
      .from(services)
      .where(and(eq(services.provider, provider[key]), isNotNull(services.upstreamId), alive));
    return rows.flatMap((row) => (row.upstreamId ? [row.upstreamId] : []));
  }

  /** An attempt failed and another follows: back to waiting, with why. */
  async attemptFailed(serviceId: number, reason: string): Promise<void> {
    await this.db
      .update(serviceProvisioning)
      .set({ state: 'waiting', lastError: reason, updatedAt: sql`now()` })
      .where(and(eq(serviceProvisioning.serviceId, serviceId), eq(serviceProvisioning.state, 'running')));
  }

  /** The last attempt failed: the service stays Pending with the reason; `claim` is what could not be released. */
  async gaveUp(serviceId: number, reason: string, claim: ProvisioningClaim | null): Promise<void> {
    await this.db
      .update(serviceProvisioning)
      .set({ state: 'failed', lastError: reason, claim, updatedAt: sql`now()`, finishedAt: sql`now()` })
      .where(eq(serviceProvisioning.serviceId, serviceId));
  }

  /**
   * Activates the service with what the platform gave it, closes its provisioning (the root
   * password erased), activates the order once all its services are, and runs `alsoInTx` (the
   * mail's job) in the same transaction. False when the service is no longer Pending: nothing is
   * written then.
   */
  async complete(done: ProvisionedService, alsoInTx: (tx: Tx) => Promise<unknown>): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const activated = await tx
        .update(services)
        .set({
          status: 'Active',
          provider: done.provider,
          upstreamId: done.upstreamId,
          dedicatedIp: done.dedicatedIp,
          assignedIps: done.assignedIps.join('\n'),
          nextDueDate: done.nextDueDate,
          ...(done.domain ? { domain: done.domain } : {}),
        })
        .where(and(eq(services.id, done.serviceId), eq(services.status, 'Pending')))
        .returning({ id: services.id });
      if (activated.length === 0) return false;
      await tx
        .update(serviceProvisioning)
        .set({
          state: 'done',
          rootPasswordEncrypted: null,
          claim: done.claim,
          lastError: '',
          updatedAt: sql`now()`,
          finishedAt: sql`now()`,
        })
        .where(eq(serviceProvisioning.serviceId, done.serviceId));
      const open = await tx
        .select({ serviceId: serviceProvisioning.serviceId })
        .from(serviceProvisioning)
        .where(and(eq(serviceProvisioning.orderId, done.orderId), ne(serviceProvisioning.state, 'done')))
        .limit(1);
      if (open.length === 0) {
        await tx
          .update(orders)
          .set({ status: 'Active' })
          .where(and(eq(orders.id, done.orderId), eq(orders.status, 'Pending')));
      }
      await alsoInTx(tx);
      return true;
    });
  }

  /** For the service page: how far the provisioning of each of these services is. */
  async statesOf(serviceIds: readonly number[]): Promise<ProvisioningRow[]> {
    if (serviceIds.length === 0) return [];
    return this.db
      .select()
      .from(serviceProvisioning)
      .where(inArray(serviceProvisioning.serviceId, [...serviceIds]));
  }

  /** An operator's retry of a failed provisioning: waiting again, attempts counted afresh. */
  async reopen(serviceId: number): Promise<boolean> {
    const rows = await this.db
      .update(serviceProvisioning)
      .set({ state: 'waiting', attempts: 0, lastError: '', updatedAt: sql`now()`, finishedAt: null })
      .where(and(eq(serviceProvisioning.serviceId, serviceId), eq(serviceProvisioning.state, 'failed')))
      .returning({ serviceId: serviceProvisioning.serviceId });
    return rows.length > 0;
  }
}
