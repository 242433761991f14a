import { type DedicatedServer, isInternalIp } from '@rackdesk/contract';
import { AppError } from '../../http/errors.ts';
import type { DedicatedProvider } from '../../providers/dedicated/index.ts';
import type { RdnsBackend, RdnsTarget } from './rdns-backend.ts';

type Addresses = Pick<DedicatedServer, 'ipassignments'>;

const assignmentOf = (server: Addresses, ip: string) =>
  server.ipassignments.find((candidate) => candidate.ip.toLowerCase() === ip.toLowerCase());

/** Why the rDNS of an address cannot be read from this server, or null: it is not the server's. */
export function rdnsReadRefusal(server: Addresses, ip: string): string | null {
  return assignmentOf(server, ip) ? null : `The IP ${ip} is not assigned to this server.`;
}

/** Why the rDNS of an address cannot be changed, or null: internal (192.168.) and private ones are read-only. */
export function rdnsSaveRefusal(server: Addresses, ip: string): string | null {
  const assignment = assignmentOf(server, ip);
  if (!assignment) return rdnsReadRefusal(server, ip);
  if (isInternalIp(ip) || assignment.subnetinformation.type === 'private') {
    return `Reverse DNS cannot be set for the internal IP ${ip}.`;
  }
  return null;
}

/** Throws the 422 of the first refused address, keyed like the request field (`ip_list.N`). */
function assertEvery(ips: readonly string[], refusal: (ip: string) => string | null) {
  ips.forEach((ip, index) => {
    const problem = refusal(ip);
    if (problem) throw AppError.invalid(`ip_list.${index}`, problem);
  });
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
