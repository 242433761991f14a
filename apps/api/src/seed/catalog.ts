import { ProductGroup } from '@rackdesk/contract';
import type { DbOrTx } from '../db/client.ts';
import { departments, productGroups, products } from '../db/schema/index.ts';

/** Product ids the demo data and tests refer to. */
export const DemoProduct = {
  ddosVps2G: 101,
  virtualServer4G: 102,
  dw2gNewYork: 201,
  dw4gNewYork: 202,
  dw8gNewYork: 203,
  dwCpu4gNewYork: 204,
  dw2gChicago: 211,
  instantE3NewYork: 301,
  instantDualE5NewYork: 302,
  instantE3Chicago: 303,
  customDedicatedNewYork: 311,
  storageNewYork: 322,
  storageChicago: 323,
  managedBackup: 401,
} as const;

const groups = Object.values(ProductGroup).map((group, index) => ({ ...group, sortOrder: index }));

const catalogue: (typeof products.$inferInsert)[] = [
  {
    id: DemoProduct.ddosVps2G,
    groupId: ProductGroup.ddosProtectedVps.id,
    name: 'DDoS Protected VPS 2GB',
    hidden: true,
  },
  {
    id: DemoProduct.virtualServer4G,
    groupId: ProductGroup.virtualServers.id,
    name: 'Virtual Server 4GB',
    hidden: true,
  },
  { id: DemoProduct.dw2gNewYork, groupId: ProductGroup.cloudVpsNewYork.id, name: 'DW-2G' },
  { id: DemoProduct.dw4gNewYork, groupId: ProductGroup.cloudVpsNewYork.id, name: 'DW-4G' },
  { id: DemoProduct.dw8gNewYork, groupId: ProductGroup.cloudVpsNewYork.id, name: 'DW-8G' },
  { id: DemoProduct.dwCpu4gNewYork, groupId: ProductGroup.cloudVpsNewYork.id, name: 'DW-CPU-4G' },
  { id: DemoProduct.dw2gChicago, groupId: ProductGroup.cloudVpsChicago.id, name: 'DW-2G' },
  {
    id: DemoProduct.instantE3NewYork,
    groupId: ProductGroup.instantDedicatedNewYork.id,
    name: 'Xeon E3-1230 v6',
  },
  {
    id: DemoProduct.instantDualE5NewYork,
    groupId: ProductGroup.instantDedicatedNewYork.id,
    name: 'Dual Xeon E5-2680 v4',
  },
  {
    id: DemoProduct.instantE3Chicago,
    groupId: ProductGroup.instantDedicatedChicago.id,
    name: 'Xeon E3-1240 v5',
  },
  {
    id: DemoProduct.customDedicatedNewYork,
    groupId: ProductGroup.dedicatedNewYork.id,
    name: 'Custom Dedicated Server',
  },
  { id: DemoProduct.storageNewYork, groupId: ProductGroup.storageBlock.id, name: 'Storage Block - New York' },
  { id: DemoProduct.storageChicago, groupId: ProductGroup.storageBlock.id, name: 'Storage Block - Chicago' },
  { id: DemoProduct.managedBackup, groupId: ProductGroup.additionalServices.id, name: 'Managed Backup' },
];

/** The spec's departments; the guest department is Sales (id 2). */
const supportDepartments = [
  { id: 1, name: 'Technical Support' },
  { id: 2, name: 'Sales' },
  { id: 3, name: 'Billing' },
];

/** Puts the product groups, products and departments in place; running it again changes nothing. */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  await db.insert(productGroups).values(groups).onConflictDoNothing();
  await db.insert(products).values(catalogue).onConflictDoNothing();
  await db.insert(departments).values(supportDepartments).onConflictDoNothing();
}
