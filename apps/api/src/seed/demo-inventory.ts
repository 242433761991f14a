/**
 * What the demo's datacenter has free to sell: racked dedicated servers waiting for an order of
 * their instant product (found by the product's `serverTag`, see the catalogue's provisioning
 * data), and the address pools of the Proxmox locations new VPSs take their IPv4 addresses from.
 * The simulator is seeded with them (ensureDemoMachines), so a demo order is provisioned for real.
 */
interface InventoryModel {
  /** The instant product's `provisioning.serverTag`. */
  tag: string;
  prefix: string;
  cpu: { model: string; cores: number };
  memoryMb: number;
  disks: { sizeGb: number; type: 'HDD' | 'SSD' | 'NVMe' }[];
  /** Free servers of the model (a sold-out product has none). */
  count: number;
}

const disks = (count: number, sizeGb: number, type: 'SSD' | 'NVMe') =>
  Array.from({ length: count }, () => ({ sizeGb, type }));

const models: InventoryModel[] = [
  {
    tag: 'instant-e3-1230v6-nyc',
    prefix: 'NY-E3',
    cpu: { model: 'Intel(R) Xeon(R) CPU E3-1230 v6 @ 3.50GHz', cores: 4 },
    memoryMb: 32768,
    disks: disks(2, 480, 'SSD'),
    count: 2,
  },
  {
    tag: 'instant-2x-e5-2680v4-nyc',
    prefix: 'NY-E5',
    cpu: { model: 'Intel(R) Xeon(R) CPU E5-2680 v4 @ 2.40GHz', cores: 28 },
    memoryMb: 131072,
    disks: disks(4, 960, 'SSD'),
    count: 2,
  },
  {
    tag: 'instant-e-2288g-nyc',
    prefix: 'NY-E2288',
    cpu: { model: 'Intel(R) Xeon(R) E-2288G CPU @ 3.70GHz', cores: 8 },
    memoryMb: 65536,
    disks: disks(2, 960, 'NVMe'),
    count: 2,
  },
  {
    tag: 'instant-ryzen-5950x-nyc',
    prefix: 'NY-R9',
    cpu: { model: 'AMD Ryzen 9 5950X 16-Core Processor', cores: 16 },
    memoryMb: 131072,
    disks: disks(3, 1000, 'NVMe'),
    count: 2,
  },
  {
    tag: 'instant-e3-1240v5-chi',
    prefix: 'CHI-E3',
    cpu: { model: 'Intel(R) Xeon(R) CPU E3-1240 v5 @ 3.50GHz', cores: 4 },
    memoryMb: 32768,
    disks: disks(2, 480, 'SSD'),
    count: 2,
  },
  {
    tag: 'instant-e-2136-chi',
    prefix: 'CHI-E2136',
    cpu: { model: 'Intel(R) Xeon(R) E-2136 CPU @ 3.30GHz', cores: 6 },
    memoryMb: 32768,
    disks: disks(1, 1000, 'NVMe'),
    count: 2,
  },
  {
    tag: 'instant-2x-silver-4214-chi',
    prefix: 'CHI-S4214',
    cpu: { model: 'Intel(R) Xeon(R) Silver 4214 CPU @ 2.20GHz', cores: 24 },
    memoryMb: 196608,
    disks: disks(4, 1920, 'SSD'),
    count: 2,
  },
];

const FIRST_ID = 3001;
/** Each free server has a public /29 of 203.0.113.64/26 and on: four usable addresses. */
const FIRST_SUBNET = 64;

/** The free servers as the Tenantos simulator's control API creates them. */
export const demoFreeServers: Record<string, unknown>[] = models.flatMap((model, m) =>
  Array.from({ length: model.count }, (_, n) => {
    const index = models.slice(0, m).reduce((sum, earlier) => sum + earlier.count, 0) + n;
    const id = FIRST_ID + index;
    const base = FIRST_SUBNET + index * 8;
    const ip = (offset: number) => `203.0.113.${base + offset}`;
    return {
      id,
      servername: `${model.prefix}-${id}`,
      hostname: `${model.prefix.toLowerCase()}-${id}.stock.rackdesk.example`,
      cpu: model.cpu,
      memoryMb: model.memoryMb,
      disks: model.disks,
      subnets: [{ subnet: ip(0), cidr: 29, gw: ip(1), ips: [ip(2), ip(3)] }],
      powerProvider: 'ipmi',
      bmcReset: true,
      powerState: 'off',
      tags: [model.tag],
    };
  }),
);

/** The Proxmox nodes with their location and the pool their new VMs take addresses from. */
export const demoNodes = [
  {
    node: 'pve-nyc-1',
    location: 'New York',
    notes: ['IPv4 pool: 198.51.100.64-198.51.100.95 prefix 24 gateway 198.51.100.1'],
  },
  {
    node: 'pve-chi-1',
    location: 'Chicago',
    notes: ['IPv4 pool: 198.51.100.96-198.51.100.127 prefix 24 gateway 198.51.100.1'],
  },
];
