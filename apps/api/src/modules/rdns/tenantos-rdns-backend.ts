import type { DedicatedServer } from '@rackdesk/contract';
import type { DedicatedProvider } from '../../providers/dedicated/index.ts';
import type { RdnsBackend, RdnsTarget } from './rdns-backend.ts';
import { assertEvery, internalRefusal, notAssigned } from './rdns-refusals.ts';

type Addresses = Pick<DedicatedServer, 'ipassignments'>;

const assignmentOf = (server: Addresses, ip: string) =>
  server.ipassignments.find((candidate) => candidate.ip.toLowerCase() === ip.toLowerCase());

/** Why the rDNS of an address cannot be read from this server, or null: it is not the server's. */
export function rdnsReadRefusal(server: Addresses, ip: string): string | null {
  return assignmentOf(server, ip) ? null : notAssigned(ip);
}

/** Why the rDNS of an address cannot be changed, or null: internal (192.168.) and private ones are read-only. */
export function rdnsSaveRefusal(server: Addresses, ip: string): string | null {
  const assignment = assignmentOf(server, ip);
  if (!assignment) return rdnsReadRefusal(server, ip);
  if (assignment.subnetinformation.type === 'private')
    return `Reverse DNS cannot be set for the internal IP ${ip}.`;
  return internalRefusal(ip);
}

/** rDNS of dedicated servers, through the Tenantos adapter. */
export function tenantosRdnsBackend(provider: DedicatedProvider): RdnsBackend {
  const serverOf = async (target: RdnsTarget) => {
    const serverId = Number(target.upstreamId);
    return { serverId, server: await provider.getServer(serverId) };
  };
  return {
    async read(target, ips) {
      const { serverId, server } = await serverOf(target);
      assertEvery(ips, (ip) => rdnsReadRefusal(server, ip));
      return provider.getRdns(serverId, ips);
    },
    async save(target, changes) {
      const { serverId, server } = await serverOf(target);
      assertEvery(
        changes.map((change) => change.ip),
        (ip) => rdnsSaveRefusal(server, ip),
      );
      return provider.saveRdns(serverId, changes);
    },
  };
}
