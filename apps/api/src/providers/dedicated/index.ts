export type { DedicatedProvider, RdnsChange } from './dedicated-provider.ts';
export { TenantosClient, type TenantosClientOptions } from './tenantos-client.ts';
