import type { ProductSummary, ServiceListItem } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { isUpgradable, planSpecParts, productGroupIdOf, todayUtc, upgradeQuotes } from './upgrade-quote.ts';

const plan = (cores: number, memoryGb: number, diskGb: number) =>
  [`${cores} vCPU Cores`, `${memoryGb} GB DDR5 RAM`, `${diskGb} GB NVMe Storage`, '4 TB Bandwidth'].join(
    '\n',
  );

const product = (
  pid: number,
  name: string,
  monthly: string,
  description: string,
  gid = 19,
): ProductSummary => ({
  pid,
  gid,
  name,
  description,
  pricing: { USD: { prefix: '$', suffix: ' USD', monthly } },
});

const newYork: ProductSummary[] = [
  product(201, 'DW-2G', '10.00', plan(2, 2, 40)),
  product(202, 'DW-4G', '20.00', plan(4, 4, 80)),
  product(203, 'DW-8G', '40.00', plan(6, 8, 160)),
  product(206, 'DW-16G', '80.00', plan(8, 16, 320)),
  product(204, 'DW-CPU-4G', '30.00', plan(2, 4, 60)),
  product(205, 'DW-CPU-8G', '60.00', plan(4, 8, 120)),
  product(207, 'DW-32G', '-1.00', plan(12, 32, 640)),
];

const billing = (overrides: Partial<ServiceListItem> = {}): ServiceListItem =>
  ({
    id: 3,
    pid: 202,
    name: 'DW-4G',
    groupname: 'Cloud VPS - New York',
    status: 'Active',
    billingcycle: 'Monthly',
    recurringamount: '20.00',
    nextduedate: '2026-03-31',
    ...overrides,
  }) as ServiceListItem;

describe('isUpgradable', () => {
  it('takes only Active DW-{n}G and DW-CPU-{n}G plans', () => {
    expect(isUpgradable({ status: 'Active', name: 'DW-4G' })).toBe(true);
    expect(isUpgradable({ status: 'Active', name: 'DW-CPU-8G' })).toBe(true);
    expect(isUpgradable({ status: 'Suspended', name: 'DW-4G' })).toBe(false);
    expect(isUpgradable({ status: 'Active', name: 'Virtual Server 4GB' })).toBe(false);
    expect(isUpgradable({ status: 'Active', name: 'DW-4GB' })).toBe(false);
  });
});

describe('productGroupIdOf', () => {
  it('finds the group by its name', () => {
    expect(productGroupIdOf('Cloud VPS - New York')).toBe(19);
    expect(productGroupIdOf('Cloud VPS - Chicago')).toBe(25);
    expect(productGroupIdOf('Something else')).toBeUndefined();
  });
});

describe('upgradeQuotes', () => {
  it('offers only larger plans of the same family, smallest first, with a price', () => {
    const quotes = upgradeQuotes(billing(), newYork, '2026-03-16');
    expect(quotes.map((q) => q.name)).toEqual(['DW-8G', 'DW-16G']);
    expect(quotes[0]!.spec).toEqual({ cores: 6, memoryMb: 8192, diskGb: 160, bandwidthGb: 4000 });
    expect(quotes[0]!.monthlyCents).toBe(4000);
  });

  it('keeps the CPU family apart', () => {
    const quotes = upgradeQuotes(
      billing({ pid: 204, name: 'DW-CPU-4G', recurringamount: '30.00' }),
      newYork,
      '2026-03-16',
    );
    expect(quotes.map((q) => q.name)).toEqual(['DW-CPU-8G']);
  });

  it('charges the price difference for the rest of the period', () => {
    // The period runs 2026-02-28 to 2026-03-31 (31 days); 15 days are left on 2026-03-16.
    const [toEight] = upgradeQuotes(billing(), newYork, '2026-03-16');
    expect(toEight!.charge).toMatchObject({ remainingDays: 15, periodDays: 31, recurringDeltaCents: 2000 });
    expect(toEight!.charge!.amountCents).toBe(Math.round((2000 * 15) / 31));
    expect(toEight!.newRecurringCents).toBe(4000);
  });

  it('multiplies the monthly difference over a longer cycle', () => {
    const [toEight] = upgradeQuotes(
      billing({ billingcycle: 'Quarterly', recurringamount: '60.00', nextduedate: '2026-06-01' }),
      newYork,
      '2026-03-01',
    );
    expect(toEight!.charge!.recurringDeltaCents).toBe(6000);
    expect(toEight!.newRecurringCents).toBe(12_000);
  });

  it('has no charge without a next due date', () => {
    const [toEight] = upgradeQuotes(billing({ nextduedate: '0000-00-00' }), newYork, '2026-03-16');
    expect(toEight!.charge).toBeNull();
  });

  it('prices a plan no longer on sale from its recurring amount', () => {
    const quotes = upgradeQuotes(
      billing(),
      newYork.filter((p) => p.pid !== 202),
      '2026-03-16',
    );
    expect(quotes.map((q) => q.name)).toEqual(['DW-8G', 'DW-16G']);
    expect(quotes[0]!.charge!.recurringDeltaCents).toBe(2000);
  });

  it('offers nothing for other plans or unknown groups', () => {
    expect(upgradeQuotes(billing({ name: 'Virtual Server 4GB' }), newYork, '2026-03-16')).toEqual([]);
    expect(upgradeQuotes(billing({ groupname: 'Elsewhere' }), newYork, '2026-03-16')).toEqual([]);
    expect(
      upgradeQuotes(billing({ pid: 206, name: 'DW-16G', recurringamount: '80.00' }), newYork, '2026-03-16'),
    ).toEqual([]);
  });
});

describe('formatting', () => {
  it('gives the UTC date', () => {
    expect(todayUtc(new Date('2026-03-16T23:30:00-05:00'))).toBe('2026-03-17');
  });
});

describe('planSpecParts', () => {
  it('names cores, memory, storage and bandwidth', () => {
    expect(planSpecParts({ cores: 6, memoryMb: 8192, diskGb: 160, bandwidthGb: 8000 })).toEqual([
      '6 vCPU Cores',
      '8 GB RAM',
      '160 GB Storage',
      '8 TB Bandwidth',
    ]);
  });

  it('says one core, unlimited or unstated bandwidth, and TB of storage', () => {
    expect(planSpecParts({ cores: 1, memoryMb: 1536, diskGb: 1500, bandwidthGb: 0 })).toEqual([
      '1 vCPU Core',
      '1.5 GB RAM',
      '1.5 TB Storage',
      'Unlimited Bandwidth',
    ]);
    expect(planSpecParts({ cores: 2, memoryMb: 2048, diskGb: 40, bandwidthGb: null })).toHaveLength(3);
  });
});
