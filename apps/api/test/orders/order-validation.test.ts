import { OrderText } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct, DemoPromo } from '../../src/seed/catalog.ts';
import {
  catalogIds,
  createOrderTestApp,
  createSshKey,
  orderingOwner,
  placeOrder,
  vpsOrder,
  writtenFor,
} from '../support/orders.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Bad input on every field of `POST billing/order`: a 422 naming the field (the spec's text where
 * it has one), never a 500, and nothing written.
 */
describe('order validation', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof orderingOwner>>;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({ FRAUD_CHECK: 'off' }));
    owner = await orderingOwner(t);
    ids = await catalogIds(t, DemoProduct.dw4gNewYork);
  });
  afterAll(() => close());

  /** Sends the valid VPS order changed by `change`, expects a 422 with `field` (and `message`). */
  async function refused(change: Record<string, unknown>, field: string, message?: string) {
    const order = { ...(await vpsOrder(t)), ...change };
    const response = await placeOrder(t, owner.token, order);
    expect(response.statusCode, `${JSON.stringify(change)}: ${response.body}`).toBe(422);
    const { errors } = response.json();
    expect(Object.keys(errors), JSON.stringify(errors)).toContain(field);
    if (message) expect(errors[field]).toContain(message);
  }

  afterAll(async () => {
    // Every refusal above left the account as it was.
    expect(await writtenFor(t, owner.user.id)).toEqual({ orders: [], services: [], invoices: [] });
  });

  it('refuses wrong types, sizes and shapes of every field', async () => {
    await refused({ pid: 202 }, 'pid');
    await refused({ pid: ['202'] }, 'pid.0');
    await refused({ pid: [] }, 'pid', 'Choose a product.');
    await refused({ pid: [1.5] }, 'pid.0');
    await refused({ pid: [-3] }, 'pid.0');
    await refused({ pid: [2 ** 40] }, 'pid.0');
    await refused(
      { pid: Array.from({ length: 11 }, () => 202), billingcycle: Array(11).fill('monthly') },
      'pid',
    );
    await refused({ billingcycle: ['weekly'] }, 'billingcycle.0', 'Unknown billing cycle.');
    await refused(
      { billingcycle: ['monthly', 'monthly'] },
      'billingcycle',
      'Give one billing cycle per product.',
    );
    await refused({ configoptions: { id: 1 } }, 'configoptions');
    await refused({ configoptions: [{ id: '2022', optionid: 1 }] }, 'configoptions.0.id');
    await refused({ configoptions: [{ id: 2022, optionid: true }] }, 'configoptions.0.optionid');
    await refused(
      { configoptions: Array.from({ length: 101 }, () => ({ id: 1, optionid: 1 })) },
      'configoptions',
    );
    await refused({ configoptions: [{ id: 2022, optionid: 1, price: 0 }] }, 'configoptions.0');
    await refused({ customfields: [[{ id: 1, value: 7 }]] }, 'customfields.0.0.value');
    await refused({ customfields: [[{ id: 1, value: 'x'.repeat(2001) }]] }, 'customfields.0.0.value');
    await refused(
      { customfields: [Array.from({ length: 21 }, () => ({ id: 1, value: '' }))] },
      'customfields.0',
    );
    await refused({ domain: 42 }, 'domain');
    await refused({ domain: 'a'.repeat(254) }, 'domain');
    await refused({ rootpw: 'short' }, 'rootpw');
    await refused({ rootpw: 'x'.repeat(129) }, 'rootpw');
    await refused({ quantity: '2' }, 'quantity');
    await refused({ quantity: 0 }, 'quantity', OrderText.minQuantity);
    await refused({ quantity: 1.5 }, 'quantity');
    await refused({ quantity: 101 }, 'quantity');
    await refused({ paymentmethod: 'cash' }, 'paymentmethod', 'Unknown payment method.');
    await refused({ promocode: 'x'.repeat(101) }, 'promocode');
    await refused({ notes: 'x'.repeat(5001) }, 'notes');
    await refused({ extra: true }, '_');
  });

  it('refuses control characters in any text, line breaks in one-line fields', async () => {
    await refused({ domain: 'web\u0000.example.net' }, 'domain');
    await refused({ rootpw: 'Correct\u0007Horse-42' }, 'rootpw');
    await refused({ promocode: 'SAVE\n5' }, 'promocode');
    await refused(
      { customfields: [[{ id: ids.field('custom_os_id'), value: 'debian-12\u001b' }]] },
      'customfields.0.0.value',
    );
    await refused({ notes: 'hello\u0000' }, 'notes');
  });

  it('refuses unknown, hidden and unorderable products, and cycles not offered', async () => {
    await refused({ pid: [999_999] }, 'pid.0', OrderText.productNotFound);
    await refused({ pid: [DemoProduct.ddosVps2G] }, 'pid.0', OrderText.productNotFound);
    await refused({ pid: [DemoProduct.managedBackup] }, 'pid.0');
    await refused(
      { pid: [DemoProduct.instantE3NewYork], customfields: [], billingcycle: ['triennially'] },
      'billingcycle.0',
      OrderText.cycleNotOffered,
    );
  });

  it('refuses unknown, hidden and foreign configuration options and choices', async () => {
    await refused(
      { configoptions: [{ id: 999_999, optionid: 1 }] },
      'configoptions.0.id',
      'Unknown configuration option.',
    );
    // An option of another product.
    const dedicated = await catalogIds(t, DemoProduct.instantE3NewYork);
    await refused(
      { configoptions: [{ id: dedicated.option('Disk Layout'), optionid: 1 }] },
      'configoptions.0.id',
    );
    await refused(
      { configoptions: [{ id: ids.option('IPv4 Addresses'), optionid: 999_999 }] },
      'configoptions.0.optionid',
      'Unknown option.',
    );
    // The hidden 'Los Angeles' location, and another option's choice.
    await refused(
      { configoptions: [{ id: ids.option('Location'), optionid: ids.choice('Location', 'Los Angeles') }] },
      'configoptions.0.optionid',
    );
    await refused(
      {
        configoptions: [
          { id: ids.option('Location'), optionid: ids.choice('IPv4 Addresses', '1 IPv4 (included)') },
        ],
      },
      'configoptions.0.optionid',
    );
    await refused(
      { configoptions: [{ id: ids.option('Daily Backups'), optionid: 2 }] },
      'configoptions.0.optionid',
    );
    await refused(
      {
        configoptions: [
          { id: ids.option('Daily Backups'), optionid: 1 },
          { id: ids.option('Daily Backups'), optionid: 0 },
        ],
      },
      'configoptions.1.id',
    );
  });

  it('refuses unknown custom fields, a missing or foreign OS, and a template of another product', async () => {
    await refused(
      { customfields: [[{ id: 999_999, value: 'debian-12' }]] },
      'customfields.0.0.id',
      OrderText.unknownCustomField,
    );
    await refused({ customfields: [[]] }, 'customfields.0', OrderText.osRequired);
    await refused(
      { customfields: [[{ id: ids.field('custom_os_id'), value: '' }]] },
      'customfields.0.0.value',
      OrderText.osRequired,
    );
    await refused(
      { customfields: [[{ id: ids.field('custom_os_id'), value: 'freebsd-14' }]] },
      'customfields.0.0.value',
      OrderText.osNotOffered,
    );
    // Retired (hidden) template, and a custom template id the account does not have.
    await refused(
      { customfields: [[{ id: ids.field('custom_os_id'), value: 'centos-7' }]] },
      'customfields.0.0.value',
    );
    await refused(
      { customfields: [[{ id: ids.field('custom_os_id'), value: '4242' }]] },
      'customfields.0.0.value',
    );
    // Windows does not fit the 2 GB plan.
    const small = await catalogIds(t, DemoProduct.dw2gNewYork);
    await refused(
      {
        pid: [DemoProduct.dw2gNewYork],
        customfields: [[{ id: small.field('custom_os_id'), value: 'windows-server-2022' }]],
      },
      'customfields.0.0.value',
      OrderText.osNotOffered,
    );
    await refused(
      {
        customfields: [
          [
            { id: ids.field('custom_os_id'), value: 'debian-12' },
            { id: ids.field('custom_os_id'), value: 'ubuntu-24.04' },
          ],
        ],
      },
      'customfields.0.1.id',
      OrderText.sentTwice,
    );
  });

  it('refuses SSH keys of another account, malformed lists, and keys with Windows', async () => {
    const other = await orderingOwner(t);
    const foreign = await createSshKey(t, other.user.id, 'theirs');
    const mine = await createSshKey(t, owner.user.id, 'mine');
    const withKeys = (value: string, os = 'debian-12') => ({
      customfields: [
        [
          { id: ids.field('custom_os_id'), value: os },
          { id: ids.field('ssh_key_ids'), value },
        ],
      ],
    });
    await refused(withKeys(String(foreign.id)), 'customfields.0.1.value', OrderText.unknownSshKey);
    await refused(withKeys(`${mine.id},abc`), 'customfields.0.1.value', OrderText.unknownSshKey);
    await refused(withKeys(Array.from({ length: 21 }, (_, i) => i + 1).join(',')), 'customfields.0.1.value');
    await refused(
      withKeys(String(mine.id), 'windows-server-2022'),
      'customfields.0.1.value',
      OrderText.sshKeysNotAllowed,
    );
  });

  it('refuses a VPS without a hostname or with a bad one', async () => {
    await refused({ domain: undefined }, 'domain', OrderText.hostnameRequired);
    await refused({ domain: '   ' }, 'domain', OrderText.hostnameRequired);
    await refused({ domain: 'web 02.example.net' }, 'domain', OrderText.hostnameInvalid);
    await refused({ domain: 'web02/example' }, 'domain', OrderText.hostnameInvalid);
  });

  it('refuses a disk layout the OS or the drive bays do not allow', async () => {
    const dedicated = await catalogIds(t, DemoProduct.instantE3NewYork);
    const layout = (os: string, disk: string) => ({
      pid: [DemoProduct.instantE3NewYork],
      customfields: [],
      configoptions: [
        { id: dedicated.option('Operating System'), optionid: dedicated.choice('Operating System', os) },
        { id: dedicated.option('Disk Layout'), optionid: dedicated.choice('Disk Layout', disk) },
      ],
    });
    // Two drive bays: no RAID 5 (three) or RAID 10 (four), whatever the OS supports.
    await refused(
      layout('Debian 12', 'RAID 5'),
      'configoptions.1.optionid',
      OrderText.diskLayoutNotSupported,
    );
    await refused(
      layout('Ubuntu 24.04 LTS', 'RAID 10'),
      'configoptions.1.optionid',
      OrderText.diskLayoutNotSupported,
    );
    // AlmaLinux builds RAID 1 only.
    await refused(
      layout('AlmaLinux 9', 'RAID 0'),
      'configoptions.1.optionid',
      OrderText.diskLayoutNotSupported,
    );
    // The retired CentOS 7 choice is hidden.
    await refused(layout('CentOS 7', 'None'), 'configoptions.0.optionid');
  });

  it('refuses more than the stock, a promo code that does not hold, and a gateway not offered', async () => {
    await refused(
      { pid: [DemoProduct.instantDualE5NewYork], customfields: [], quantity: 4 },
      'quantity',
      OrderText.notEnoughStock(3),
    );
    await refused(
      { pid: [DemoProduct.instantEpycNewYork], customfields: [] },
      'quantity',
      'This product is out of stock.',
    );
    for (const code of [
      'NOPE',
      DemoPromo.expired,
      DemoPromo.notStarted,
      DemoPromo.usedUp,
      DemoPromo.dedicatedOnly,
    ]) {
      await refused({ promocode: code }, 'promocode', OrderText.promoInvalid);
    }
    await refused({ promocode: DemoPromo.annualOnly }, 'promocode', OrderText.promoWrongCycle);
    await refused({ paymentmethod: 'mailin' }, 'paymentmethod', OrderText.paymentMethodUnavailable);
  });

  it('answers every field error of a request at once', async () => {
    const response = await placeOrder(t, owner.token, {
      ...(await vpsOrder(t)),
      domain: 'bad host',
      promocode: 'NOPE',
      customfields: [[{ id: ids.field('custom_os_id'), value: 'freebsd-14' }]],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      promocode: [OrderText.promoInvalid],
      domain: [OrderText.hostnameInvalid],
      'customfields.0.0.value': [OrderText.osNotOffered],
    });
  });
});
