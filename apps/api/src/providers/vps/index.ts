// The first-generation VPS provider: what the panel needs and the Virtualizor client behind it.
export type { VpsProvider } from './vps-provider.ts';
export { VirtualizorClient, type VirtualizorClientOptions } from './virtualizor-client.ts';
export { generateRootPassword } from './root-password.ts';
export {
  type CreatedVps,
  type NewVps,
  VirtualizorAdminClient,
  type VirtualizorAdminClientOptions,
  type VpsProvisioning,
} from './virtualizor-admin-client.ts';
