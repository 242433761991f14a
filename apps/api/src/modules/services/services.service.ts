import {
  type CancellationType,
  cancellableStatuses,
  ErrorCode,
  EventName,
  SERVICE_NOT_MANAGEABLE,
  isPagedQuery,
  type ServiceDetailResponse,
  type ServiceListItem,
  type ServiceListQuery,
  type ServiceListResponse,
  voidableStatuses,
} from '@rackdesk/contract';
import type { Database } from '../../db/client.ts';
import type { ServiceRow } from '../../db/schema/index.ts';
import { AppError } from '../../http/errors.ts';
import { type AuthContext, assertServiceAccess } from '../../http/policy.ts';
import type { EventBus } from '../events/event-bus.ts';
import type { ServiceProvisioningStatus } from '@rackdesk/contract';
import { pageOf, pageRequestOf } from '../../db/paging/keyset.ts';
import { serviceList, serviceListFilterOf, serviceSort } from './services-list.ts';
import { toServiceListItem } from './services.mapper.ts';
import { ServicesRepository } from './services.repository.ts';

/** How far an ordered service's setup is (the provisioning module answers it). */
export interface ProvisioningStatusReader {
  statusOf(serviceId: number): Promise<ServiceProvisioningStatus | null>;
}

/** The service list, service details and cancellation requests (servers spec §4, §5). */
export class ServicesService {
  private readonly services: ServicesRepository;
  private readonly serviceList: ReturnType<typeof serviceList>;

  constructor(
    private readonly database: Database,
    private readonly events: EventBus,
    private readonly provisioning: ProvisioningStatusReader,
  ) {
    this.services = new ServicesRepository(database.db);
    this.serviceList = serviceList(database.db);
  }

  /**
   * The account's services (a sub-account's whitelist of them): the whole list in id order as
   * the spec shows it, or one page, filtered, searched and sorted by the database.
   */
  async list(auth: AuthContext, query: ServiceListQuery = {}): Promise<ServiceListResponse> {
    const whitelist = auth.isSubAccount ? (auth.login.serviceWhitelist ?? null) : null;
    const paged = isPagedQuery(query);
    const filter = serviceListFilterOf(query, paged, auth.account.id, whitelist);
    const order = query.order ?? 'asc';
    const request = { filter, sort: query.sort, order, page: null };
    if (!paged) {
      const product = (await this.serviceList.rows(request)).map(toServiceListItem);
      return { totalresults: product.length, products: { product } };
    }
    const page = pageRequestOf(query, serviceSort(query.sort, order), [
      'services',
      query.sort ?? null,
      order,
      filter.statuses,
      filter.search,
    ]);
    const [rows, total] = await Promise.all([
      this.serviceList.rows({ ...request, page }),
      this.serviceList.count(filter),
    ]);
    const { rows: shown, fields } = pageOf(
      rows.map((row) => ({ ...row, id: row.service.id })),
      page,
      total,
    );
    return { ...fields, products: { product: shown.map(toServiceListItem) } };
  }

  async get(auth: AuthContext, id: number): Promise<ServiceDetailResponse> {
    // Both reads at once: the setup's status of a service the caller may not see is never sent.
    const [row, provisioning] = await Promise.all([
      this.services.findWithBilling(id),
      this.provisioning.statusOf(id),
    ]);
    assertServiceAccess(auth, row?.service);
    return { billing: toServiceListItem(row), provisioning };
  }

  /** Loads a service the caller may act on, or throws the policy's 404/403. Other modules use this. */
  async requireAccessible(auth: AuthContext, id: number): Promise<ServiceRow> {
    const service = await this.services.findById(id);
    assertServiceAccess(auth, service);
    return service;
  }

  /**
   * A provisioned service on one platform, for the server pages' routes. Another kind of
   * service, or one not provisioned yet, is a 404: the page then falls back to /services/{id}.
   */
  async requireServer(
    auth: AuthContext,
    id: number,
    provider: NonNullable<ServiceRow['provider']>,
  ): Promise<{ service: ServiceRow; upstreamId: string; billing: ServiceListItem }> {
    // The billing context comes with the row in the same read: the server pages poll it with
    // their detail, and a change costs the upstream call far more than the join.
    const row = await this.services.findWithBilling(id);
    assertServiceAccess(auth, row?.service);
    const { service } = row;
    if (service.provider !== provider || !service.upstreamId) {
      throw AppError.notFound('This server was not found.');
    }
    return { service, upstreamId: service.upstreamId, billing: toServiceListItem(row) };
  }

  /**
   * The platform ids of every server an account has on one platform, whatever the caller's
   * whitelist: for rules that protect all of the account's servers from an account-wide change.
   */
  upstreamIdsOfAccount(accountId: number, provider: NonNullable<ServiceRow['provider']>): Promise<string[]> {
    return this.services.listUpstreamIds(accountId, provider);
  }

  /** Changes to a server are refused unless its service is active (servers spec §4: suspended). */
  assertManageable(service: ServiceRow): void {
    if (service.status !== 'Active') {
      throw new AppError(409, SERVICE_NOT_MANAGEABLE, { error: ErrorCode.serviceNotManageable });
    }
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
    await this.announceChange(auth, id);
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
    await this.announceChange(auth, id);
  }

  /** Other open pages of the account (another tab, a sub-account) refresh the service. */
  private async announceChange(auth: AuthContext, serviceId: number) {
    await this.events.publish(auth.account.id, EventName.serviceUpdated, { serviceId });
  }
}
