import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from './clock.ts';
import type { Store } from './store.ts';

/** Credentials each simulated upstream accepts, in that upstream's own form. */
export interface Credentials {
  /** Proxmox VE API token: header `Authorization: PVEAPIToken=<tokenId>=<secret>`. */
  proxmox: { tokenId: string; secret: string };
  /** Tenantos: header `Authorization: Bearer <apiKey>`. */
  tenantos: { apiKey: string };
  /** Virtualizor end-user API: query `apikey` and `apipass`. */
  virtualizor: { apiKey: string; apiPass: string };
  /** PowerDNS Authoritative HTTP API: header `X-API-Key: <apiKey>`. */
  powerdns: { apiKey: string };
}

/**
 * What every simulated upstream gets: the persistent store (take a section named after the
 * upstream and call `save()` after each change), the simulated clock, the credentials to check,
 * and `timeScale` (durations of simulated operations are multiplied by it: 1 for demos, smaller
 * for quick runs).
 */
export interface SimContext {
  store: Store;
  clock: Clock;
  credentials: Credentials;
  timeScale: number;
  log: FastifyBaseLogger;
}

export const defaultCredentials: Credentials = {
  proxmox: { tokenId: 'rackdesk@pve!panel', secret: 'datacenter-simulator-secret' },
  tenantos: { apiKey: 'datacenter-simulator-key' },
  virtualizor: { apiKey: 'datacentersimulatorkey', apiPass: 'datacentersimulatorpass' },
  powerdns: { apiKey: 'datacenter-simulator-dns-key' },
};
