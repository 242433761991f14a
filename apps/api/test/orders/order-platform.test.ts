import { OrderText } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createUser, loginToken, noPermissions } from '../support/fixtures.ts';
import {
  catalogIds,
  createOrderTestApp,
  createSshKey,
  orderingOwner,
  orderRecord,
  placeOrder,
  vpsOrder,
  writtenFor,
} from '../support/orders.ts';
import type { TestSimulator } from '../support/simulator.ts';
import type { TestApp } from '../support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from '../support/vps2-servers.ts';

/**
 * What an order asks the platform: a storage block's VPS (portal spec §5 Storage order), one of the
 * account's active VPS v2, in the block's location, not locked, inside a sub-account's whitelist;
 * and a VPS v2 ordered with one of the account's custom templates.
 */
describe('orders checked against the platform', () => {
  let t: TestApp;
  let sim: TestSimulator;
  let close: () => Promise<void>;
  let owner: Awaited<ReturnType<typeof orderingOwner>>;
  let ids: Awaited<ReturnType<typeof catalogIds>>;
  let vm: { newYork: number; chicago: number; suspended: number; busy: number };
  beforeAll(async () => {
    ({ t, sim, close } = await createOrderTestApp({ FRAUD_CHECK: 'off' }));
    owner = await orderingOwner(t);
    ids = await catalogIds(t, DemoProduct.storageNewYork);
    vm = {
      newYork: (await createVps2Service(t, sim, owner.user.id, 7101)).id,
      chicago: (await createVps2Service(t, sim, owner.user.id, 7102, { location: 'Chicago' })).id,
      suspended: (await createVps2Service(t, sim, owner.user.id, 7103, { status: 'Suspended' })).id,
      busy: (await createVps2Service(t, sim, owner.user.id, 7104)).id,
    };
  });
  afterAll(() => close());

  const storageOrder = (vpsId: string | undefined, size = '250 GB') => ({
    pid: [DemoProduct.storageNewYork],
    billingcycle: ['monthly'],
    configoptions: [{ id: ids.option('Storage Size'), optionid: ids.choice('Storage Size', size) }],
    customfields: vpsId === undefined ? [[]] : [[{ id: ids.field('vm_whmcs_id'), value: vpsId }]],
    paymentmethod: 'stripe',
  });

  async function refused(token: string, order: object, field: string, message: string) {
    const response = await placeOrder(t, token, order);
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().errors).toEqual({ [field]: [message] });
  }

  it('orders a block for an active VPS in its location, named by its size', async () => {
    const response = await placeOrder(t, owner.token, storageOrder(String(vm.newYork)));
    expect(response.statusCode, response.body).toBe(200);
    const record = await orderRecord(t, response.json().orderid);
    // $5.00 per 100 GB a month.
    expect(record.invoice.totalCents).toBe(1250);
    expect(record.services[0]).toMatchObject({ domain: 'Storage Block 250 GB', status: 'Pending' });
    expect(record.provisioning[0]).toMatchObject({
      rootPasswordEncrypted: null,
      params: {
        hostname: 'Storage Block 250 GB',
        location: 'New York',
        sizeGb: 250,
        attachToServiceId: vm.newYork,
      },
    });
  });

  it('needs a VPS: one of the account’s active ones', async () => {
    await refused(owner.token, storageOrder(undefined), 'customfields.0', OrderText.vpsRequired);
    await refused(owner.token, storageOrder(''), 'customfields.0.0.value', OrderText.vpsRequired);
    await refused(owner.token, storageOrder('abc'), 'customfields.0.0.value', OrderText.vpsNotAvailable);
    await refused(
      owner.token,
      storageOrder(String(vm.suspended)),
      'customfields.0.0.value',
      OrderText.vpsNotAvailable,
    );
    const other = await orderingOwner(t);
    const theirs = await createVps2Service(t, sim, other.user.id, 7105);
    await refused(
      owner.token,
      storageOrder(String(theirs.id)),
      'customfields.0.0.value',
      OrderText.vpsNotAvailable,
    );
  });

  it('refuses a VPS in another location, and a locked one', async () => {
    await refused(
      owner.token,
      storageOrder(String(vm.chicago)),
      'customfields.0.0.value',
      OrderText.diskVpsLocation,
    );
    await t.app.ctx.providers.proxmox.triggerBackup(7104);
    await refused(owner.token, storageOrder(String(vm.busy)), 'customfields.0.0.value', OrderText.vpsLocked);
  });

  it('refuses a VPS outside a sub-account’s whitelist', async () => {
    const sub = await createUser(t, {
      parentId: owner.user.id,
      permissions: { ...noPermissions, order: true },
      serviceWhitelist: [vm.chicago],
    });
    const token = await loginToken(t.app, sub.email, sub.password);
    await refused(
      token,
      storageOrder(String(vm.newYork)),
      'customfields.0.0.value',
      OrderText.storageNotWhitelisted,
    );
  });

  it('orders a VPS v2 from a finished custom template of the account, without SSH keys', async () => {
    const template = await t.app.ctx.providers.proxmox.createUserTemplate(7101, owner.user.id, 'golden');
    const vps = await catalogIds(t, DemoProduct.dw4gNewYork);
    const withOs = async (value: string, keys?: string) => ({
      ...(await vpsOrder(t)),
      customfields: [
        [
          { id: vps.field('custom_os_id'), value },
          ...(keys === undefined ? [] : [{ id: vps.field('ssh_key_ids'), value: keys }]),
        ],
      ],
    });
    // Still being made: not yet a template to install.
    await refused(
      owner.token,
      await withOs(String(template.id)),
      'customfields.0.0.value',
      OrderText.osNotOffered,
    );
    await sim.advance(LONG_ENOUGH_MS);
    for (const value of [String(template.id), `custom_${template.id}`]) {
      const response = await placeOrder(t, owner.token, await withOs(value));
      expect(response.statusCode, response.body).toBe(200);
      const record = await orderRecord(t, response.json().orderid);
      expect(record.provisioning[0]!.params).toEqual({
        hostname: 'web02.example.net',
        location: 'New York',
        customTemplateId: template.id,
        extraIpv4: 0,
      });
    }
    const key = await createSshKey(t, owner.user.id, 'order-key');
    await refused(
      owner.token,
      await withOs(String(template.id), String(key.id)),
      'customfields.0.1.value',
      OrderText.sshKeysNotAllowed,
    );
    // Another account's template is not one to order with.
    const other = await orderingOwner(t);
    await createVps2Service(t, sim, other.user.id, 7107);
    await refused(
      other.token,
      await withOs(String(template.id)),
      'customfields.0.0.value',
      OrderText.osNotOffered,
    );
  });

  it('answers 502 when the platform cannot say how the VPS is, and writes nothing', async () => {
    const buyer = await orderingOwner(t);
    const server = await createVps2Service(t, sim, buyer.user.id, 7106);
    await sim.control('POST', '/faults', { upstream: 'proxmox', mode: 'error', count: 10 });
    const response = await placeOrder(t, buyer.token, storageOrder(String(server.id)));
    await sim.control('DELETE', '/faults');
    expect(response.statusCode).toBe(502);
    expect(response.json()).toEqual({ message: OrderText.vpsStatusUnknown, error: 'upstream_error' });
    expect((await writtenFor(t, buyer.user.id)).orders).toEqual([]);
  });
});
