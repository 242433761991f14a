import { describe, expect, it } from 'vitest';
import {
  billingCycles,
  type BillingCycleName,
  type ConfigOptionChoice,
  type CyclePricing,
  type Product,
  type ProductConfigOption,
  type PromoResponse,
} from './catalog.ts';
import {
  allowedDiskLayouts,
  choiceWithRole,
  isOutOfStock,
  maxOrderQuantity,
  offeredCycles,
  priceOrder,
  promoAppliesToCycle,
  promoDescription,
  selectedChoices,
  type SelectedChoice,
  sortDedicated,
  splitVpsSections,
  startingMonthlyCents,
  stockLabel,
} from './order-pricing.ts';

/** A price table from [recurring, setup] per cycle; a missing cycle is not offered. */
function pricing(prices: Partial<Record<BillingCycleName, [string, string?]>>): CyclePricing {
  const table = {} as CyclePricing;
  const setupKey = {
    monthly: 'm',
    quarterly: 'q',
    semiannually: 's',
    annually: 'a',
    biennially: 'b',
    triennially: 't',
  };
  for (const cycle of billingCycles) {
    const [price, setup] = prices[cycle] ?? ['-1.00', '0.00'];
    table[cycle] = price;
    table[`${setupKey[cycle]}setupfee` as keyof CyclePricing] = setup ?? '0.00';
  }
  return table;
}

const everyCycle = (price: string, setup = '0.00') =>
  pricing(Object.fromEntries(billingCycles.map((cycle) => [cycle, [price, setup]])));

let nextId = 1000;
const choice = (
  name: string,
  price: CyclePricing,
  extra: Partial<ConfigOptionChoice> = {},
): ConfigOptionChoice => ({
  id: (nextId += 1),
  name,
  value: name,
  hidden: false,
  disklayouts: [],
  pricing: { USD: price },
  ...extra,
});

const option = (
  id: number,
  name: string,
  choices: ConfigOptionChoice[],
  extra: Partial<ProductConfigOption> = {},
): ProductConfigOption => ({
  id,
  name,
  type: '1',
  role: null,
  hidden: false,
  options: { option: choices },
  ...extra,
});

const product = (extra: Partial<Product> = {}): Product => ({
  pid: 1,
  gid: 23,
  name: 'Xeon E-2236',
  description: '',
  stockcontrol: true,
  stocklevel: 5,
  drivebays: 4,
  pricing: { USD: { prefix: '$', suffix: ' USD', ...everyCycle('100.00') } },
  configoptions: { configoption: [] },
  customfields: { customfield: [] },
  ...extra,
});

/**
 * A dedicated server sold in five cycles (not triennially), longer cycles cheaper per month, with
 * setup fees on the short ones; an OS, a disk layout, extra IPv4 (priced) and a backup checkbox.
 */
const debian = choice('Debian 12', everyCycle('0.00'), {
  disklayouts: ['RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'],
});
const windows = choice(
  'Windows Server 2022',
  pricing({
    monthly: ['20.00', '10.00'],
    quarterly: ['60.00', '10.00'],
    semiannually: ['120.00'],
    annually: ['240.00'],
    biennially: ['480.00'],
  }),
  { disklayouts: ['RAID 1'] },
);
const hiddenOs = choice('FreeBSD 14', everyCycle('0.00'), { hidden: true });
const ipv4None = choice('1 IPv4 (included)', everyCycle('0.00'));
const ipv4Two = choice(
  '2 extra IPv4',
  pricing({
    monthly: ['4.00'],
    quarterly: ['12.00'],
    semiannually: ['24.00'],
    annually: ['48.00'],
    biennially: ['96.00'],
  }),
);
const backups = choice(
  'Daily Backups',
  pricing({
    monthly: ['5.00', '2.50'],
    quarterly: ['15.00'],
    semiannually: ['30.00'],
    annually: ['60.00'],
    biennially: ['120.00'],
  }),
);
const server = product({
  pricing: {
    USD: {
      prefix: '$',
      suffix: ' USD',
      ...pricing({
        monthly: ['129.00', '99.00'],
        quarterly: ['369.00', '49.00'],
        semiannually: ['714.00', '25.00'],
        annually: ['1362.00'],
        biennially: ['2580.00'],
      }),
    },
  },
  configoptions: {
    configoption: [
      option(1, 'Operating System', [hiddenOs, debian, windows], { role: 'operating_system' }),
      option(2, 'Additional IPv4', [ipv4None, ipv4Two], { role: 'ipv4' }),
      option(3, 'Daily Backups', [backups], { type: '3' }),
      option(4, 'Staff Notes', [choice('x', everyCycle('0.00'))], { hidden: true }),
    ],
  },
});

function resolve(cycle: BillingCycleName, sent: { id: number; optionid: number }[] = []): SelectedChoice[] {
  const result = selectedChoices(server, cycle, sent);
  if (!result.ok) throw new Error(result.error.message);
  return result.value;
}

const quote = (
  cycle: BillingCycleName,
  sent: { id: number; optionid: number }[] = [],
  quantity = 1,
  promo?: PromoResponse,
) => priceOrder({ product: server, cycle, choices: resolve(cycle, sent), quantity, promo });

const promo = (extra: Partial<PromoResponse>): PromoResponse => ({
  code: 'X',
  type: 'Percentage',
  value: '10.00',
  recurring: false,
  recurfor: 0,
  cycles: '',
  prefix: '$',
  suffix: ' USD',
  ...extra,
});

describe('offeredCycles', () => {
  it('lists the cycles whose price is not -1.00, in the spec order', () => {
    expect(offeredCycles(server)).toEqual(['monthly', 'quarterly', 'semiannually', 'annually', 'biennially']);
    expect(offeredCycles(product())).toEqual([...billingCycles]);
  });
});

describe('selectedChoices', () => {
  it('gives an option not sent its first visible choice and leaves an unsent checkbox unticked', () => {
    const choices = resolve('monthly');
    expect(choices.map((s) => [s.option.name, s.choice?.name ?? null])).toEqual([
      ['Operating System', 'Debian 12'],
      ['Additional IPv4', '1 IPv4 (included)'],
      ['Daily Backups', null],
    ]);
    expect(choiceWithRole(choices, 'operating_system')).toBe(debian);
    expect(choiceWithRole(choices, 'disk_layout')).toBeNull();
  });

  it('takes the sent choices, and ticks a checkbox with optionid 1 priced by its first choice', () => {
    const choices = resolve('monthly', [
      { id: 1, optionid: windows.id },
      { id: 3, optionid: 1 },
    ]);
    expect(choices.map((s) => s.choice?.name ?? null)).toEqual([
      'Windows Server 2022',
      '1 IPv4 (included)',
      'Daily Backups',
    ]);
    expect(resolve('monthly', [{ id: 3, optionid: 0 }])[2]!.choice).toBeNull();
  });

  it('names the field of an unknown, foreign, hidden, duplicate or unsold choice', () => {
    const error = (cycle: BillingCycleName, sent: { id: number; optionid: number }[]) => {
      const result = selectedChoices(server, cycle, sent);
      return result.ok ? null : result.error;
    };
    expect(error('monthly', [{ id: 99, optionid: 1 }])).toEqual({
      field: 'configoptions.0.id',
      message: 'Unknown configuration option.',
    });
    // A hidden option is not offered: the same as one of another product.
    expect(error('monthly', [{ id: 4, optionid: 1 }])?.field).toBe('configoptions.0.id');
    expect(
      error('monthly', [
        { id: 1, optionid: debian.id },
        { id: 1, optionid: debian.id },
      ])?.field,
    ).toBe('configoptions.1.id');
    expect(
      error('monthly', [
        { id: 2, optionid: 0 },
        { id: 1, optionid: 424242 },
      ]),
    ).toEqual({
      field: 'configoptions.1.optionid',
      message: 'Unknown option.',
    });
    expect(error('monthly', [{ id: 1, optionid: hiddenOs.id }])?.field).toBe('configoptions.0.optionid');
    // An option's choice belongs to that option only.
    expect(error('monthly', [{ id: 1, optionid: ipv4Two.id }])?.field).toBe('configoptions.0.optionid');
    expect(error('monthly', [{ id: 3, optionid: 2 }])?.field).toBe('configoptions.0.optionid');
    expect(error('triennially', [])).toEqual({
      field: 'billingcycle',
      message: 'This billing cycle is not offered for this product.',
    });
  });

  it('refuses a choice not sold in the cycle, and defaults to the first one that is', () => {
    const annualOnly = product({
      configoptions: {
        configoption: [
          option(7, 'Bandwidth', [
            choice('10 TB', pricing({ monthly: ['0.00'] })),
            choice('20 TB', everyCycle('5.00')),
          ]),
        ],
      },
    });
    const [monthlyDefault] = (selectedChoices(annualOnly, 'monthly', []) as { value: SelectedChoice[] })
      .value;
    expect(monthlyDefault!.choice!.name).toBe('10 TB');
    const [annualDefault] = (selectedChoices(annualOnly, 'annually', []) as { value: SelectedChoice[] })
      .value;
    expect(annualDefault!.choice!.name).toBe('20 TB');
    const tenTb = annualOnly.configoptions.configoption[0]!.options.option[0]!;
    expect(selectedChoices(annualOnly, 'annually', [{ id: 7, optionid: tenTb.id }])).toMatchObject({
      ok: false,
      error: { field: 'configoptions.0.optionid' },
    });
  });
});

describe('priceOrder', () => {
  it('prices each offered cycle with its setup fees, options and quantity', () => {
    const expected: [BillingCycleName, number, number][] = [
      // cycle, recurring per unit (server + Windows + 2 IPv4 + backups), setup per unit
      ['monthly', 12900 + 2000 + 400 + 500, 9900 + 1000 + 250],
      ['quarterly', 36900 + 6000 + 1200 + 1500, 4900 + 1000],
      ['semiannually', 71400 + 12000 + 2400 + 3000, 2500],
      ['annually', 136200 + 24000 + 4800 + 6000, 0],
      ['biennially', 258000 + 48000 + 9600 + 12000, 0],
    ];
    for (const [cycle, recurringCents, setupCents] of expected) {
      const result = quote(
        cycle,
        [
          { id: 1, optionid: windows.id },
          { id: 2, optionid: ipv4Two.id },
          { id: 3, optionid: 1 },
        ],
        2,
      );
      expect(result, cycle).toMatchObject({
        ok: true,
        value: {
          recurringCents,
          setupCents,
          quantity: 2,
          discountCents: 0,
          recurringDiscountCents: 0,
          promoRenewals: 0,
          dueTodayCents: (recurringCents + setupCents) * 2,
          promoApplied: false,
        },
      });
    }
  });

  it('lists the product and every chosen option as lines', () => {
    const result = quote('monthly', [{ id: 3, optionid: 1 }]);
    expect(result.ok && result.value.lines).toEqual([
      { label: 'Xeon E-2236', recurringCents: 12900, setupCents: 9900 },
      { label: 'Operating System: Debian 12', recurringCents: 0, setupCents: 0 },
      { label: 'Additional IPv4: 1 IPv4 (included)', recurringCents: 0, setupCents: 0 },
      { label: 'Daily Backups: Daily Backups', recurringCents: 500, setupCents: 250 },
    ]);
  });

  it('refuses a cycle the product is not sold in', () => {
    expect(priceOrder({ product: server, cycle: 'triennially', choices: [], quantity: 1 })).toEqual({
      ok: false,
      error: { field: 'billingcycle', message: 'This billing cycle is not offered for this product.' },
    });
  });

  it('takes a one-time percentage off the recurring price and the setup fees of the first invoice', () => {
    // Monthly: 129.00 + 99.00 setup; 12.5% → 16.13 (16.125 rounded) + 12.38 (12.375 rounded).
    const result = quote('monthly', [], 3, promo({ value: '12.50' }));
    expect(result).toMatchObject({
      ok: true,
      value: {
        discountCents: (1613 + 1238) * 3,
        recurringDiscountCents: 0,
        promoRenewals: 0,
        dueTodayCents: (12900 + 9900) * 3 - (1613 + 1238) * 3,
        promoApplied: true,
      },
    });
  });

  it('takes a one-time fixed amount off the recurring price only, never below zero', () => {
    const five = quote('monthly', [], 2, promo({ type: 'Fixed Amount', value: '5.00' }));
    expect(five).toMatchObject({
      ok: true,
      value: { discountCents: 1000, recurringDiscountCents: 0, dueTodayCents: (12900 + 9900) * 2 - 1000 },
    });
    // More than the recurring price: the price goes to 0, the setup fee stays.
    const huge = quote('monthly', [], 1, promo({ type: 'Fixed Amount', value: '500.00' }));
    expect(huge).toMatchObject({ ok: true, value: { discountCents: 12900, dueTodayCents: 9900 } });
  });

  it('keeps a recurring percentage for N renewals, and a fixed amount for life', () => {
    const forThree = quote('quarterly', [], 1, promo({ value: '20.00', recurring: true, recurfor: 3 }));
    expect(forThree).toMatchObject({
      ok: true,
      value: { discountCents: 7380 + 980, recurringDiscountCents: 7380, promoRenewals: 3 },
    });
    const lifetime = quote(
      'annually',
      [],
      1,
      promo({ type: 'Fixed Amount', value: '2.00', recurring: true }),
    );
    expect(lifetime).toMatchObject({
      ok: true,
      value: { discountCents: 200, recurringDiscountCents: 200, promoRenewals: null, dueTodayCents: 136000 },
    });
  });

  it('applies a code only to the cycles it lists', () => {
    const yearly = promo({ value: '15.00', cycles: 'annually,biennially' });
    expect(quote('monthly', [], 1, yearly)).toEqual({
      ok: false,
      error: { field: 'promocode', message: 'Promo code not valid for the billing cycle selected' },
    });
    expect(quote('biennially', [], 1, yearly)).toMatchObject({ ok: true, value: { discountCents: 38700 } });
    expect(promoAppliesToCycle({ cycles: '' }, 'triennially')).toBe(true);
    expect(promoAppliesToCycle({ cycles: 'Monthly, Quarterly' }, 'quarterly')).toBe(true);
  });
});

describe('promoDescription', () => {
  it('tells percentage or fixed, one-time, recurring for N cycles, or lifetime', () => {
    expect(promoDescription(promo({ value: '10.00' }))).toBe('10% off the first invoice (one-time discount)');
    expect(promoDescription(promo({ type: 'Fixed Amount', value: '5.00' }))).toBe(
      '$5.00 USD off the first invoice (one-time discount)',
    );
    expect(promoDescription(promo({ value: '12.50', recurring: true, recurfor: 3 }))).toBe(
      '12.5% off the first invoice and the next 3 renewals (recurring for 3 cycles)',
    );
    expect(promoDescription(promo({ value: '25.00', recurring: true, recurfor: 1 }))).toBe(
      '25% off the first invoice and the next 1 renewal (recurring for 1 cycle)',
    );
    expect(
      promoDescription(promo({ type: 'Fixed Amount', value: '2.00', recurring: true, recurfor: 0 })),
    ).toBe('$2.00 USD off every invoice (lifetime recurring discount)');
  });
});

describe('allowedDiskLayouts', () => {
  const all = ['RAID 0', 'RAID 1', 'RAID 5', 'RAID 10'];
  it('always allows None, and a RAID only with the drive bays it needs', () => {
    expect(allowedDiskLayouts(all, 1)).toEqual(['None']);
    expect(allowedDiskLayouts(all, null)).toEqual(['None']);
    expect(allowedDiskLayouts(all, 2)).toEqual(['None', 'RAID 0', 'RAID 1']);
    expect(allowedDiskLayouts(all, 3)).toEqual(['None', 'RAID 0', 'RAID 1', 'RAID 5']);
    expect(allowedDiskLayouts(all, 4)).toEqual(['None', 'RAID 0', 'RAID 1', 'RAID 5', 'RAID 10']);
  });
  it('keeps only the layouts the OS supports', () => {
    expect(allowedDiskLayouts(['RAID 1'], 4)).toEqual(['None', 'RAID 1']);
    expect(allowedDiskLayouts([], 4)).toEqual(['None']);
    expect(allowedDiskLayouts(['RAID 10', 'RAID 5'], 3)).toEqual(['None', 'RAID 5']);
  });
});

describe('stock', () => {
  it('tags N left under stock control, Available without, Out of Stock when none', () => {
    expect(stockLabel({ stockcontrol: true, stocklevel: 3 })).toBe('3 left');
    expect(stockLabel({ stockcontrol: false, stocklevel: 0 })).toBe('Available');
    expect(stockLabel({ stockcontrol: true, stocklevel: 0 })).toBe('Out of Stock');
    expect(stockLabel({ stockcontrol: true, stocklevel: -1 })).toBe('Out of Stock');
    expect(isOutOfStock({ stockcontrol: false, stocklevel: 0 })).toBe(false);
    expect(maxOrderQuantity({ stockcontrol: true, stocklevel: 3 })).toBe(3);
    expect(maxOrderQuantity({ stockcontrol: false, stocklevel: 0 })).toBeNull();
  });
});

describe('catalogue order', () => {
  const priced = (pid: number, name: string, monthly: string, stocklevel = 5) =>
    product({
      pid,
      name,
      stocklevel,
      pricing: {
        USD: { prefix: '$', suffix: ' USD', ...pricing({ monthly: [monthly], annually: ['1.00'] }) },
      },
    });

  it('starts from the monthly price plus the cheapest choice of each select; storage from its cheapest size', () => {
    expect(startingMonthlyCents(server)).toBe(12900);
    const storage = product({
      pricing: { USD: { prefix: '$', suffix: ' USD', ...everyCycle('0.00') } },
      configoptions: {
        configoption: [
          option(
            9,
            'Storage Size',
            [
              choice('100 GB', everyCycle('5.00'), { hidden: true }),
              choice('250 GB', everyCycle('12.00')),
              choice('500 GB', everyCycle('22.00')),
            ],
            { role: 'storage_size' },
          ),
        ],
      },
    });
    expect(startingMonthlyCents(storage)).toBe(1200);
    expect(
      startingMonthlyCents(
        product({ pricing: { USD: { prefix: '$', suffix: ' USD', ...pricing({ annually: ['90.00'] }) } } }),
      ),
    ).toBeNull();
  });

  it('sorts dedicated servers in stock first, then dearest first', () => {
    const sorted = sortDedicated([
      priced(1, 'A', '79.00'),
      priced(2, 'B', '199.00', 0),
      priced(3, 'C', '159.00'),
      priced(4, 'D', '89.00'),
    ]);
    expect(sorted.map((p) => p.name)).toEqual(['C', 'D', 'A', 'B']);
  });

  it('splits VPS plans by CPU in the name, each in stock first, then cheapest first', () => {
    const [standard, cpu] = splitVpsSections([
      priced(1, 'DW-8G', '40.00'),
      priced(2, 'DW-CPU-8G', '60.00'),
      priced(3, 'DW-2G', '10.00', 0),
      priced(4, 'DW-4G', '20.00'),
      priced(5, 'DW-CPU-4G', '30.00'),
    ]);
    expect(standard).toMatchObject({ key: 'standard', title: 'Standard Virtual Servers' });
    expect(standard.products.map((p) => p.name)).toEqual(['DW-4G', 'DW-8G', 'DW-2G']);
    expect(cpu).toMatchObject({ key: 'cpu-optimized', title: 'CPU Optimized Virtual Servers' });
    expect(cpu.products.map((p) => p.name)).toEqual(['DW-CPU-4G', 'DW-CPU-8G']);
  });
});
