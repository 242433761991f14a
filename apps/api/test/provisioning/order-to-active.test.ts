import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct, seedCatalog } from '../../src/seed/catalog.ts';
import { ensureDemoMachines } from '../../src/seed/demo-machines.ts';
import { bearer, eventually } from '../support/fixtures.ts';
import { gatewayEnv } from '../support/gateways.ts';
import { invoiceRow, payInvoice } from '../support/invoices.ts';
import { catalogIds, dedicatedOrder, orderingOwner, placeOrder, vpsOrder } from '../support/orders.ts';
import { provisioningRow, quickProvisioning, serviceRow } from '../support/provisioning.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * From `POST billing/order` to a running server, through the real order API, the payment's
 * settlement and the provisioning job, on the demo catalogue and the demo datacenter's inventory.
 */
describe('an order, paid, becomes a running server', () => {
  let sim: TestSimulator;
  let t: TestApp;

  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.01 });
    t = await createTestApp({ ...sim.env, ...gatewayEnv(sim.url), ...quickProvisioning, FRAUD_CHECK: 'off' });
    await seedCatalog(t.database.db);
    await ensureDemoMachines(sim.url);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  async function pay(invoiceId: number) {
    const invoice = await invoiceRow(t, invoiceId);
    const outcome = await payInvoice(t, invoiceId, {
      gateway: 'stripe',
      transId: `ch_${invoiceId}`,
      cents: invoice.totalCents,
    });
    expect(outcome).toMatchObject({ kind: 'recorded', invoicePaid: true });
  }

  it('orders a VPS v2 with two extra addresses, pays it and gets its VM', async () => {
    const { token } = await orderingOwner(t);
    const ids = await catalogIds(t, DemoProduct.dw2gNewYork);
    const response = await placeOrder(
      t,
      token,
      await vpsOrder(t, {
        pid: [DemoProduct.dw2gNewYork],
        domain: 'shop.example.net',
        configoptions: [
          {
            id: ids.option('IPv4 Addresses'),
            optionid: ids.choice('IPv4 Addresses', '3 IPv4 (2 additional)'),
          },
        ],
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { invoiceid, serviceids } = response.json();
    const serviceId = Number(serviceids);
    expect((await provisioningRow(t, serviceId)).state).toBe('waiting');

    await pay(invoiceid);
    await eventually(async () => (await serviceRow(t, serviceId)).status === 'Active');

    const service = await serviceRow(t, serviceId);
    expect(service.assignedIps.split('\n')).toHaveLength(2);
    const vm = (await sim.control('GET', `/proxmox/vms/${service.upstreamId}`)) as {
      config: Record<string, string | number>;
    };
    expect(vm.config).toMatchObject({
      name: 'shop.example.net',
      cores: 2,
      memory: 2048,
      cipassword: 'Correct-Horse-42',
      ipconfig0: `ip=${service.dedicatedIp}/24,gw=198.51.100.1`,
    });
    // The order's page of the service is now the server's own.
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/services/vps/v2/${serviceId}`,
      headers: bearer(token),
    });
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().vps).toMatchObject({ hostname: 'shop.example.net', status: 'running' });
  });

  it('orders an instant dedicated server with RAID 1, pays it and gets a free server of the product', async () => {
    const { token } = await orderingOwner(t);
    const response = await placeOrder(
      t,
      token,
      await dedicatedOrder(
        t,
        { os: 'Debian 12', layout: 'RAID 1' },
        { domain: 'metal.example.net', rootpw: 'Metal-Root-Pass-9', paymentmethod: 'stripe' },
      ),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { invoiceid, serviceids } = response.json();
    const serviceId = Number(serviceids);

    await pay(invoiceid);
    await eventually(async () => (await serviceRow(t, serviceId)).status === 'Active');

    const service = await serviceRow(t, serviceId);
    const upstream = (await sim.control('GET', `/tenantos/servers/${service.upstreamId}`)) as {
      server: { hostname: string; tags: string[] };
      install: { profileId: number; disklayoutId: number };
    };
    expect(upstream.server).toMatchObject({
      hostname: 'metal.example.net',
      tags: ['instant-e3-1230v6-nyc', `rackdesk-service-${serviceId}`],
    });
    expect(upstream.install).toMatchObject({ profileId: 1, disklayoutId: 2 });
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/services/dedicated/${serviceId}`,
      headers: bearer(token),
    });
    expect(page.statusCode, page.body).toBe(200);
  });
});
