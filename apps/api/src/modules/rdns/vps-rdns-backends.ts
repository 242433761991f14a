import { isInternalIp, type RdnsEntry } from '@rackdesk/contract';
import type { ReverseDnsProvider } from '../../providers/dns/index.ts';
import { DEFAULT_PTR_TTL, reverseNameOf } from '../../providers/dns/index.ts';
import type { ProxmoxProvider } from '../../providers/proxmox/index.ts';
import type { VpsProvider } from '../../providers/vps/index.ts';
import type { RdnsBackend } from './rdns-backend.ts';
import { assertEvery, internalRefusal, notAssigned, type Refusal } from './rdns-refusals.ts';

/**
 * rDNS of a VPS: its platform says which addresses it holds, the provider's DNS service holds
 * the PTR records. An address the VPS does not hold is refused before DNS is asked, so one
 * customer can never read or change the record of another's address.
 */
function dnsBackend(
  addressesOf: (upstreamId: number) => Promise<string[]>,
  saveRefusal: Refusal,
  dns: ReverseDnsProvider,
): RdnsBackend {
  const assertHeld = async (upstreamId: string, ips: readonly string[], refusal: Refusal | null) => {
    // Compared by reverse name, so '2001:db8::1' and '2001:DB8:0::1' are the same address.
    const held = new Set((await addressesOf(Number(upstreamId))).map(reverseNameOf));
    assertEvery(ips, (ip) => (held.has(reverseNameOf(ip)) ? (refusal?.(ip) ?? null) : notAssigned(ip)));
  };
  return {
    async read(target, ips) {
      await assertHeld(target.upstreamId, ips, null);
      // Internal addresses have no public reverse zone: there is nothing to ask DNS about.
      const asked = ips.filter((ip) => !isInternalIp(ip));
      const found = new Map((asked.length ? await dns.getPtr(asked) : []).map((entry) => [entry.ip, entry]));
      return ips.map((ip): RdnsEntry => found.get(ip) ?? { ip, host: '', ttl: DEFAULT_PTR_TTL });
    },
    async save(target, changes) {
      await assertHeld(
        target.upstreamId,
        changes.map((change) => change.ip),
        saveRefusal,
      );
      return dns.setPtr(changes);
    },
  };
}

/** First-generation VPS: the addresses Virtualizor lists for it; internal ones are read-only. */
export const virtualizorRdnsBackend = (vps: VpsProvider, dns: ReverseDnsProvider) =>
  dnsBackend(async (vpsId) => Object.values((await vps.getVps(vpsId)).ips), internalRefusal, dns);

/** VPS v2: only its public IPv4 addresses take a PTR record here (servers spec §2 VPS v2 Network). */
const proxmoxSaveRefusal: Refusal = (ip) =>
  ip.includes(':') ? `Reverse DNS of the IPv6 address ${ip} is managed by support.` : internalRefusal(ip);

export const proxmoxRdnsBackend = (proxmox: ProxmoxProvider, dns: ReverseDnsProvider) =>
  dnsBackend(
    async (vmid) => {
      const { ipv4, ipv6 } = (await proxmox.getServer(vmid)).ips;
      return [...ipv4, ...ipv6];
    },
    proxmoxSaveRefusal,
    dns,
  );
