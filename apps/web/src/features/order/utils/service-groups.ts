import { ProductGroup } from '@rackdesk/contract';
import { paths } from '../../../lib/paths.ts';
import { vps2Region } from '../../../lib/storage-regions.ts';

/**
 * The three kinds of service the wizard sells and the product groups behind each (portal spec §2
 * "Service type choice"): the first step chooses one, the second lists its groups' products.
 */
export const serviceGroupKeys = ['vps', 'dedicated', 'storage'] as const;
export type ServiceGroupKey = (typeof serviceGroupKeys)[number];

export interface ServiceGroup {
  key: ServiceGroupKey;
  /** The billing system's name of the kind ('instant', 'virtual', 'storage'). */
  productId: 'instant' | 'virtual' | 'storage';
  title: string;
  description: string;
  groupIds: readonly number[];
}

export const serviceGroups: Readonly<Record<ServiceGroupKey, ServiceGroup>> = {
  vps: {
    key: 'vps',
    productId: 'virtual',
    title: 'Virtual Server',
    description: 'Cloud VPS on AMD EPYC or 5GHz+ cores, deployed in seconds.',
    groupIds: [ProductGroup.cloudVpsNewYork.id, ProductGroup.cloudVpsChicago.id],
  },
  dedicated: {
    key: 'dedicated',
    productId: 'instant',
    title: 'Dedicated Server',
    description: 'Instant bare-metal servers with your choice of OS and disk layout.',
    groupIds: [ProductGroup.instantDedicatedNewYork.id, ProductGroup.instantDedicatedChicago.id],
  },
  storage: {
    key: 'storage',
    productId: 'storage',
    title: 'Storage Block',
    description: 'Block storage attached to your VPS in the same location.',
    groupIds: [ProductGroup.storageBlock.id],
  },
};

export const isServiceGroupKey = (value: unknown): value is ServiceGroupKey =>
  typeof value === 'string' && (serviceGroupKeys as readonly string[]).includes(value);

/** The kind a product group belongs to; null for a group the wizard does not sell. */
export function serviceGroupOf(groupId: number): ServiceGroupKey | null {
  return serviceGroupKeys.find((key) => serviceGroups[key].groupIds.includes(groupId)) ?? null;
}

/** The configure page of a product (portal spec §2 routes): dedicated at /order/{id}. */
export function configurePath(group: ServiceGroupKey, pid: number): string {
  if (group === 'vps') return paths.orderVps(pid);
  if (group === 'storage') return paths.orderStorage(pid);
  return paths.orderProduct(pid);
}

/** Where a product group's servers stand ('Cloud VPS - New York' → 'New York'); '' when unsaid. */
export function groupRegion(groupId: number): string {
  return vps2Region(Object.values(ProductGroup).find((group) => group.id === groupId)?.name ?? '');
}
