import type {
  DedicatedBandwidthSample,
  DedicatedOsTemplate,
  DedicatedPowerFeature,
  DedicatedPowerState,
  DedicatedRdnsEntry,
  DedicatedRebuildStatus,
  DedicatedServer,
} from '@rackdesk/contract';
import type {
  TenantosInstallStatus,
  TenantosNetworkStats,
  TenantosProfile,
  TenantosRdnsRecord,
  TenantosServer,
} from './tenantos-schemas.ts';

/** Tenantos power methods and the names Rackdesk gives them (its own power calls). */
export const powerMethodOf = {
  status: 'getPowerStatus',
  powerOn: 'setPowerOn',
  powerOff: 'setPowerOff',
  powerReset: 'setPowerReset',
  resetBmc: 'setBmcReset',
} as const satisfies Record<DedicatedPowerFeature, string>;

const featureOfMethod = new Map<string, DedicatedPowerFeature>(
  Object.entries(powerMethodOf).map(([feature, method]) => [method, feature as DedicatedPowerFeature]),
);

function memoryMb(
  memory: { value?: number | null | undefined; valueType?: string | undefined } | null | undefined,
) {
  const value = memory?.value ?? 0;
  // Tenantos reports memory in MB; older inventories give GB, which the panel would misread.
  return memory?.valueType?.toUpperCase() === 'GB' ? value * 1024 : value;
}

/**
 * A disk's size in GB (10^9 bytes, as disks are sold), from the unit of the inventory: Tenantos
 * reports MB of 2^20 bytes (`valueType: "mb"`); older inventories give GB or TB.
 */
function diskGb(size: number, valueType: string | undefined): number {
  const unit = valueType?.toUpperCase();
  if (unit === 'GB') return size;
  if (unit === 'TB') return size * 1000;
  return Math.round((size * 2 ** 20) / 1e9);
}

export function toDedicatedServer(server: TenantosServer): DedicatedServer {
  const hardware = server.detailedHardwareInformation;
  return {
    srv_id: server.id,
    servername: server.servername,
    hostname: server.hostname,
    nickname: server.nickname ?? '',
    primaryip: server.primaryip,
    ipassignments: (server.ipassignments ?? []).map((assignment) => ({
      ip: assignment.ip,
      ipAttributes: { isIpv4: assignment.ipAttributes.isIpv4, isIpv6: assignment.ipAttributes.isIpv6 },
      subnetinformation: {
        subnet: assignment.subnetinformation.subnet,
        cidr: assignment.subnetinformation.cidr,
        gw: assignment.subnetinformation.gw,
        netmask: assignment.subnetinformation.netmask,
        type: assignment.subnetinformation.type,
      },
    })),
    detailedHardwareInformation: {
      cpu: { model: hardware?.cpu?.model ?? '' },
      memory: { value: memoryMb(hardware?.memory) },
      disk: (hardware?.disk?.details ?? []).map((disk) => ({
        size: diskGb(disk.size, hardware?.disk?.valueType),
        type: disk.type,
      })),
    },
    powerprovider: server.powerprovider
      ? {
          type: server.powerprovider.type,
          supportedFeatures: (server.powerprovider.supportedFeatures ?? []).flatMap((method) => {
            const feature = featureOfMethod.get(method);
            return feature ? [feature] : [];
          }),
        }
      : null,
    consoleprovider: server.consoleprovider ? { type: server.consoleprovider.type } : null,
  };
}

const POWER_STATES: Record<string, DedicatedPowerState> = {
  on: 'online',
  off: 'offline',
  'powering on': 'starting',
  'powering off': 'stopping',
  resetting: 'rebooting',
};

export function toPowerState(status: string): DedicatedPowerState {
  return POWER_STATES[status.trim().toLowerCase()] ?? 'unknown';
}

export function toOsTemplate(profile: TenantosProfile): DedicatedOsTemplate {
  return {
    id: profile.id,
    name: profile.name,
    disklayouts: (profile.disklayouts ?? []).map((layout) => ({ id: layout.id, name: layout.name })),
    isRescue: profile.isRescue ? 1 : 0,
    isPasswordResetProfile: profile.isPasswordResetProfile ? 1 : 0,
    features: { set_root_password: profile.features?.set_root_password ?? false },
  };
}

/**
 * The documented `running`, `completed` and `canCancelInstallation` decide; the percent and the
 * message come from the progress details when the answer has them, else from the last step of
 * `installProgress`.
 */
export function toRebuildStatus(status: TenantosInstallStatus): DedicatedRebuildStatus {
  const last = status.installProgress?.at(-1);
  const active = status.running ?? status.active ?? false;
  const rawPercent = status.percent ?? last?.percent ?? (status.completed ? 100 : 0);
  return {
    active,
    percent: Math.min(100, Math.max(0, Math.round(rawPercent))),
    message: status.message || last?.message || '',
    update_time: status.update_time == null ? null : Math.floor(status.update_time),
    cancellable: active && (status.canCancelInstallation ?? status.cancellable ?? false),
  };
}

export function toBandwidthSamples(stats: TenantosNetworkStats): DedicatedBandwidthSample[] {
  return stats.stats.map((sample) => ({
    time: sample.time,
    bwrate_in: sample.bwrate_in,
    bwrate_out: sample.bwrate_out,
    traffic_in: sample.traffic_in,
    traffic_out: sample.traffic_out,
  }));
}

export function toRdnsEntry(record: TenantosRdnsRecord, defaultTtl: number): DedicatedRdnsEntry {
  return { ip: record.ip, host: record.hostname, ttl: record.ttl ?? defaultTtl };
}
