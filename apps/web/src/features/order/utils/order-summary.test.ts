import type { ConfigOptionChoice, CyclePricing, Product, ProductConfigOption } from '@rackdesk/contract';
import { describe, expect, it } from 'vitest';
import { newSelection, type OrderSelection } from './order-state.ts';
import {
  chooseCycle,
  chooseDedicatedOs,
  configureErrors,
  diskLayoutChoices,
  effectiveCycle,
  orderRequest,
  priceSummary,
  quantityError,
} from './order-summary.ts';

const cycles = (monthly: string, annually = '-1.00', setup = '0.00'): CyclePricing => ({
  monthly,
  quarterly: '-1.00',
  semiannually: '-1.00',
  annually,
  biennially: '-1.00',
  triennially: '-1.00',
  msetupfee: setup,
  qsetupfee: '0.00',
  ssetupfee: '0.00',
  asetupfee: '0.00',
  bsetupfee: '0.00',
  tsetupfee: '0.00',
});

const choice = (
  id: number,
  name: string,
  pricing: CyclePricing,
  extra: Partial<ConfigOptionChoice> = {},
) => ({
  id,
  name,
  value: name,
  hidden: false,
  disklayouts: [],
  pricing: { USD: pricing },
  ...extra,
});

const option = (
  id: number,
  name: string,
  role: ProductConfigOption['role'],
  choices: ConfigOptionChoice[],
  type: '1' | '3' = '1',
): ProductConfigOption => ({ id, name, type, role, hidden: false, options: { option: choices } });

const dedicated: Product = {
  pid: 301,
  gid: 23,
  name: 'E3-1240v3',
  description: '',
  stockcontrol: true,
  stocklevel: 3,
  drivebays: 2,
  pricing: { USD: { ...cycles('80.00', '800.00', '50.00'), prefix: '$', suffix: ' USD' } },
  configoptions: {
    configoption: [
      option(10, 'Operating System', 'operating_system', [
        choice(100, 'Debian 12', cycles('0.00', '0.00'), { disklayouts: ['RAID 0', 'RAID 1', 'RAID 5'] }),
        choice(101, 'Windows Server 2022', cycles('20.00', '200.00', '10.00'), { disklayouts: [] }),
      ]),
      option(11, 'Disk Layout', 'disk_layout', [
        choice(110, 'None', cycles('0.00', '0.00')),
        choice(111, 'RAID 0', cycles('0.00', '0.00')),
        choice(112, 'RAID 1', cycles('0.00', '0.00')),
        choice(113, 'RAID 5', cycles('0.00', '0.00')),
      ]),
    ],
  },
  customfields: { customfield: [] },
};

const vps: Product = {
  ...dedicated,
  pid: 201,
  gid: 19,
  name: 'DW-2G',
  stockcontrol: false,
  stocklevel: 0,
  drivebays: null,
  pricing: { USD: { ...cycles('10.00', '100.00'), prefix: '$', suffix: ' USD' } },
  configoptions: {
    configoption: [
      option(20, 'IPv4 Addresses', 'ipv4', [
        choice(200, '1 IPv4 (included)', cycles('0.00', '0.00')),
        choice(201, '2 IPv4', cycles('3.00', '30.00')),
      ]),
      option(21, 'Daily Backups', null, [choice(210, 'Daily Backups', cycles('2.00', '20.00'))], '3'),
    ],
  },
  customfields: {
    customfield: [
      { id: 30, name: 'custom_os_id' },
      { id: 31, name: 'ssh_key_ids' },
    ],
  },
};

const storage: Product = {
  ...vps,
  pid: 322,
  gid: 20,
  name: 'Storage Block - New York',
  configoptions: {
    configoption: [
      option(40, 'Storage Size', 'storage_size', [
        choice(400, '100 GB', cycles('5.00', '50.00')),
        choice(401, '250 GB', cycles('10.00', '100.00')),
      ]),
    ],
  },
  customfields: { customfield: [{ id: 50, name: 'vm_whmcs_id' }] },
};

const selecting = (product: Product, patch: Partial<OrderSelection> = {}): OrderSelection => ({
  ...newSelection(product.pid),
  ...patch,
});

describe('pricing the summary', () => {
  it('starts on the first offered cycle and keeps a chosen one the product sells', () => {
    expect(effectiveCycle(vps, null)).toBe('monthly');
    expect(effectiveCycle(vps, 'annually')).toBe('annually');
    expect(effectiveCycle(vps, 'triennially')).toBe('monthly');
  });

  it('prices the product with its options and setup fee, times the quantity', () => {
    const summary = priceSummary(
      dedicated,
      selecting(dedicated, { configoptions: [{ id: 10, optionid: 101 }], quantity: 2 }),
    );
    expect(summary?.quote).toMatchObject({
      recurringCents: 10_000,
      setupCents: 6_000,
      dueTodayCents: 32_000,
    });
    expect(summary?.quote.lines.map((line) => line.label)).toEqual([
      'E3-1240v3',
      'Operating System: Windows Server 2022',
      'Disk Layout: None',
    ]);
  });

  it('applies a verified code and says when the chosen cycle takes it no more', () => {
    const promo = {
      code: 'YEARLY',
      type: 'Percentage' as const,
      value: '10.00',
      recurring: false,
      recurfor: 0,
      cycles: 'annually',
      prefix: '$' as const,
      suffix: ' USD' as const,
    };
    const yearly = priceSummary(vps, selecting(vps, { cycle: 'annually', promo }));
    expect(yearly?.quote.discountCents).toBe(1_000);
    expect(yearly?.promoError).toBeNull();
    const monthly = priceSummary(vps, selecting(vps, { cycle: 'monthly', promo }));
    expect(monthly?.quote.discountCents).toBe(0);
    expect(monthly?.promo).toBeNull();
    expect(monthly?.promoError).toBe('Promo code not valid for the billing cycle selected');
  });

  it('falls back to the defaults when kept choices no longer exist', () => {
    const summary = priceSummary(vps, selecting(vps, { configoptions: [{ id: 99, optionid: 1 }] }));
    expect(summary?.quote.recurringCents).toBe(1_000);
  });
});

describe('dedicated choices', () => {
  it('offers the disk layouts the OS supports within the drive bays', () => {
    const debian = priceSummary(dedicated, selecting(dedicated))!;
    expect(diskLayoutChoices(dedicated, debian.choices).map((layout) => layout.name)).toEqual([
      'None',
      'RAID 0',
      'RAID 1',
    ]);
    const windows = priceSummary(
      dedicated,
      selecting(dedicated, { configoptions: [{ id: 10, optionid: 101 }] }),
    )!;
    expect(diskLayoutChoices(dedicated, windows.choices).map((layout) => layout.name)).toEqual(['None']);
  });

  it('resets the disk layout to None when the OS changes', () => {
    const chosen = chooseDedicatedOs(dedicated, [{ id: 11, optionid: 112 }], 10, 101);
    expect(chosen).toEqual([
      { id: 10, optionid: 101 },
      { id: 11, optionid: 110 },
    ]);
  });

  it('resets every option when the cycle changes', () => {
    expect(chooseCycle('annually')).toEqual({ cycle: 'annually', configoptions: [] });
  });
});

describe('checks before continuing', () => {
  it('keeps the quantity between 1 and the stock', () => {
    expect(quantityError(dedicated, 1)).toBeNull();
    expect(quantityError(dedicated, 0)).toBe('Min order qty: 1');
    expect(quantityError(dedicated, 4)).toBe('Only 3 left');
    expect(quantityError(vps, 40)).toBeNull();
  });

  it('asks a VPS for a valid hostname and a storage block for its VPS', () => {
    expect(configureErrors('vps', vps, selecting(vps))).toEqual({ domain: 'Hostname is required' });
    expect(configureErrors('vps', vps, selecting(vps, { domain: 'web 01' })).domain).toMatch(
      /^Hostname can only/,
    );
    expect(configureErrors('vps', vps, selecting(vps, { domain: 'web-01.example' }))).toEqual({});
    expect(configureErrors('storage', storage, selecting(storage))).toEqual({
      storageVpsId: 'VPS is required',
    });
    expect(configureErrors('dedicated', dedicated, selecting(dedicated, { quantity: 9 }))).toEqual({
      quantity: 'Only 3 left',
    });
  });
});

describe('the order request', () => {
  it('sends a VPS with its cycle, every option, OS, keys, hostname and promo code, and no prices', () => {
    const selection = selecting(vps, {
      cycle: 'annually',
      configoptions: [
        { id: 20, optionid: 201 },
        { id: 21, optionid: 1 },
      ],
      os: 'debian-12',
      domain: ' web01.example ',
      sshKeyIds: [4, 9],
      paymentmethod: 'paypal',
      notes: '  rack it high ',
      promo: {
        code: 'SAVE5',
        type: 'Fixed Amount',
        value: '5.00',
        recurring: true,
        recurfor: 0,
        cycles: '',
        prefix: '$',
        suffix: ' USD',
      },
    });
    const summary = priceSummary(vps, selection)!;
    expect(orderRequest({ group: 'vps', product: vps, selection, summary, sshKeysAllowed: true })).toEqual({
      paymentmethod: 'paypal',
      pid: [201],
      billingcycle: ['annually'],
      configoptions: [
        { id: 20, optionid: 201 },
        { id: 21, optionid: 1 },
      ],
      customfields: [
        [
          { id: 30, value: 'debian-12' },
          { id: 31, value: '4,9' },
        ],
      ],
      quantity: 1,
      promocode: 'SAVE5',
      domain: 'web01.example',
      notes: 'rack it high',
    });
  });

  it('leaves out keys that are not allowed and an unticked checkbox is sent as 0', () => {
    const selection = selecting(vps, { os: 'windows-2022', domain: 'win', sshKeyIds: [4] });
    const summary = priceSummary(vps, selection)!;
    const request = orderRequest({ group: 'vps', product: vps, selection, summary, sshKeysAllowed: false });
    expect(request.customfields).toEqual([[{ id: 30, value: 'windows-2022' }]]);
    expect(request.configoptions).toContainEqual({ id: 21, optionid: 0 });
  });

  it('sends a storage block with the VPS it attaches to', () => {
    const selection = selecting(storage, { storageVpsId: 77, configoptions: [{ id: 40, optionid: 401 }] });
    const summary = priceSummary(storage, selection)!;
    const request = orderRequest({
      group: 'storage',
      product: storage,
      selection,
      summary,
      sshKeysAllowed: false,
    });
    expect(request.customfields).toEqual([[{ id: 50, value: '77' }]]);
    expect(request.configoptions).toEqual([{ id: 40, optionid: 401 }]);
    expect(request.domain).toBeUndefined();
  });
});
