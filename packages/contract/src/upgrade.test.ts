import { describe, expect, it } from 'vitest';
import type { ProductSummary } from './catalog.ts';
import {
  monthlyPriceCents,
  parsePlanSpec,
  prorateUpgrade,
  upgradeOptions,
  upgradePlanOf,
} from './upgrade.ts';

const product = (
  pid: number,
  name: string,
  monthly: string,
  description?: string,
  gid = 19,
): ProductSummary => ({
  pid,
  gid,
  name,
  description: description ?? '2 vCPU Cores\n4 GB RAM\n80 GB NVMe Storage\n4 TB Bandwidth',
  pricing: { USD: { prefix: '$', suffix: ' USD', monthly } },
});

describe('upgradePlanOf', () => {
  it('knows the DW-{n}G and DW-CPU-{n}G families and their size', () => {
    expect(upgradePlanOf('DW-2G')).toEqual({ family: 'DW', sizeGb: 2 });
    expect(upgradePlanOf('DW-16G')).toEqual({ family: 'DW', sizeGb: 16 });
    expect(upgradePlanOf(' DW-CPU-8G ')).toEqual({ family: 'DW-CPU', sizeGb: 8 });
  });

  it('refuses every other name', () => {
    for (const name of [
      'DW-G',
      'DW-0G',
      'DW-4GB',
      'dw-4g',
      'DW-CPU-G',
      'Storage Block',
      'XDW-4G',
      'DW-4G-X',
    ]) {
      expect(upgradePlanOf(name), name).toBeNull();
    }
  });
});

describe('parsePlanSpec', () => {
  it('reads cores, memory, storage and bandwidth from description lines', () => {
    expect(parsePlanSpec('4 vCPU Cores\n8 GB DDR5 RAM\n160 GB NVMe Storage\n8 TB Bandwidth')).toEqual({
      cores: 4,
      memoryMb: 8192,
      diskGb: 160,
      bandwidthGb: 8000,
    });
  });

  it('reads HTML descriptions, MB and TB sizes, and unlimited transfer', () => {
    expect(
      parsePlanSpec(
        '<b>2</b> CPU Optimized Cores (5GHz+)<br>512 MB RAM<br/>1 TB SSD Disk<br>Unmetered Bandwidth',
      ),
    ).toEqual({ cores: 2, memoryMb: 512, diskGb: 1000, bandwidthGb: 0 });
  });

  it('leaves bandwidth unknown when the description does not state it', () => {
    expect(parsePlanSpec('1 vCPU\n2 GB RAM\n40 GB Storage')).toMatchObject({ bandwidthGb: null });
  });

  it('gives null unless cores, memory and storage are all there', () => {
    expect(parsePlanSpec('')).toBeNull();
    expect(parsePlanSpec('8 GB RAM\n160 GB NVMe Storage')).toBeNull();
    expect(parsePlanSpec('4 vCPU Cores\n160 GB NVMe Storage')).toBeNull();
    expect(parsePlanSpec('4 vCPU Cores\n8 GB RAM')).toBeNull();
  });
});

describe('monthlyPriceCents', () => {
  it('reads the two-decimal price, and -1.00 as no price', () => {
    expect(monthlyPriceCents(product(1, 'DW-2G', '10.00'))).toBe(1000);
    expect(monthlyPriceCents(product(1, 'DW-2G', '12.35'))).toBe(1235);
    expect(monthlyPriceCents(product(1, 'DW-2G', '-1.00'))).toBeNull();
  });
});

describe('upgradeOptions', () => {
  const group = [
    product(201, 'DW-2G', '10.00'),
    product(203, 'DW-8G', '40.00'),
    product(202, 'DW-4G', '20.00'),
    product(206, 'DW-16G', '80.00'),
    product(204, 'DW-CPU-4G', '30.00'),
    product(205, 'DW-CPU-8G', '60.00'),
    product(207, 'DW-32G', '-1.00'),
    product(208, 'DW-64G', '300.00', 'Call us'),
    product(212, 'DW-12G', '60.00', undefined, 25),
  ];

  it('offers only larger plans of the same family and group, smallest first', () => {
    expect(upgradeOptions(group[2]!, group).map((p) => p.name)).toEqual(['DW-8G', 'DW-16G']);
    expect(upgradeOptions(group[4]!, group).map((p) => p.name)).toEqual(['DW-CPU-8G']);
    expect(upgradeOptions(group[3]!, group)).toEqual([]);
  });

  it('skips plans without a monthly price or a parsable description', () => {
    expect(upgradeOptions(group[0]!, group).map((p) => p.pid)).toEqual([202, 203, 206]);
  });

  it('offers nothing for a product that is not a DW plan', () => {
    expect(upgradeOptions(product(1, 'Storage Block', '5.00'), group)).toEqual([]);
  });
});

describe('prorateUpgrade', () => {
  const base = { currentMonthlyCents: 2000, targetMonthlyCents: 4000, billingCycle: 'Monthly' };

  it('charges the difference for the days left until the next due date', () => {
    const charge = prorateUpgrade({ ...base, nextDueDate: '2025-07-16', today: '2025-07-01' });
    expect(charge).toEqual({
      amountCents: Math.round((2000 * 15) / 30),
      recurringDeltaCents: 2000,
      periodStart: '2025-06-16',
      periodEnd: '2025-07-16',
      remainingDays: 15,
      periodDays: 30,
    });
  });

  it('counts the whole cycle of longer billing cycles', () => {
    const charge = prorateUpgrade({
      ...base,
      billingCycle: 'Annually',
      nextDueDate: '2026-01-01',
      today: '2025-07-02',
    });
    expect(charge).toMatchObject({ recurringDeltaCents: 24_000, remainingDays: 183, periodDays: 365 });
    expect(charge!.amountCents).toBe(Math.round((24_000 * 183) / 365));
  });

  it('charges the cycle running today when the due date has come or passed', () => {
    expect(prorateUpgrade({ ...base, nextDueDate: '2025-07-01', today: '2025-07-01' })).toMatchObject({
      amountCents: 2000,
      periodStart: '2025-07-01',
      periodEnd: '2025-08-01',
    });
    expect(prorateUpgrade({ ...base, nextDueDate: '2025-06-21', today: '2025-07-01' })).toMatchObject({
      periodStart: '2025-06-21',
      periodEnd: '2025-07-21',
      remainingDays: 20,
      periodDays: 30,
    });
  });

  it('keeps the day of the month through short months', () => {
    expect(prorateUpgrade({ ...base, nextDueDate: '2025-03-31', today: '2025-03-01' })).toMatchObject({
      periodStart: '2025-02-28',
      periodEnd: '2025-03-31',
      periodDays: 31,
      remainingDays: 30,
    });
  });

  it('charges more than a cycle when the service is paid further ahead', () => {
    const charge = prorateUpgrade({ ...base, nextDueDate: '2025-09-01', today: '2025-07-01' });
    expect(charge).toMatchObject({ remainingDays: 62, periodDays: 31 });
    expect(charge!.amountCents).toBe(4000);
  });

  it('never charges for a cheaper plan', () => {
    const charge = prorateUpgrade({
      ...base,
      targetMonthlyCents: 1000,
      nextDueDate: '2025-07-16',
      today: '2025-07-01',
    });
    expect(charge).toMatchObject({ amountCents: 0, recurringDeltaCents: 0 });
  });

  it('gives null without a recurring period', () => {
    expect(
      prorateUpgrade({ ...base, billingCycle: 'One Time', nextDueDate: '2025-07-16', today: '2025-07-01' }),
    ).toBeNull();
    expect(
      prorateUpgrade({ ...base, billingCycle: 'Free Account', nextDueDate: null, today: '2025-07-01' }),
    ).toBeNull();
    expect(prorateUpgrade({ ...base, nextDueDate: null, today: '2025-07-01' })).toBeNull();
    expect(prorateUpgrade({ ...base, nextDueDate: '2025-02-30', today: '2025-07-01' })).toBeNull();
  });
});
