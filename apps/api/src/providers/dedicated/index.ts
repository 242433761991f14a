export type {
  DedicatedInstallRequest,
  DedicatedInventoryServer,
  DedicatedProvider,
  DedicatedProvisioning,
  RdnsChange,
} from './dedicated-provider.ts';
export { TenantosClient, type TenantosClientOptions } from './tenantos-client.ts';
