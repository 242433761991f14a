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

/** Disk sizes as the inventory reads them: MB of 2^20 bytes, while disks are sold in GB of 10^9. */
const mbOf = (gb: number) => Math.round((gb * 1e9) / 2 ** 20);
/** The clock the inventory reports when the model name gives none. */
const DEFAULT_CPU_MHZ = 2800;

/**
 * `detailedHardwareInformation` in Tenantos's units: the CPU's clock in MHz with its cores,
 * memory and disks in MB (`valueType: "mb"`), numbers from the inventory as strings.
 */
function hardwareOf(server: SimServer) {
  const ghz = /@\s*([\d.]+)\s*GHz/i.exec(server.cpu.model)?.[1];
  const models = new Set(server.disks.map((disk) => disk.model));
  return {
    cpu: {
      model: server.cpu.model,
      value: String(ghz ? Math.round(Number(ghz) * 1000) : DEFAULT_CPU_MHZ),
      count: 1,
      valueType: 'MHz',
      cores: String(server.cpu.cores),
    },
    memory: { model: 'DDR4 ECC', value: server.memoryMb, count: 1, valueType: 'mb' },
    disk: {
      model: models.size > 1 ? 'multiple' : (server.disks[0]?.model ?? ''),
      value: server.disks.reduce((sum, disk) => sum + mbOf(disk.sizeGb), 0),
      count: server.disks.length,
      valueType: 'mb',
      // `type` is the simulator's addition: the panel shows it beside the size.
      details: server.disks.map((disk) => ({
        model: disk.model,
        size: String(mbOf(disk.sizeGb)),
        type: disk.type,
      })),
    },
  };
}

/**
 * The server in the shape of `GET /api/servers/{id}` and of each entry of `GET /api/servers`;
 * call after settling its state. `now` is the simulated time, epoch milliseconds.
 */
export function presentServer(server: SimServer, now: number) {
  const kind = isInstallRunning(server) ? server.install?.kind : undefined;
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
    detailedHardwareInformation: hardwareOf(server),
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
