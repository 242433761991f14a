import {
  type CancellationType,
  cancellableStatuses,
  type ServiceDetailResponse,
  type ServiceListResponse,
  voidableStatuses,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ServiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, assertServiceAccess } from '../../http/policy.ts';
import { toServiceListItem } from './services.mapper.ts';
import { ServicesRepository } from './services.repository.ts';

/** The service list, service details and cancellation requests (servers spec §4, §5). */
export class ServicesService {
  private readonly services: ServicesRepository;

  constructor(private readonly database: Database) {
    this.services = new ServicesRepository(database.db);
  }

  async list(auth: AuthContext): Promise<ServiceListResponse> {
    const whitelist = auth.isSubAccount ? (auth.login.serviceWhitelist ?? null) : null;
    const rows = await this.services.listForAccount(auth.account.id, whitelist);
    const product = rows.map(toServiceListItem);
    return { totalresults: product.length, products: { product } };
  }

  async get(auth: AuthContext, id: number): Promise<ServiceDetailResponse> {
    const row = await this.services.findWithBilling(id);
    assertServiceAccess(auth, row?.service);
    return { billing: toServiceListItem(row!) };
  }

  /** Loads a service the caller may act on, or throws the policy's 404/403. Other modules use this. */
  async requireAccessible(auth: AuthContext, id: number): Promise<ServiceRow> {
    const service = await this.services.findById(id);
    assertServiceAccess(auth, service);
    return service;
  }

  async requestCancellation(
    auth: AuthContext,
    id: number,
    input: { type: CancellationType; reason: string },
  ) {
    await this.database.db.transaction(async (tx) => {
      const services = new ServicesRepository(tx);
      const service = await services.lockById(id);
      assertServiceAccess(auth, service);
      if (!cancellableStatuses.includes(service.status)) {
        throw new AppError(409, `A ${service.status.toLowerCase()} service cannot be cancelled.`);
      }
      const created = await services.createCancellation({
        serviceId: id,
        type: input.type,
        reason: input.reason,
        requestedBy: auth.login.id,
      });
      if (!created) throw new AppError(409, 'A cancellation request is already pending for this service.');
    });
  }

  async voidCancellation(auth: AuthContext, id: number) {
    await this.database.db.transaction(async (tx) => {
      const services = new ServicesRepository(tx);
      const service = await services.lockById(id);
      assertServiceAccess(auth, service);
      const pending = await services.findPendingCancellation(id);
      if (!pending) throw new AppError(409, 'There is no pending cancellation request to void.');
      if (!voidableStatuses.includes(service.status)) {
        throw new AppError(
          409,
          `The cancellation of a ${service.status.toLowerCase()} service cannot be voided.`,
        );
      }
      await services.voidCancellation(pending.id);
    });
  }
}
