import { isPrivateIp, subnetContains } from './ip-math.ts';
import type { SimServer } from './state.ts';

export const DEFAULT_RDNS_TTL = 3600;
const HOSTNAME = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}\.?$/i;

export interface RdnsRecord {
  ip: string;
  hostname: string;
  ttl: number;
}

/**
 * Whether the server may hold a PTR record for `ip`: an assigned IPv4 address, or any address
 * of an IPv6 subnet routed to it (the customer picks addresses inside the prefix).
 */
export function ownsAddress(server: SimServer, ip: string): boolean {
  return server.subnets.some(
    (s) => s.ips.includes(ip) || (s.subnet.includes(':') && subnetContains(s.subnet, s.cidr, ip)),
  );
}

export function rdnsOf(server: SimServer, ip: string): RdnsRecord {
  const record = server.rdns[ip];
  return { ip, hostname: record?.hostname ?? '', ttl: record?.ttl ?? DEFAULT_RDNS_TTL };
}

export interface RdnsUpdate {
  ip_list: string[];
  hostname_list: string[];
  ttl_list?: number[] | undefined;
}

/** Field errors of an update, keyed like the upstream's validation answer. */
export function rdnsUpdateProblems(server: SimServer, update: RdnsUpdate): Record<string, string[]> {
  const problems: Record<string, string[]> = {};
  const add = (field: string, message: string) => (problems[field] ??= []).push(message);
  if (update.ip_list.length === 0) add('ip_list', 'The ip list field is required.');
  if (update.hostname_list.length !== update.ip_list.length) {
    add('hostname_list', 'The hostname list must have as many entries as the ip list.');
  }
  if (update.ttl_list && update.ttl_list.length !== update.ip_list.length) {
    add('ttl_list', 'The ttl list must have as many entries as the ip list.');
  }
  update.ip_list.forEach((ip, index) => {
    if (!ownsAddress(server, ip)) add(`ip_list.${index}`, `The IP ${ip} is not assigned to this server.`);
    else if (isPrivateIp(ip)) add(`ip_list.${index}`, `Reverse DNS cannot be set for the private IP ${ip}.`);
    const hostname = update.hostname_list[index];
    if (hostname && !HOSTNAME.test(hostname)) {
      add(`hostname_list.${index}`, `${hostname} is not a valid hostname.`);
    }
    const ttl = update.ttl_list?.[index];
    if (ttl !== undefined && (!Number.isInteger(ttl) || ttl < 60 || ttl > 604_800)) {
      add(`ttl_list.${index}`, 'The ttl must be between 60 and 604800 seconds.');
    }
  });
  return problems;
}

/** Applies a checked update; an empty hostname removes the record. */
export function applyRdns(server: SimServer, update: RdnsUpdate): RdnsRecord[] {
  update.ip_list.forEach((ip, index) => {
    const hostname = (update.hostname_list[index] ?? '').replace(/\.$/, '');
    if (hostname === '') delete server.rdns[ip];
    else server.rdns[ip] = { hostname, ttl: update.ttl_list?.[index] ?? DEFAULT_RDNS_TTL };
  });
  return update.ip_list.map((ip) => rdnsOf(server, ip));
}
