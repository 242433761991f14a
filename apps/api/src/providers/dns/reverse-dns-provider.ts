import type { RdnsEntry } from '@rackdesk/contract';

/** One PTR change: an empty host removes the record; without a TTL the record keeps its own (or the default). */
export interface PtrChange {
  ip: string;
  host: string;
  ttl?: number | undefined;
}

/**
 * What the panel needs from the provider's DNS service for the reverse DNS of VPS addresses
 * (servers spec §7 `GET/POST services/{id}/rdns` with type 'proxmox'), answering the spec's §3
 * "rDNS entry" {ip, host, ttl}. Which addresses belong to the customer is the caller's business;
 * this only reads and writes PTR records.
 *
 * Errors: an invalid address, hostname or TTL, or an address outside every reverse zone, is
 * AppError 422 on the request field (`ip_list.N`, `hostname_list.N`, `ttl_list.N`), before
 * anything is sent; a zone that disappears meanwhile is AppError 404; anything else is
 * UpstreamError (502, or 504 when the DNS service did not answer in time).
 */
export interface ReverseDnsProvider {
  /** The PTR record of each address, in the order asked; host '' when there is none. */
  getPtr(ips: readonly string[]): Promise<RdnsEntry[]>;
  /** Sets (or, with an empty host, removes) the PTR record of each address; answers the entries as saved. */
  setPtr(changes: readonly PtrChange[]): Promise<RdnsEntry[]>;
}
