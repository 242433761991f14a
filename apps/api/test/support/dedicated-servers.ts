import type { ServiceRow } from '../../src/db/schema/index.ts';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createService } from './fixtures.ts';
import type { TestSimulator } from './simulator.ts';
import type { TestApp } from './test-app.ts';

export type ServerKind = 'ipmi' | 'pdu' | 'none';

/**
 * A simulated Tenantos server as the demo seed defines them: IPMI (with BMC reset and console),
 * PDU (power only) or no remote control. Every server has a public IPv4 /29 with four addresses,
 * an IPv6 /64 and an internal 192.168. address; the id keeps servers' addresses apart (ids below 30 apart).
 */
export function serverSpec(id: number, kind: ServerKind = 'ipmi') {
  const octet = id % 200;
  const base = (id % 30) * 8;
  const v4 = (host: number) => `203.0.113.${base + host}`;
  return {
    id,
    servername: `NYC-DED-${id}`,
    hostname: `ded${id}.example.net`,
    cpu: { model: 'AMD EPYC 7443P 24-Core Processor', cores: 24 },
    memoryMb: kind === 'none' ? 1_572_864 : 65_536,
    disks: [
      { sizeGb: 960, type: 'NVMe' },
      { sizeGb: 960, type: 'NVMe' },
    ],
    subnets: [
      { subnet: v4(0), cidr: 29, gw: v4(1), ips: [v4(2), v4(3), v4(4), v4(5)] },
      { subnet: `2001:db8:${octet}::`, cidr: 64, gw: `2001:db8:${octet}::1`, ips: [`2001:db8:${octet}::2`] },
      { subnet: '192.168.10.0', cidr: 24, gw: '', ips: [`192.168.10.${octet}`] },
    ],
    powerProvider: kind === 'none' ? null : kind,
    bmcReset: kind === 'ipmi',
    powerState: 'on',
  };
}

/** The public IPv4 addresses of a server made by serverSpec. */
export const publicIps = (id: number) => serverSpec(id).subnets[0]!.ips;
export const ipv6Of = (id: number) => serverSpec(id).subnets[1]!.ips[0]!;
export const internalIpOf = (id: number) => serverSpec(id).subnets[2]!.ips[0]!;

/** Forgets the server and creates it again: power on, nothing running, no rDNS, no nickname. */
export async function resetServer(sim: TestSimulator, id: number, kind: ServerKind = 'ipmi') {
  await sim.control('DELETE', `/tenantos/servers/${id}`);
  const answer = (await sim.control('POST', '/tenantos/servers', serverSpec(id, kind))) as {
    server?: unknown;
  };
  if (!answer?.server) throw new Error(`the simulator refused server ${id}: ${JSON.stringify(answer)}`);
}

/** A dedicated service of `userId` running on simulated server `serverId`. */
export function createDedicatedService(
  t: TestApp,
  userId: number,
  serverId: number,
  values: Partial<ServiceRow> = {},
): Promise<ServiceRow> {
  return createService(t, userId, {
    productId: DemoProduct.instantE3NewYork,
    domain: `ded${serverId}.example.net`,
    provider: 'tenantos',
    upstreamId: String(serverId),
    configOptions: [{ id: 1, option: 'Bandwidth', type: 'dropdown', value: '10' }],
    ...values,
  });
}
