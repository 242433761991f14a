import type { ServiceType } from '@rackdesk/contract';
import type { ServiceRow } from '../../../db/schema/index.ts';
import type { Providers } from '../../../providers/index.ts';
import type { ProvisioningDriver } from '../provisioning-driver.ts';
import { ProxmoxStorageDriver } from './proxmox-storage.driver.ts';
import { ProxmoxVpsDriver } from './proxmox-vps.driver.ts';
import { TenantosDedicatedDriver } from './tenantos-dedicated.driver.ts';
import { VirtualizorVpsDriver } from './virtualizor-vps.driver.ts';

export interface PlatformDriver {
  /** The platform the service runs on once provisioned (services.provider). */
  provider: NonNullable<ServiceRow['provider']>;
  driver: ProvisioningDriver;
}

/** The driver of each kind of service (by its product group); add-ons ('misc') run on no platform. */
export function createDrivers(providers: Providers): Record<Exclude<ServiceType, 'misc'>, PlatformDriver> {
  return {
    proxmox: { provider: 'proxmox', driver: new ProxmoxVpsDriver(providers.proxmox) },
    storage: { provider: 'proxmox', driver: new ProxmoxStorageDriver(providers.proxmox) },
    dedicated: { provider: 'tenantos', driver: new TenantosDedicatedDriver(providers.dedicated) },
    vps: { provider: 'virtualizor', driver: new VirtualizorVpsDriver(providers.vpsAdmin) },
  };
}
