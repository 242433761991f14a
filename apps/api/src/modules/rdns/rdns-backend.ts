import type { RdnsEntry } from '@rackdesk/contract';
import type { ServiceRow } from '../../db/schema/index.ts';

/** The provisioned server whose addresses an rDNS call is about. */
export interface RdnsTarget {
  service: ServiceRow;
  /** The server's id on its platform. */
  upstreamId: string;
}

/** One rDNS change: an empty host removes the record; without a TTL the platform's default applies. */
export interface RdnsChange {
  ip: string;
  host: string;
  ttl?: number | undefined;
}

/**
 * Reverse DNS on one platform. The service checks who may call and whether the service may be
 * changed; a backend knows which addresses belong to the server and which of them take a PTR
 * record, and refuses the others with a 422 naming the field (`ip_list.N`).
 */
export interface RdnsBackend {
  read(target: RdnsTarget, ips: readonly string[]): Promise<RdnsEntry[]>;
  save(target: RdnsTarget, changes: readonly RdnsChange[]): Promise<RdnsEntry[]>;
}
