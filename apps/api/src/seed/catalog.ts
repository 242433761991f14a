import {
  type BillingCycleName,
  billingCycles,
  type ConfigOptionRole,
  type CustomFieldName,
  type DiskLayout,
  ProductGroup,
} from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client.ts';
import {
  configOptions,
  configOptionValues,
  departments,
  osTemplates,
  productCustomFields,
  productGroups,
  productOsTemplates,
  products,
  promoCodes,
} from '../db/schema/index.ts';

/**
 * The demo catalogue (API.md "Demo data"): a cloud provider's price list with the spec's groups,
 * every billing cycle, setup fees on dedicated servers, configuration options, custom fields, OS
 * templates, stock (one product out of stock, one nearly) and promotion codes of every kind.
 * Everything has fixed ids, so seeding again changes nothing and tests can name what they use.
 */

/** Product ids the demo data and tests refer to. */
export const DemoProduct = {
  ddosVps2G: 101,
  virtualServer4G: 102,
  dw2gNewYork: 201,
  dw4gNewYork: 202,
  dw8gNewYork: 203,
  dwCpu4gNewYork: 204,
  dwCpu8gNewYork: 205,
  dw16gNewYork: 206,
  dw2gChicago: 211,
  dw4gChicago: 212,
  dwCpu4gChicago: 213,
  instantE3NewYork: 301,
  /** Three left: the catalogue tags it '3 left'. */
  instantDualE5NewYork: 302,
  instantE3Chicago: 303,
  instantE2288gNewYork: 304,
  instantRyzenNewYork: 305,
  /** Stock control on and none left. */
  instantEpycNewYork: 306,
  instantE2136Chicago: 307,
  instantDualSilverChicago: 308,
  customDedicatedNewYork: 311,
  storageNewYork: 322,
  storageChicago: 323,
  managedBackup: 401,
} as const;

/** Promotion codes of every kind (codes are matched case-insensitively). */
export const DemoPromo = {
  /** 10 % off the first invoice. */
  percentOnce: 'WELCOME10',
  /** $5.00 off the first invoice. */
  fixedOnce: 'SAVE5',
  /** 20 % off the first invoice and the next 3 renewals. */
  percentRecurring3: 'LOYAL20',
  /** $2.00 off every invoice, for life. */
  fixedLifetime: 'FOREVER2',
  /** 15 % off, only for annual and biennial cycles. */
  annualOnly: 'ANNUAL15',
  /** $25.00 off the first invoice of an instant dedicated server only. */
  dedicatedOnly: 'DEDI25',
  /** Expired: answered as invalid. */
  expired: 'SUMMER23',
  /** Starts in the future: answered as invalid. */
  notStarted: 'LAUNCH2099',
  /** Every use taken: answered as invalid. */
  usedUp: 'FIRST100',
} as const;

/** The stock of every stock-controlled product that is neither low nor out. */
export const DEMO_STOCK = 25;

const groups = Object.values(ProductGroup).map((group, index) => ({ ...group, sortOrder: index }));

/** Share off the monthly price per cycle length: the usual reward for paying further ahead. */
const cycleDiscount: Record<BillingCycleName, { months: number; off: number }> = {
  monthly: { months: 1, off: 0 },
  quarterly: { months: 3, off: 0.03 },
  semiannually: { months: 6, off: 0.05 },
  annually: { months: 12, off: 0.1 },
  biennially: { months: 24, off: 0.15 },
  triennially: { months: 36, off: 0.2 },
};

type PriceColumns = Pick<
  typeof products.$inferInsert,
  `${BillingCycleName}PriceCents` | `${BillingCycleName}SetupCents`
>;

/**
 * The price columns of something sold at `monthlyCents` a month in `cycles` (others not offered),
 * longer cycles discounted, with setup fees per cycle.
 */
function priced(
  monthlyCents: number,
  cycles: readonly BillingCycleName[],
  setupCents: Partial<Record<BillingCycleName, number>> = {},
): PriceColumns {
  const columns = {} as PriceColumns;
  for (const cycle of billingCycles) {
    const { months, off } = cycleDiscount[cycle];
    columns[`${cycle}PriceCents`] = cycles.includes(cycle)
      ? Math.round(monthlyCents * months * (1 - off))
      : null;
    columns[`${cycle}SetupCents`] = setupCents[cycle] ?? 0;
  }
  return columns;
}

const allCycles = billingCycles;
/** Dedicated servers are not sold for three years ahead. */
const dedicatedCycles = billingCycles.filter((cycle) => cycle !== 'triennially');
const storageCycles: BillingCycleName[] = ['monthly', 'quarterly', 'semiannually', 'annually'];

interface ChoiceSeed {
  name: string;
  value: string;
  monthlyCents?: number;
  setupCents?: Partial<Record<BillingCycleName, number>>;
  hidden?: boolean;
  diskLayouts?: DiskLayout[];
}

interface OptionSeed {
  name: string;
  type?: '1' | '3';
  role?: ConfigOptionRole;
  hidden?: boolean;
  choices: ChoiceSeed[];
}

interface ProductSeed {
  row: Omit<typeof products.$inferInsert, keyof PriceColumns> & { prices: PriceColumns };
  cycles: readonly BillingCycleName[];
  options?: OptionSeed[];
  customFields?: CustomFieldName[];
  osTemplates?: string[];
}

/** A VPS v2 plan's description: the lines plan upgrades read cores, memory and storage from. */
const plan = (cores: number, memoryGb: number, diskGb: number, bandwidthTb: number, cpuOptimized = false) =>
  [
    `${cores} ${cpuOptimized ? 'CPU Optimized Cores (5GHz+)' : 'vCPU Cores'}`,
    `${memoryGb} GB DDR5 RAM`,
    `${diskGb} GB NVMe Storage`,
    `${bandwidthTb} TB Bandwidth`,
  ].join('\n');

// ---- Operating systems -------------------------------------------------------------------

/**
 * VPS v2 templates: the names of the template VMs the Proxmox platform clones (the simulator has
 * each), installed by `custom_os_id`. Prebuilt images are named PRECONFIG-web/gaming/desktop-….
 */
const vpsTemplates = [
  'debian-12',
  'debian-11',
  'ubuntu-24.04',
  'ubuntu-22.04',
  'centos-stream-9',
  'almalinux-9',
  'windows-server-2022',
  'PRECONFIG-web-lamp',
  'PRECONFIG-gaming-minecraft',
  'PRECONFIG-desktop-xfce',
] as const;
/** Retired: kept for the services installed with it, offered to nobody. */
const retiredVpsTemplate = 'centos-7';
/** Windows and a desktop need more than 2 GB of memory. */
const smallPlanTemplates = vpsTemplates.filter(
  (name) => name !== 'windows-server-2022' && name !== 'PRECONFIG-desktop-xfce',
);

/**
 * Instant dedicated servers' operating systems: the value is the reinstallation profile the
 * dedicated platform installs, with the RAID layouts that profile can build.
 */
const dedicatedOs: ChoiceSeed[] = [
  { name: 'Debian 12', value: 'Debian 12 (Bookworm)', diskLayouts: ['RAID 0', 'RAID 1', 'RAID 5'] },
  {
    name: 'Ubuntu 24.04 LTS',
    value: 'Ubuntu 24.04 LTS',
    diskLayouts: ['RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'],
  },
  { name: 'AlmaLinux 9', value: 'AlmaLinux 9', diskLayouts: ['RAID 1'] },
  { name: 'Rocky Linux 9', value: 'Rocky Linux 9', diskLayouts: ['RAID 1'] },
  {
    name: 'Windows Server 2022 Standard',
    value: 'Windows Server 2022 Standard',
    monthlyCents: 2500,
    diskLayouts: ['RAID 1'],
  },
  { name: 'Proxmox VE 8', value: 'Proxmox VE 8', diskLayouts: ['RAID 1', 'RAID 10'] },
  // End of life: no longer installed on new orders.
  { name: 'CentOS 7', value: 'CentOS 7', hidden: true, diskLayouts: ['RAID 1'] },
];

const templateRows: (typeof osTemplates.$inferInsert)[] = [
  ...vpsTemplates.map((name, index) => ({ id: index + 1, name, sortOrder: index })),
  { id: 11, name: retiredVpsTemplate, hidden: true, sortOrder: 10 },
  ...dedicatedOs.map((os, index) => ({
    id: 21 + index,
    name: os.value,
    diskLayouts: os.diskLayouts,
    hidden: os.hidden ?? false,
    sortOrder: 20 + index,
  })),
];

// ---- Option builders -----------------------------------------------------------------------

const diskLayoutOption: OptionSeed = {
  name: 'Disk Layout',
  role: 'disk_layout',
  choices: ['None', 'RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'].map((layout) => ({
    name: layout,
    value: layout,
  })),
};

/** The monthly transfer of a dedicated server, in TB ('0': unmetered), as its page reads it. */
const bandwidthOption: OptionSeed = {
  name: 'Bandwidth',
  choices: [
    { name: '10 TB (1 Gbps)', value: '10' },
    { name: '20 TB (1 Gbps)', value: '20', monthlyCents: 1500 },
    { name: '50 TB (10 Gbps)', value: '50', monthlyCents: 4900 },
    { name: 'Unmetered (1 Gbps)', value: '0', monthlyCents: 9900 },
  ],
};

const dedicatedOptions: OptionSeed[] = [
  { name: 'Operating System', role: 'operating_system', choices: dedicatedOs },
  diskLayoutOption,
  bandwidthOption,
];

/** The VPS location: the group's own; another shown as 'Unavailable' until it opens. */
const locationOption = (location: 'New York' | 'Chicago'): OptionSeed => ({
  name: 'Location',
  role: 'location',
  choices: [
    { name: location, value: location },
    { name: 'Los Angeles', value: 'Los Angeles', hidden: true },
  ],
});

/** One IPv4 address comes with every VPS; up to four more at $3.00 each (value: extra addresses). */
const ipv4Option: OptionSeed = {
  name: 'IPv4 Addresses',
  role: 'ipv4',
  choices: [
    { name: '1 IPv4 (included)', value: '0' },
    ...[1, 2, 3, 4].map((extra) => ({
      name: `${extra + 1} IPv4 (${extra} additional)`,
      value: String(extra),
      monthlyCents: extra * 300,
    })),
  ],
};

/** Checkboxes (type '3') listed under 'Additional options'. */
const vpsExtras = (backupCents: number): OptionSeed[] => [
  {
    name: 'Daily Backups',
    type: '3',
    choices: [{ name: 'Daily Backups', value: '1', monthlyCents: backupCents }],
  },
  {
    name: 'Advanced DDoS Protection',
    type: '3',
    choices: [{ name: 'Advanced DDoS Protection', value: '1', monthlyCents: 500 }],
  },
];

const storageSizeOption: OptionSeed = {
  name: 'Storage Size',
  role: 'storage_size',
  // $5.00 per 100 GB a month.
  choices: [100, 250, 500, 1000, 2000].map((gb) => ({
    name: `${gb} GB`,
    value: String(gb),
    monthlyCents: gb * 5,
  })),
};

// ---- Products ------------------------------------------------------------------------------

function vps(
  id: number,
  location: 'New York' | 'Chicago',
  name: string,
  spec: { cores: number; memoryGb: number; diskGb: number; bandwidthTb: number; cpuOptimized?: boolean },
  monthlyCents: number,
): ProductSeed {
  const stockControlled = spec.cpuOptimized === true;
  return {
    row: {
      id,
      groupId: location === 'New York' ? ProductGroup.cloudVpsNewYork.id : ProductGroup.cloudVpsChicago.id,
      name,
      description: plan(spec.cores, spec.memoryGb, spec.diskGb, spec.bandwidthTb, spec.cpuOptimized),
      prices: priced(monthlyCents, allCycles),
      // The 5GHz+ hosts are few: those plans are sold while capacity lasts.
      stockControl: stockControlled,
      stockLevel: stockControlled ? DEMO_STOCK : 0,
      provisioning: { cores: spec.cores, memoryMb: spec.memoryGb * 1024, diskGb: spec.diskGb, location },
    },
    cycles: allCycles,
    options: [locationOption(location), ipv4Option, ...vpsExtras(Math.max(200, monthlyCents / 5))],
    customFields: ['custom_os_id', 'ssh_key_ids'],
    osTemplates: [...(spec.memoryGb > 2 ? vpsTemplates : smallPlanTemplates), retiredVpsTemplate],
  };
}

function dedicated(
  id: number,
  location: 'New York' | 'Chicago',
  name: string,
  details: { lines: string[]; driveBays: number; serverTag: string; stock: number },
  monthlyCents: number,
  setupCents: Partial<Record<BillingCycleName, number>>,
): ProductSeed {
  return {
    row: {
      id,
      groupId:
        location === 'New York'
          ? ProductGroup.instantDedicatedNewYork.id
          : ProductGroup.instantDedicatedChicago.id,
      name,
      description: details.lines.join('\n'),
      prices: priced(monthlyCents, dedicatedCycles, setupCents),
      stockControl: true,
      stockLevel: details.stock,
      driveBays: details.driveBays,
      provisioning: { serverTag: details.serverTag, location },
    },
    cycles: dedicatedCycles,
    options: dedicatedOptions,
    osTemplates: dedicatedOs.map((os) => os.value),
  };
}

const shortCycleSetup = (monthlyCents: number, quarterlyCents: number) => ({
  monthly: monthlyCents,
  quarterly: quarterlyCents,
});

function storage(id: number, location: 'New York' | 'Chicago'): ProductSeed {
  return {
    row: {
      id,
      groupId: ProductGroup.storageBlock.id,
      name: `Storage Block - ${location}`,
      description: [
        'NVMe block storage, replicated three times',
        `Attaches to a Cloud VPS in ${location}`,
        'Resize or detach at any time',
      ].join('\n'),
      // Sold by size: the price is the 'Storage Size' option's.
      prices: priced(0, storageCycles),
      provisioning: { location },
    },
    cycles: storageCycles,
    options: [storageSizeOption],
    customFields: ['vm_whmcs_id'],
  };
}

/** A product outside the order wizard: hidden, or of a group the wizard does not list. */
function unlisted(row: ProductSeed['row']): ProductSeed {
  return { row, cycles: ['monthly'] };
}

const catalogue: ProductSeed[] = [
  // First-generation VPS, no longer sold: their services keep running on the Virtualizor plans.
  unlisted({
    id: DemoProduct.ddosVps2G,
    groupId: ProductGroup.ddosProtectedVps.id,
    name: 'DDoS Protected VPS 2GB',
    hidden: true,
    prices: priced(1200, ['monthly']),
    provisioning: { planId: 1, cores: 2, memoryMb: 2048, diskGb: 40 },
  }),
  unlisted({
    id: DemoProduct.virtualServer4G,
    groupId: ProductGroup.virtualServers.id,
    name: 'Virtual Server 4GB',
    hidden: true,
    prices: priced(1800, ['monthly']),
    provisioning: { planId: 2, cores: 2, memoryMb: 4096, diskGb: 80 },
  }),

  // Cloud VPS: the DW-{n}G and DW-CPU-{n}G upgrade families, priced as plan upgrades expect.
  vps(
    DemoProduct.dw2gNewYork,
    'New York',
    'DW-2G',
    { cores: 2, memoryGb: 2, diskGb: 40, bandwidthTb: 2 },
    1000,
  ),
  vps(
    DemoProduct.dw4gNewYork,
    'New York',
    'DW-4G',
    { cores: 4, memoryGb: 4, diskGb: 80, bandwidthTb: 4 },
    2000,
  ),
  vps(
    DemoProduct.dw8gNewYork,
    'New York',
    'DW-8G',
    { cores: 6, memoryGb: 8, diskGb: 160, bandwidthTb: 8 },
    4000,
  ),
  vps(
    DemoProduct.dwCpu4gNewYork,
    'New York',
    'DW-CPU-4G',
    { cores: 2, memoryGb: 4, diskGb: 60, bandwidthTb: 4, cpuOptimized: true },
    3000,
  ),
  vps(
    DemoProduct.dwCpu8gNewYork,
    'New York',
    'DW-CPU-8G',
    { cores: 4, memoryGb: 8, diskGb: 120, bandwidthTb: 8, cpuOptimized: true },
    6000,
  ),
  vps(
    DemoProduct.dw16gNewYork,
    'New York',
    'DW-16G',
    { cores: 8, memoryGb: 16, diskGb: 320, bandwidthTb: 16 },
    8000,
  ),
  vps(
    DemoProduct.dw2gChicago,
    'Chicago',
    'DW-2G',
    { cores: 2, memoryGb: 2, diskGb: 40, bandwidthTb: 2 },
    1000,
  ),
  vps(
    DemoProduct.dw4gChicago,
    'Chicago',
    'DW-4G',
    { cores: 4, memoryGb: 4, diskGb: 80, bandwidthTb: 4 },
    2000,
  ),
  vps(
    DemoProduct.dwCpu4gChicago,
    'Chicago',
    'DW-CPU-4G',
    { cores: 2, memoryGb: 4, diskGb: 60, bandwidthTb: 4, cpuOptimized: true },
    3000,
  ),

  // Instant dedicated servers: racked and ready, handed over once paid.
  dedicated(
    DemoProduct.instantE3NewYork,
    'New York',
    'Xeon E3-1230 v6',
    {
      lines: [
        'Intel Xeon E3-1230 v6 (4 cores / 8 threads, 3.5GHz)',
        '32 GB DDR4 RAM',
        '2 x 480 GB SSD',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 2,
      serverTag: 'instant-e3-1230v6-nyc',
      stock: DEMO_STOCK,
    },
    8900,
    shortCycleSetup(4900, 2500),
  ),
  dedicated(
    DemoProduct.instantDualE5NewYork,
    'New York',
    'Dual Xeon E5-2680 v4',
    {
      lines: [
        '2 x Intel Xeon E5-2680 v4 (28 cores / 56 threads, 2.4GHz)',
        '128 GB DDR4 ECC RAM',
        '4 x 960 GB SSD',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 4,
      serverTag: 'instant-2x-e5-2680v4-nyc',
      stock: 3,
    },
    15900,
    { monthly: 9900, quarterly: 4900, semiannually: 2500 },
  ),
  dedicated(
    DemoProduct.instantE2288gNewYork,
    'New York',
    'Xeon E-2288G',
    {
      lines: [
        'Intel Xeon E-2288G (8 cores / 16 threads, 3.7GHz)',
        '64 GB DDR4 ECC RAM',
        '2 x 960 GB NVMe',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 2,
      serverTag: 'instant-e-2288g-nyc',
      stock: DEMO_STOCK,
    },
    12900,
    shortCycleSetup(4900, 2500),
  ),
  dedicated(
    DemoProduct.instantRyzenNewYork,
    'New York',
    'Ryzen 9 5950X',
    {
      lines: [
        'AMD Ryzen 9 5950X (16 cores / 32 threads, 3.4GHz)',
        '128 GB DDR4 RAM',
        '3 x 1 TB NVMe',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 3,
      serverTag: 'instant-ryzen-5950x-nyc',
      stock: DEMO_STOCK,
    },
    14900,
    shortCycleSetup(4900, 2500),
  ),
  dedicated(
    DemoProduct.instantEpycNewYork,
    'New York',
    'EPYC 7443P',
    {
      lines: [
        'AMD EPYC 7443P (24 cores / 48 threads, 2.85GHz)',
        '256 GB DDR4 ECC RAM',
        '4 x 1.92 TB NVMe',
        '10 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 4,
      serverTag: 'instant-epyc-7443p-nyc',
      stock: 0,
    },
    26900,
    shortCycleSetup(9900, 4900),
  ),
  dedicated(
    DemoProduct.instantE3Chicago,
    'Chicago',
    'Xeon E3-1240 v5',
    {
      lines: [
        'Intel Xeon E3-1240 v5 (4 cores / 8 threads, 3.5GHz)',
        '32 GB DDR4 RAM',
        '2 x 480 GB SSD',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 2,
      serverTag: 'instant-e3-1240v5-chi',
      stock: DEMO_STOCK,
    },
    7900,
    shortCycleSetup(4900, 2500),
  ),
  dedicated(
    DemoProduct.instantE2136Chicago,
    'Chicago',
    'Xeon E-2136',
    {
      lines: [
        'Intel Xeon E-2136 (6 cores / 12 threads, 3.3GHz)',
        '32 GB DDR4 ECC RAM',
        '1 x 1 TB NVMe',
        '1 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 1,
      serverTag: 'instant-e-2136-chi',
      stock: DEMO_STOCK,
    },
    9900,
    {},
  ),
  dedicated(
    DemoProduct.instantDualSilverChicago,
    'Chicago',
    'Dual Xeon Silver 4214',
    {
      lines: [
        '2 x Intel Xeon Silver 4214 (24 cores / 48 threads, 2.2GHz)',
        '192 GB DDR4 ECC RAM',
        '4 x 1.92 TB SSD',
        '10 Gbps port',
        '1 IPv4 address',
      ],
      driveBays: 4,
      serverTag: 'instant-2x-silver-4214-chi',
      stock: DEMO_STOCK,
    },
    19900,
    { monthly: 9900, quarterly: 4900 },
  ),

  // Quoted per build and paid once: no monthly price.
  unlisted({
    id: DemoProduct.customDedicatedNewYork,
    groupId: ProductGroup.dedicatedNewYork.id,
    name: 'Custom Dedicated Server',
    prices: priced(0, []),
  }),

  storage(DemoProduct.storageNewYork, 'New York'),
  storage(DemoProduct.storageChicago, 'Chicago'),

  unlisted({
    id: DemoProduct.managedBackup,
    groupId: ProductGroup.additionalServices.id,
    name: 'Managed Backup',
    prices: priced(500, ['monthly']),
  }),
];

/** Option ids: the product's id and a digit; choice ids: the option's id and two digits. */
const optionId = (productId: number, index: number) => productId * 10 + index + 1;
const choiceId = (option: number, index: number) => option * 100 + index + 1;

/** The rows of every catalogue table, derived from the product list above. */
function catalogueRows() {
  const options: (typeof configOptions.$inferInsert)[] = [];
  const choices: (typeof configOptionValues.$inferInsert)[] = [];
  const fields: (typeof productCustomFields.$inferInsert)[] = [];
  const templates: (typeof productOsTemplates.$inferInsert)[] = [];
  for (const product of catalogue) {
    for (const [index, option] of (product.options ?? []).entries()) {
      const id = optionId(product.row.id, index);
      options.push({
        id,
        productId: product.row.id,
        name: option.name,
        type: option.type ?? '1',
        role: option.role ?? null,
        hidden: option.hidden ?? false,
        sortOrder: index,
      });
      for (const [position, choice] of option.choices.entries()) {
        choices.push({
          id: choiceId(id, position),
          optionId: id,
          name: choice.name,
          value: choice.value,
          hidden: choice.hidden ?? false,
          diskLayouts: choice.diskLayouts ?? [],
          sortOrder: position,
          ...priced(choice.monthlyCents ?? 0, product.cycles, choice.setupCents),
        });
      }
    }
    for (const [index, name] of (product.customFields ?? []).entries()) {
      fields.push({ id: optionId(product.row.id, index), productId: product.row.id, name, sortOrder: index });
    }
    for (const name of product.osTemplates ?? []) {
      const template = templateRows.find((row) => row.name === name)!;
      templates.push({ productId: product.row.id, osTemplateId: template.id! });
    }
  }
  const productRows = catalogue.map(({ row: { prices, ...row } }) => ({ ...row, ...prices }));
  return { productRows, options, choices, fields, templates };
}

const instantDedicatedGroups = new Set<number>([
  ProductGroup.instantDedicatedNewYork.id,
  ProductGroup.instantDedicatedChicago.id,
]);

const promotions: (typeof promoCodes.$inferInsert)[] = [
  { id: 1, code: DemoPromo.percentOnce, type: 'Percentage', percentBp: 1000 },
  { id: 2, code: DemoPromo.fixedOnce, type: 'Fixed Amount', amountCents: 500 },
  {
    id: 3,
    code: DemoPromo.percentRecurring3,
    type: 'Percentage',
    percentBp: 2000,
    recurring: true,
    recurFor: 3,
  },
  {
    id: 4,
    code: DemoPromo.fixedLifetime,
    type: 'Fixed Amount',
    amountCents: 200,
    recurring: true,
    recurFor: 0,
  },
  {
    id: 5,
    code: DemoPromo.annualOnly,
    type: 'Percentage',
    percentBp: 1500,
    cycles: ['annually', 'biennially'],
  },
  {
    id: 6,
    code: DemoPromo.dedicatedOnly,
    type: 'Fixed Amount',
    amountCents: 2500,
    productIds: catalogue
      .filter(({ row }) => instantDedicatedGroups.has(row.groupId))
      .map(({ row }) => row.id),
  },
  { id: 7, code: DemoPromo.expired, type: 'Percentage', percentBp: 2500, expiresOn: '2023-09-30' },
  { id: 8, code: DemoPromo.notStarted, type: 'Percentage', percentBp: 3000, startsOn: '2099-01-01' },
  { id: 9, code: DemoPromo.usedUp, type: 'Fixed Amount', amountCents: 1000, maxUses: 100, uses: 100 },
];

/** The spec's departments; the guest department is Sales (id 2). */
const supportDepartments = [
  { id: 1, name: 'Technical Support' },
  { id: 2, name: 'Sales' },
  { id: 3, name: 'Billing' },
];

/** Serial tables seeded with fixed ids: their sequences move past them, so later rows never collide. */
const serialTables = [
  'config_options',
  'config_option_values',
  'product_custom_fields',
  'os_templates',
  'promo_codes',
];

/** Puts the product groups, the catalogue and departments in place; running it again changes nothing. */
export async function seedCatalog(db: DbOrTx): Promise<void> {
  const rows = catalogueRows();
  await db.insert(productGroups).values(groups).onConflictDoNothing();
  await db.insert(products).values(rows.productRows).onConflictDoNothing();
  await db.insert(configOptions).values(rows.options).onConflictDoNothing();
  await db.insert(configOptionValues).values(rows.choices).onConflictDoNothing();
  await db.insert(productCustomFields).values(rows.fields).onConflictDoNothing();
  await db.insert(osTemplates).values(templateRows).onConflictDoNothing();
  await db.insert(productOsTemplates).values(rows.templates).onConflictDoNothing();
  await db.insert(promoCodes).values(promotions).onConflictDoNothing();
  await db.insert(departments).values(supportDepartments).onConflictDoNothing();
  const moveSequences = serialTables.map(
    (table) =>
      sql`setval(pg_get_serial_sequence(${table}, 'id'), greatest((select max(id) from ${sql.identifier(table)}), 1))`,
  );
  await db.execute(sql`select ${sql.join(moveSequences, sql`, `)}`);
}
