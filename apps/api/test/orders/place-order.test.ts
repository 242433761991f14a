import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src/db/client.ts';
import { SecretBox } from '../../src/lib/secret-box.ts';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { bearer, eventually, mailsTo } from '../support/fixtures.ts';
import {
  catalogIds,
  dedicatedOrder,
  createOrderTestApp,
  createSshKey,
  orderingOwner,
  orderRecord,
  placeOrder,
  vpsOrder,
  writtenFor,
} from '../support/orders.ts';
import { quickJobs, type TestApp } from '../support/test-app.ts';

const today = () => new Date().toISOString().slice(0, 10);

/**
 * `POST billing/order` (portal spec §3 Order request, §7 Order): the order, its Pending services,
 * their Unpaid invoice and provisioning, priced by the server; the confirmation mail.
 */
describe('placing an order', () => {
  let t: TestApp;
  let close: () => Promise<void>;
  beforeAll(async () => {
    ({ t, close } = await createOrderTestApp({ ...quickJobs, FRAUD_CHECK: 'off' }));
  });
  afterAll(() => close());

  it('writes a VPS order: Pending service, Unpaid invoice due today with its period, provisioning waiting', async () => {
    const { user, token } = await orderingOwner(t);
    const ids = await catalogIds(t, DemoProduct.dw4gNewYork);
    const response = await placeOrder(
      t,
      token,
      await vpsOrder(t, {
        billingcycle: ['quarterly'],
        configoptions: [
          {
            id: ids.option('IPv4 Addresses'),
            optionid: ids.choice('IPv4 Addresses', '3 IPv4 (2 additional)'),
          },
          { id: ids.option('Daily Backups'), optionid: 1 },
        ],
        notes: 'Please rack it near the window.',
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const answer = response.json();
    expect(answer).toEqual({
      result: 'success',
      orderid: expect.any(Number),
      ordernum: expect.stringMatching(/^\d{10}$/),
      invoiceid: expect.any(Number),
      serviceids: expect.stringMatching(/^\d+$/),
    });

    const record = await orderRecord(t, answer.orderid);
    // Quarterly: 3 months less 3 %: the plan 5820, two extra addresses 1746, daily backups 1164.
    expect(record.order).toMatchObject({
      userId: user.id,
      placedBy: user.id,
      status: 'Pending',
      invoiceId: answer.invoiceid,
      amountCents: 8730,
      paymentMethod: 'stripe',
      notes: 'Please rack it near the window.',
      fraudScore: 0,
    });
    expect(record.invoice).toMatchObject({
      userId: user.id,
      status: 'Unpaid',
      date: today(),
      dueDate: today(),
      subtotalCents: 8730,
      totalCents: 8730,
      paymentMethod: 'stripe',
    });
    const [service] = record.services;
    expect(String(service!.id)).toBe(answer.serviceids);
    expect(service).toMatchObject({
      productId: DemoProduct.dw4gNewYork,
      domain: 'web02.example.net',
      status: 'Pending',
      billingCycle: 'Quarterly',
      firstPaymentCents: 8730,
      recurringAmountCents: 8730,
      regDate: today(),
      nextDueDate: today(),
      promoRenewalsLeft: null,
      provider: null,
    });
    expect(service!.configOptions).toEqual([
      { id: ids.option('Location'), option: 'Location', type: 'dropdown', value: 'New York' },
      {
        id: ids.option('IPv4 Addresses'),
        option: 'IPv4 Addresses',
        type: 'dropdown',
        value: '3 IPv4 (2 additional)',
      },
      { id: ids.option('Daily Backups'), option: 'Daily Backups', type: 'yesno', value: '1' },
      {
        id: ids.option('Advanced DDoS Protection'),
        option: 'Advanced DDoS Protection',
        type: 'yesno',
        value: '0',
      },
    ]);
    expect(service!.customFields).toEqual([
      { id: ids.field('custom_os_id'), name: 'custom_os_id', value: 'debian-12' },
      { id: ids.field('ssh_key_ids'), name: 'ssh_key_ids', value: '' },
    ]);

    const [line] = record.items;
    expect(record.items).toHaveLength(1);
    expect(line).toMatchObject({
      type: 'Hosting',
      serviceId: service!.id,
      amountCents: 8730,
      periodStart: today(),
    });
    expect(line!.description.split('\n')).toEqual([
      expect.stringMatching(
        new RegExp(`^DW-4G - web02\\.example\\.net \\(${today()} - \\d{4}-\\d{2}-\\d{2}\\)$`),
      ),
      'Billing Cycle: Quarterly',
      'Location: New York',
      'IPv4 Addresses: 3 IPv4 (2 additional)',
      'Daily Backups: Yes',
    ]);

    expect(record.provisioning).toEqual([
      expect.objectContaining({
        serviceId: service!.id,
        orderId: answer.orderid,
        state: 'waiting',
        attempts: 0,
        params: {
          hostname: 'web02.example.net',
          location: 'New York',
          osTemplate: 'debian-12',
          extraIpv4: 2,
        },
      }),
    ]);
    const sealed = record.provisioning[0]!.rootPasswordEncrypted!;
    expect(new SecretBox('test-secret-test-secret-test-secret-0123').open(sealed)).toBe('Correct-Horse-42');
  });

  it('shows the new service and its invoice to the customer', async () => {
    const { token } = await orderingOwner(t);
    const { serviceids, invoiceid } = (await placeOrder(t, token, await vpsOrder(t))).json();
    const service = await t.app.inject({
      method: 'GET',
      url: `/api/services/${serviceids}`,
      headers: bearer(token),
    });
    expect(service.json().billing).toMatchObject({
      status: 'Pending',
      domain: 'web02.example.net',
      invoice_id: invoiceid,
    });
    const invoice = await t.app.inject({
      method: 'GET',
      url: `/api/invoices/${invoiceid}`,
      headers: bearer(token),
    });
    expect(invoice.json()).toMatchObject({ status: 'Unpaid', total: '20.00', paymentmethod: 'stripe' });
  });

  it('never stores the root password in clear: no row of any table holds it', async () => {
    const { token } = await orderingOwner(t);
    const secret = 'Very-Unusual-Root-Secret-9731';
    const response = await placeOrder(t, token, await vpsOrder(t, { rootpw: secret }), {
      'idempotency-key': 'root-secret-order',
    });
    expect(response.statusCode, response.body).toBe(200);
    await eventually(async () => (await jobsDone(t)) || undefined);
    const tables = await queryRows<{ schema: string; name: string }>(
      t.database.db,
      sql`select table_schema as schema, table_name as name from information_schema.tables
          where table_schema in ('public', 'pgboss') and table_type = 'BASE TABLE'`,
    );
    expect(tables.length).toBeGreaterThan(20);
    for (const table of tables) {
      const [row] = await queryRows<{ found: number }>(
        t.database.db,
        sql`select count(*)::int as found from ${sql.identifier(table.schema)}.${sql.identifier(table.name)} t
            where t::text like ${`%${secret}%`}`,
      );
      expect(row!.found, `${table.schema}.${table.name}`).toBe(0);
    }
  });

  it('mails the confirmation through the job queue, with the order number, services and invoice', async () => {
    const { user, token } = await orderingOwner(t);
    const { ordernum, invoiceid } = (await placeOrder(t, token, await vpsOrder(t))).json();
    const mail = await eventually(() => mailsTo(t, user.email).find((m) => m.subject.includes(ordernum)));
    expect(mail.subject).toBe(`Order Confirmation - Order #${ordernum}`);
    expect(mail.text).toContain(`- DW-4G - web02.example.net (${today()} - `);
    expect(mail.text).toContain(`Invoice #${invoiceid} of $20.00 USD is due on ${today()}`);
    expect(mail.text).toContain(`http://rackdesk.test/invoices/${invoiceid}`);
  });

  it('writes a dedicated server with its setup fee line, OS and disk layout', async () => {
    const { token } = await orderingOwner(t);
    const response = await placeOrder(
      t,
      token,
      await dedicatedOrder(
        t,
        { os: 'Ubuntu 24.04 LTS', layout: 'RAID 1' },
        { domain: 'db01.example.net', rootpw: 'Dedicated-Root-1', paymentmethod: 'paypal' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const record = await orderRecord(t, response.json().orderid);
    expect(
      record.items.map(({ description, amountCents }) => [description.split('\n')[0], amountCents]),
    ).toEqual([
      [expect.stringMatching(/^Xeon E3-1230 v6 - db01\.example\.net \(/), 8900],
      ['Setup Fee: Xeon E3-1230 v6', 4900],
    ]);
    expect(record.invoice).toMatchObject({ totalCents: 13800, paymentMethod: 'paypal' });
    expect(record.services[0]).toMatchObject({ firstPaymentCents: 13800, recurringAmountCents: 8900 });
    expect(record.provisioning[0]!.params).toEqual({
      hostname: 'db01.example.net',
      location: 'New York',
      osTemplate: 'Ubuntu 24.04 LTS',
      diskLayout: 'RAID 1',
    });
  });

  it('orders several units as several services, each with its own lines', async () => {
    const { token } = await orderingOwner(t);
    const response = await placeOrder(t, token, await vpsOrder(t, { quantity: 3 }));
    expect(response.statusCode, response.body).toBe(200);
    const record = await orderRecord(t, response.json().orderid);
    expect(record.services).toHaveLength(3);
    expect(response.json().serviceids.split(',').map(Number)).toEqual(record.services.map((s) => s.id));
    expect(record.items).toHaveLength(3);
    expect(record.invoice.totalCents).toBe(6000);
    expect(record.provisioning.map((row) => row.state)).toEqual(['waiting', 'waiting', 'waiting']);
  });

  it('installs SSH keys of the account', async () => {
    const { user, token } = await orderingOwner(t);
    const first = await createSshKey(t, user.id, 'laptop');
    const second = await createSshKey(t, user.id, 'desktop');
    const ids = await catalogIds(t, DemoProduct.dw4gNewYork);
    const response = await placeOrder(
      t,
      token,
      await vpsOrder(t, {
        rootpw: undefined,
        customfields: [
          [
            { id: ids.field('custom_os_id'), value: 'ubuntu-24.04' },
            { id: ids.field('ssh_key_ids'), value: `${second.id}, ${first.id}` },
          ],
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const record = await orderRecord(t, response.json().orderid);
    expect(record.provisioning[0]).toMatchObject({
      rootPasswordEncrypted: null,
      params: expect.objectContaining({ osTemplate: 'ubuntu-24.04', sshKeyIds: [second.id, first.id] }),
    });
  });

  it('prices on the server alone: a price or total sent along is refused, and writes nothing', async () => {
    const { user, token } = await orderingOwner(t);
    for (const tampered of [
      { total: '0.01' },
      { price: 1 },
      { grandTotal: 0 },
      { recurringamount: '0.00' },
    ]) {
      const response = await placeOrder(t, token, { ...(await vpsOrder(t)), ...tampered });
      expect(response.statusCode, response.body).toBe(422);
      expect(Object.keys(response.json().errors)).toEqual(['_']);
    }
    expect(await writtenFor(t, user.id)).toEqual({ orders: [], services: [], invoices: [] });
  });

  it('places an order once for one Idempotency-Key, answering the retry with the first answer', async () => {
    const { user, token } = await orderingOwner(t);
    const order = await vpsOrder(t);
    const key = { 'idempotency-key': 'order-3b9e1f' };
    const [first, second] = [await placeOrder(t, token, order, key), await placeOrder(t, token, order, key)];
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect((await writtenFor(t, user.id)).orders).toHaveLength(1);
    const other = await placeOrder(t, token, { ...order, domain: 'other.example.net' }, key);
    expect(other.statusCode).toBe(422);
  });
});

/** Whether the job queue has nothing left to run (so every job's data is where it stays). */
async function jobsDone(t: TestApp): Promise<boolean> {
  const [row] = await queryRows<{ open: number }>(
    t.database.db,
    sql`select count(*)::int as open from pgboss.job where state in ('created', 'retry', 'active')
        and name = 'billing-mail'`,
  );
  return row!.open === 0;
}
