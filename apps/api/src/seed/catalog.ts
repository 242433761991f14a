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
  dwCpu8gNewYork: 205,
  dw16gNewYork: 206,
  dw2gChicago: 211,
  dw4gChicago: 212,
  instantE3NewYork: 301,
  instantDualE5NewYork: 302,
  instantE3Chicago: 303,
  customDedicatedNewYork: 311,
  storageNewYork: 322,
  storageChicago: 323,
  managedBackup: 401,
} as const;

const groups = Object.values(ProductGroup).map((group, index) => ({ ...group, sortOrder: index }));

/** A VPS v2 plan's description: the lines plan upgrades read cores, memory and storage from. */
const plan = (cores: number, memoryGb: number, diskGb: number, bandwidthTb: number, cpuOptimized = false) =>
  [
    `${cores} ${cpuOptimized ? 'CPU Optimized Cores (5GHz+)' : 'vCPU Cores'}`,
    `${memoryGb} GB DDR5 RAM`,
    `${diskGb} GB NVMe Storage`,
    `${bandwidthTb} TB Bandwidth`,
  ].join('\n');

const catalogue: (typeof products.$inferInsert)[] = [
  {
    id: DemoProduct.ddosVps2G,
    groupId: ProductGroup.ddosProtectedVps.id,
    name: 'DDoS Protected VPS 2GB',
    hidden: true,
    monthlyPriceCents: 1200,
  },
  {
    id: DemoProduct.virtualServer4G,
    groupId: ProductGroup.virtualServers.id,
    name: 'Virtual Server 4GB',
    hidden: true,
    monthlyPriceCents: 1800,
  },
  {
    id: DemoProduct.dw2gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-2G',
    description: plan(2, 2, 40, 2),
    monthlyPriceCents: 1000,
  },
  {
    id: DemoProduct.dw4gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-4G',
    description: plan(4, 4, 80, 4),
    monthlyPriceCents: 2000,
  },
  {
    id: DemoProduct.dw8gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-8G',
    description: plan(6, 8, 160, 8),
    monthlyPriceCents: 4000,
  },
  {
    id: DemoProduct.dw16gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-16G',
    description: plan(8, 16, 320, 16),
    monthlyPriceCents: 8000,
  },
  {
    id: DemoProduct.dwCpu4gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-CPU-4G',
    description: plan(2, 4, 60, 4, true),
    monthlyPriceCents: 3000,
  },
  {
    id: DemoProduct.dwCpu8gNewYork,
    groupId: ProductGroup.cloudVpsNewYork.id,
    name: 'DW-CPU-8G',
    description: plan(4, 8, 120, 8, true),
    monthlyPriceCents: 6000,
  },
  {
    id: DemoProduct.dw2gChicago,
    groupId: ProductGroup.cloudVpsChicago.id,
    name: 'DW-2G',
    description: plan(2, 2, 40, 2),
    monthlyPriceCents: 1000,
  },
  {
    id: DemoProduct.dw4gChicago,
    groupId: ProductGroup.cloudVpsChicago.id,
    name: 'DW-4G',
    description: plan(4, 4, 80, 4),
    monthlyPriceCents: 2000,
  },
  {
    id: DemoProduct.instantE3NewYork,
    groupId: ProductGroup.instantDedicatedNewYork.id,
    name: 'Xeon E3-1230 v6',
    monthlyPriceCents: 8900,
  },
  {
    id: DemoProduct.instantDualE5NewYork,
    groupId: ProductGroup.instantDedicatedNewYork.id,
    name: 'Dual Xeon E5-2680 v4',
    monthlyPriceCents: 15900,
  },
  {
    id: DemoProduct.instantE3Chicago,
    groupId: ProductGroup.instantDedicatedChicago.id,
    name: 'Xeon E3-1240 v5',
    monthlyPriceCents: 7900,
  },
  {
    // Quoted per build and paid once: no monthly price.
    id: DemoProduct.customDedicatedNewYork,
    groupId: ProductGroup.dedicatedNewYork.id,
    name: 'Custom Dedicated Server',
  },
  // Storage is sold per 100 GB; the size is a configuration option of the order.
  {
    id: DemoProduct.storageNewYork,
    groupId: ProductGroup.storageBlock.id,
    name: 'Storage Block - New York',
    monthlyPriceCents: 500,
  },
  {
    id: DemoProduct.storageChicago,
    groupId: ProductGroup.storageBlock.id,
    name: 'Storage Block - Chicago',
    monthlyPriceCents: 500,
  },
  {
    id: DemoProduct.managedBackup,
    groupId: ProductGroup.additionalServices.id,
    name: 'Managed Backup',
    monthlyPriceCents: 500,
  },
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
