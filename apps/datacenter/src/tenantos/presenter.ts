import { ipVersion } from './ip-math.ts';
import { powerStatus, supportedPowerMethods } from './power.ts';
import { isInstallRunning } from './provisioning.ts';
import type { SimServer } from './state.ts';
import { lastBwrate, trafficStatistics } from './traffic.ts';

/** Tenantos's cached power status words, from the IPMI status. */
const CACHED_POWER_STATUS = { on: 'online', off: 'offline' } as const;

const flag = (value: boolean) => (value ? 1 : 0);

/** The server's IP assignments in the shape of `GET /api/servers/{id}/ipassignments`. */
export function presentIpAssignments(server: SimServer) {
  // Ids derive from the server id and position, so the same address keeps its id across reads.
  const rows = server.subnets.flatMap((subnet, index) =>
    subnet.ips.map((ip) => ({ ip, subnet, subnetId: server.id * 100 + index + 1 })),
  );
  return rows.map(({ ip, subnet, subnetId }, index) => {
    const version = ipVersion(ip);
    return {
      id: server.id * 1000 + index + 1,
      server_id: server.id,
      subnet_id: subnetId,
      ip,
      primary_ip: ip === server.primaryip ? 1 : 0,
      // 0/1 flags, as Tenantos sends them.
      ipAttributes: { isIpv4: flag(version === 4), isIpv6: flag(version === 6), isSubnet: 0 },
      subnetinformation: {
        id: subnetId,
        subnet: subnet.subnet,
        cidr: subnet.cidr,
        gw: subnet.gw,
        netmask: subnet.netmask,
        // Tenantos documents 'v4'/'v6' here; the simulator says whether the subnet is public.
        type: subnet.type,
        rdnsAvailable: flag(subnet.type !== 'private'),
      },
    };
  });
}

/**
 * The server in the shape of `GET /api/servers/{id}` and of each entry of `GET /api/servers`;
 * call after settling its state. `now` is the simulated time, epoch milliseconds.
 */
export function presentServer(server: SimServer, now: number) {
  const kind = isInstallRunning(server) ? server.install?.kind : undefined;
  const diskTotalGb = server.disks.reduce((sum, disk) => sum + disk.sizeGb, 0);
  return {
    id: server.id,
    servername: server.servername,
    hostname: server.hostname,
    nickname: server.nickname,
    user_id: 2,
    os: server.os,
    servertype: 'dedicated',
    typeOfServer: 'dedicated',
    isExternalServer: 0,
    suspendedUserIds: [],
    primaryip: server.primaryip,
    reinstallationprovider: 'pxe',
    tags: server.tags ?? [],
    description: server.description ?? '',
    detailedHardwareInformation: {
      cpu: { model: server.cpu.model, value: server.cpu.cores, count: 1, valueType: 'cores' },
      memory: { model: 'DDR4 ECC', value: server.memoryMb, count: 1, valueType: 'MB' },
      disk: {
        model: server.disks[0]?.model ?? '',
        value: diskTotalGb,
        count: server.disks.length,
        valueType: 'GB',
        details: server.disks.map((disk) => ({ model: disk.model, size: disk.sizeGb, type: disk.type })),
      },
    },
    powerprovider: server.powerProvider
      ? { type: server.powerProvider, supportedFeatures: supportedPowerMethods(server) }
      : null,
    consoleprovider: server.powerProvider === 'ipmi' ? { type: 'ipmi' } : null,
    ipassignments: presentIpAssignments(server),
    reinstallationRunning: flag(kind === 'install'),
    rescueBootRunning: flag(kind === 'rescue'),
    passwordResetRunning: flag(kind === 'passwordReset'),
    diskwipeRunning: 0,
    hardwarecollectRunning: 0,
    cachedPowerstatus: server.powerProvider
      ? (CACHED_POWER_STATUS[powerStatus(server) as 'on' | 'off'] ?? 'unknown')
      : 'unknown',
    trafficStatistics: trafficStatistics(server, Math.floor(now / 1000)),
    lastBwrate: lastBwrate(server, Math.floor(now / 1000)),
  };
}
