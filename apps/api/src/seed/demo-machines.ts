import type { ServiceRow } from '../db/schema/index.ts';
import { demoFreeServers, demoNodes } from './demo-inventory.ts';

/**
 * The simulated machines behind the demo services: which upstream runs each demo domain, its id
 * there, and the spec the datacenter simulator's control API creates it from. One list, so the
 * services' upstream references and the simulator can never disagree.
 */
export interface DemoMachine {
  domain: string;
  provider: NonNullable<ServiceRow['provider']>;
  upstreamId: string;
  /** Control API path that creates the machine; `${path}/${upstreamId}` answers 404 until then. */
  controlPath: string;
  spec: Record<string, unknown>;
}

/** The monthly allowance of the demo dedicated server ('Bandwidth' option, in TB). */
export const DEMO_DEDICATED_BANDWIDTH_TB = 10;
/**
 * The share of its allowance the demo dedicated server moves in a month: a busy server well
 * within its plan, so the usage bar reads like a customer's would on any day of the month.
 */
const DEMO_DEDICATED_MONTHLY_SHARE = 0.4;

export const demoMachines: DemoMachine[] = [
  {
    domain: 'ny-dedi-01.demo.example',
    provider: 'tenantos',
    upstreamId: '1001',
    controlPath: '/_control/tenantos/servers',
    spec: {
      id: 1001,
      servername: 'NY-DED-1001',
      hostname: 'ny-dedi-01.demo.example',
      cpu: { model: 'Intel(R) Xeon(R) E-2288G CPU @ 3.70GHz', cores: 8 },
      memoryMb: 65536,
      disks: [
        { sizeGb: 960, type: 'NVMe' },
        { sizeGb: 960, type: 'NVMe' },
      ],
      subnets: [
        {
          subnet: '203.0.113.8',
          cidr: 29,
          gw: '203.0.113.9',
          ips: ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'],
        },
        { subnet: '2001:db8:100::', cidr: 64, gw: '2001:db8:100::1', ips: ['2001:db8:100::2'] },
        { subnet: '192.168.10.0', cidr: 24, gw: '', ips: ['192.168.10.11'] },
      ],
      powerProvider: 'ipmi',
      bmcReset: true,
      powerState: 'on',
      monthlyTrafficGb: DEMO_DEDICATED_BANDWIDTH_TB * 1000 * DEMO_DEDICATED_MONTHLY_SHARE,
    },
  },
  {
    domain: 'ny-dedi-custom.demo.example',
    provider: 'tenantos',
    upstreamId: '1002',
    controlPath: '/_control/tenantos/servers',
    spec: {
      id: 1002,
      servername: 'NY-DED-1002',
      hostname: 'ny-dedi-custom.demo.example',
      cpu: { model: 'AMD EPYC 9654 96-Core Processor', cores: 96 },
      memoryMb: 1572864,
      disks: [
        { sizeGb: 3840, type: 'NVMe' },
        { sizeGb: 3840, type: 'NVMe' },
        { sizeGb: 16000, type: 'HDD' },
      ],
      subnets: [
        {
          subnet: '203.0.113.16',
          cidr: 28,
          gw: '203.0.113.17',
          ips: ['203.0.113.20', '203.0.113.21', '203.0.113.22', '203.0.113.25'],
        },
        { subnet: '2001:db8:200::10', cidr: 128, gw: '2001:db8:200::1', ips: ['2001:db8:200::10'] },
      ],
      // A colocated build without remote hands: the page shows 'IPMI Controls Unavailable'.
      powerProvider: null,
      bmcReset: false,
      powerState: 'on',
      // Unmetered: a large build serving 20 TB a month.
      monthlyTrafficGb: 20_000,
    },
  },
  {
    domain: 'legacy-vps.demo.example',
    provider: 'virtualizor',
    upstreamId: '2001',
    controlPath: '/_control/virtualizor/vps',
    spec: {
      vpsid: 2001,
      hostname: 'legacy-vps.demo.example',
      cores: 2,
      ram: 2048,
      space: 40,
      bandwidth: 1000,
      osid: 1011,
      status: 1,
      boot: 'cda',
      ips: ['198.51.100.20', '2001:db8:300::20'],
    },
  },
  {
    domain: 'web01.demo.example',
    provider: 'proxmox',
    upstreamId: '101',
    controlPath: '/_control/proxmox/vms',
    spec: {
      vmid: 101,
      node: 'pve-nyc-1',
      name: 'web01.demo.example',
      cores: 4,
      memoryMb: 4096,
      diskGb: 80,
      status: 'running',
      ipv4: ['198.51.100.30/24', '192.168.20.30/24'],
      ipv6: ['2001:db8:400::30/64'],
      gateway4: '198.51.100.1',
      gateway6: '2001:db8:400::1',
      osid: '9000',
    },
  },
  {
    domain: 'staging.demo.example',
    provider: 'proxmox',
    upstreamId: '102',
    controlPath: '/_control/proxmox/vms',
    spec: {
      vmid: 102,
      node: 'pve-nyc-1',
      name: 'staging.demo.example',
      cores: 2,
      memoryMb: 2048,
      diskGb: 40,
      status: 'stopped',
      ipv4: ['198.51.100.31/24'],
      gateway4: '198.51.100.1',
      osid: '9001',
    },
  },
  {
    domain: 'game01.demo.example',
    provider: 'proxmox',
    upstreamId: '103',
    controlPath: '/_control/proxmox/vms',
    spec: {
      vmid: 103,
      node: 'pve-chi-1',
      name: 'game01.demo.example',
      cores: 2,
      memoryMb: 2048,
      diskGb: 40,
      status: 'running',
      ipv4: ['198.51.100.40/24'],
      ipv6: ['2001:db8:500::40/64'],
      gateway4: '198.51.100.1',
      gateway6: '2001:db8:500::1',
      osid: '9000',
    },
  },
  // Storage blocks come after the VMs they attach to: the 250 GB one hangs on web01 (New York);
  // the Chicago one is free, and cannot go on a New York VPS. Their volume names carry vmids no
  // VM has: Proxmox counts a vm-<vmid>-* volume as that VM's own and destroys it when the VM is
  // restored from a backup or removed, which must never take a customer's block with it.
  {
    domain: 'Storage Block 250 GB',
    provider: 'proxmox',
    upstreamId: 'block-nyc:vm-9001-block-1',
    controlPath: '/_control/proxmox/volumes',
    spec: { storage: 'block-nyc', name: 'vm-9001-block-1', sizeGb: 250, attachTo: 101 },
  },
  {
    domain: 'Storage Block 500 GB',
    provider: 'proxmox',
    upstreamId: 'block-chi:vm-9002-block-1',
    controlPath: '/_control/proxmox/volumes',
    spec: { storage: 'block-chi', name: 'vm-9002-block-1', sizeGb: 500 },
  },
];

/** The upstream reference a demo service gets, by domain (none for the unprovisioned ones). */
export function demoUpstreamOf(domain: string): Pick<ServiceRow, 'provider' | 'upstreamId'> {
  const machine = demoMachines.find((m) => m.domain === domain);
  return { provider: machine?.provider ?? null, upstreamId: machine?.upstreamId ?? null };
}

/**
 * Creates the demo machines and the free inventory (demo-inventory.ts) the simulator does not have
 * yet. Existing ones are left alone, so a restart keeps what the demo user did to them (power,
 * reinstalls, hostnames, servers sold to an order). The nodes' notes are written every time, so a
 * simulator state from before address pools existed gets them.
 */
export async function ensureDemoMachines(simulatorUrl: string): Promise<void> {
  for (const node of demoNodes) await post(simulatorUrl, '/_control/proxmox/nodes', node, node.node);
  const inventory = demoFreeServers.map((spec) => ({
    domain: `free server ${String(spec.id)}`,
    upstreamId: String(spec.id),
    controlPath: '/_control/tenantos/servers',
    spec,
  }));
  for (const machine of [...demoMachines, ...inventory]) {
    const existing = await fetch(
      `${simulatorUrl}${machine.controlPath}/${encodeURIComponent(machine.upstreamId)}`,
    );
    if (existing.ok) continue;
    if (existing.status !== 404) {
      throw new Error(
        `The simulator answered ${existing.status} for ${machine.controlPath}/${machine.upstreamId}`,
      );
    }
    await post(simulatorUrl, machine.controlPath, machine.spec, machine.domain);
  }
}

async function post(simulatorUrl: string, path: string, body: unknown, what: string): Promise<void> {
  const created = await fetch(`${simulatorUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!created.ok) throw new Error(`The simulator refused demo ${what}: ${await created.text()}`);
}
