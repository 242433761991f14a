import type { ServiceRow } from '../../src/db/schema/index.ts';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createService } from './fixtures.ts';
import type { TestSimulator } from './simulator.ts';
import type { TestApp } from './test-app.ts';

/** Long enough for every simulated Proxmox operation (a backup, a restore, a reinstall) to end. */
export const LONG_ENOUGH_MS = 10 * 60_000;

export type Location = 'New York' | 'Chicago';
const NODE: Record<Location, string> = { 'New York': 'pve-nyc-1', Chicago: 'pve-chi-1' };
const BLOCK_STORAGE: Record<Location, string> = { 'New York': 'block-nyc', Chicago: 'block-chi' };

/**
 * A VPS v2 service on a simulated Proxmox VM: a DW-4G plan (4 cores, 4 GB, 80 GB) in New York by
 * default. The vmid keeps VMs (and their addresses) of one test file apart.
 */
export async function createVps2Service(
  t: TestApp,
  sim: TestSimulator,
  userId: number,
  vmid: number,
  options: {
    location?: Location;
    status?: ServiceRow['status'];
    running?: boolean;
    ipv6?: string[];
    productId?: number;
    service?: Partial<ServiceRow>;
  } = {},
): Promise<ServiceRow> {
  const location = options.location ?? 'New York';
  await sim.control('POST', '/proxmox/vms', {
    vmid,
    node: NODE[location],
    name: `vm${vmid}.example.net`,
    cores: 4,
    memoryMb: 4096,
    diskGb: 80,
    status: options.running === false ? 'stopped' : 'running',
    ipv4: [`198.51.100.${vmid % 250}/24`],
    gateway4: '198.51.100.1',
    ipv6: options.ipv6 ?? [],
    osid: '9000',
  });
  return createService(t, userId, {
    productId:
      options.productId ?? (location === 'New York' ? DemoProduct.dw4gNewYork : DemoProduct.dw4gChicago),
    domain: `vm${vmid}.example.net`,
    provider: 'proxmox',
    upstreamId: String(vmid),
    status: options.status ?? 'Active',
    recurringAmountCents: 2000,
    ...options.service,
  });
}

/** A storage block service on a simulated volume, free or attached to a VM. */
export async function createStorageService(
  t: TestApp,
  sim: TestSimulator,
  userId: number,
  name: string,
  options: { location?: Location; attachTo?: number; status?: ServiceRow['status']; sizeGb?: number } = {},
): Promise<ServiceRow & { diskName: string }> {
  const location = options.location ?? 'New York';
  const storage = BLOCK_STORAGE[location];
  await sim.control('POST', '/proxmox/volumes', {
    storage,
    name,
    sizeGb: options.sizeGb ?? 100,
    ...(options.attachTo === undefined ? {} : { attachTo: options.attachTo }),
  });
  const diskName = `${storage}:${name}`;
  const service = await createService(t, userId, {
    productId: location === 'New York' ? DemoProduct.storageNewYork : DemoProduct.storageChicago,
    domain: `Storage Block ${name}`,
    provider: 'proxmox',
    upstreamId: diskName,
    status: options.status ?? 'Active',
  });
  return { ...service, diskName };
}
