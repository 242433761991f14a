import type { UpstreamsConfig } from '../config.ts';
import { type DedicatedProvider, type DedicatedProvisioning, TenantosClient } from './dedicated/index.ts';
import { PowerDnsClient, type ReverseDnsProvider } from './dns/index.ts';
import { ProxmoxClient, type ProxmoxProvider } from './proxmox/index.ts';
import { unconfiguredProvider } from './unconfigured.ts';
import {
  VirtualizorAdminClient,
  VirtualizorClient,
  type VpsProvider,
  type VpsProvisioning,
} from './vps/index.ts';

/** One adapter per kind of server, each a real HTTP client of its upstream. */
export interface Providers {
  dedicated: DedicatedProvider & DedicatedProvisioning;
  vps: VpsProvider;
  /** Creating and deleting first-generation VPSs (Virtualizor's admin API). */
  vpsAdmin: VpsProvisioning;
  /** VPS v2 and storage blocks. */
  proxmox: ProxmoxProvider;
  /** PTR records of VPS addresses (first generation and v2), in the provider's DNS service. */
  reverseDns: ReverseDnsProvider;
}

export function createProviders(upstreams: UpstreamsConfig): Providers {
  const { timeoutMs, proxmox, tenantos, virtualizor, powerdns } = upstreams;
  return {
    dedicated: tenantos.url
      ? new TenantosClient({ baseUrl: tenantos.url, apiKey: tenantos.apiKey, timeoutMs })
      : unconfiguredProvider('tenantos', 'TENANTOS_URL'),
    vps: virtualizor.url
      ? new VirtualizorClient({
          baseUrl: virtualizor.url,
          apiKey: virtualizor.apiKey,
          apiPass: virtualizor.apiPass,
          timeoutMs,
        })
      : unconfiguredProvider('virtualizor', 'VIRTUALIZOR_URL'),
    vpsAdmin: virtualizor.adminUrl
      ? new VirtualizorAdminClient({
          baseUrl: virtualizor.adminUrl,
          apiKey: virtualizor.adminApiKey,
          apiPass: virtualizor.adminApiPass,
          userId: virtualizor.userId,
          timeoutMs,
        })
      : unconfiguredProvider('virtualizor', 'VIRTUALIZOR_ADMIN_URL'),
    proxmox: proxmox.url
      ? new ProxmoxClient({
          baseUrl: proxmox.url,
          tokenId: proxmox.tokenId,
          tokenSecret: proxmox.tokenSecret,
          timeoutMs,
        })
      : unconfiguredProvider('proxmox', 'PROXMOX_URL'),
    reverseDns: powerdns.url
      ? new PowerDnsClient({
          baseUrl: powerdns.url,
          apiKey: powerdns.apiKey,
          serverId: powerdns.serverId,
          timeoutMs,
        })
      : unconfiguredProvider('powerdns', 'POWERDNS_URL'),
  };
}
