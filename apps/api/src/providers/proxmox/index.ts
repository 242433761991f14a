// The Proxmox VE adapter's public face: the provider interfaces and the client implementing them.
export type { BlockStorageProvider, BlockStorageScope, ProxmoxProvider, Vps2Provider } from './provider.ts';
export { ProxmoxClient, type ProxmoxClientOptions } from './proxmox-client.ts';
export type { ProxmoxLayout } from './conventions.ts';
