import { and, eq, isNotNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { productGroups, products, services } from '../../db/schema/index.ts';

/** A service the Proxmox platform runs (a VPS v2 or a storage block), with what classifies it. */
export interface ProxmoxServiceRef {
  id: number;
  userId: number;
  status: (typeof services.$inferSelect)['status'];
  domain: string;
  upstreamId: string;
  groupName: string;
}

/**
 * Read-only lists of Proxmox-run services that no single-service call of the services module
 * gives: every VPS v2 and storage block of an account (storage blocks and the VMs they hang on),
 * and every active one across accounts (the backup schedule job).
 */
export class ProxmoxServicesRepository {
  constructor(private readonly db: DbOrTx) {}

  private select() {
    return this.db
      .select({
        id: services.id,
        userId: services.userId,
        status: services.status,
        domain: services.domain,
        upstreamId: services.upstreamId,
        groupName: productGroups.name,
      })
      .from(services)
      .innerJoin(products, eq(products.id, services.productId))
      .innerJoin(productGroups, eq(productGroups.id, products.groupId));
  }

  async listByOwner(accountId: number): Promise<ProxmoxServiceRef[]> {
    const rows = await this.select()
      .where(
        and(eq(services.userId, accountId), eq(services.provider, 'proxmox'), isNotNull(services.upstreamId)),
      )
      .orderBy(services.id);
    return rows as ProxmoxServiceRef[];
  }

  async listActive(): Promise<ProxmoxServiceRef[]> {
    const rows = await this.select()
      .where(
        and(eq(services.status, 'Active'), eq(services.provider, 'proxmox'), isNotNull(services.upstreamId)),
      )
      .orderBy(services.id);
    return rows as ProxmoxServiceRef[];
  }
}
