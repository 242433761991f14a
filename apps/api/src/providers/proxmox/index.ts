// The Proxmox VE adapter's public face: the provider interfaces and the client implementing them.
export type {
  BlockStorageProvider,
  BlockStorageScope,
  NewVm,
  ProxmoxProvider,
  ProxmoxProvisioning,
  Vps2Provider,
} from './provider.ts';
export type { Ipv4Lease } from './ipv4-pools.ts';
export { VmidTakenError } from './vm-provisioning.ts';
export { ProxmoxClient, type ProxmoxClientOptions } from './proxmox-client.ts';
export type { ProxmoxLayout } from './conventions.ts';
