// Reverse DNS of VPS addresses: what the panel needs and the PowerDNS client behind it.
export type { PtrChange, ReverseDnsProvider } from './reverse-dns-provider.ts';
export { PowerDnsClient, type PowerDnsClientOptions } from './powerdns-client.ts';
export { ReverseDnsText } from './powerdns-errors.ts';
export { reverseNameOf } from './reverse-names.ts';
export { DEFAULT_PTR_TTL } from './ptr-mapper.ts';
