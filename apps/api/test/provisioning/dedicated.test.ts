import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sshKeys } from '../../src/db/schema/index.ts';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createService, createUser, eventually, mailsTo } from '../support/fixtures.ts';
import {
  orderService,
  orderStatus,
  payOrder,
  provisioningRow,
  quickProvisioning,
  serviceRow,
} from '../support/provisioning.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * An instant dedicated server ordered and paid: a free server carrying the product's tag in the
 * simulated Tenantos is assigned (tagged with the service's mark), named, and its OS install is
 * started with the chosen profile, RAID layout, password and keys. Taken servers are never given
 * twice; a failure after the last retry frees the server again.
 */
const TAG = 'test-instant-e3';
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl ops@example';

interface ControlServer {
  server: { id: number; hostname: string; tags: string[]; primaryip: string };
  install: { profileId: number; disklayoutId: number | null; hostname?: string; sshKeys?: string[] } | null;
}

describe('provisioning a dedicated server after payment', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;

  const server = async (id: number) => (await sim.control('GET', `/tenantos/servers/${id}`)) as ControlServer;
  const rack = (id: number, tags: string[], third: number) =>
    sim.control('POST', '/tenantos/servers', {
      id,
      servername: `TEST-${id}`,
      hostname: `stock-${id}.example.net`,
      cpu: { model: 'Intel(R) Xeon(R) CPU E3-1230 v6 @ 3.50GHz', cores: 4 },
      memoryMb: 32768,
      disks: [
        { sizeGb: 480, type: 'SSD' },
        { sizeGb: 480, type: 'SSD' },
      ],
      subnets: [
        {
          subnet: `203.0.113.${third}`,
          cidr: 29,
          gw: `203.0.113.${third + 1}`,
          ips: [`203.0.113.${third + 2}`, `203.0.113.${third + 3}`],
        },
        { subnet: '192.168.50.0', cidr: 24, gw: '', ips: [`192.168.50.${third}`] },
      ],
      powerProvider: 'ipmi',
      bmcReset: true,
      tags,
    });
  const order = (hostname: string, extra: Partial<Parameters<typeof orderService>[2]> = {}) =>
    orderService(t, owner.id, {
      productId: DemoProduct.instantE3NewYork,
      provisioning: { serverTag: TAG, location: 'New York' },
      params: { hostname, osTemplate: 'Ubuntu 24.04 LTS', diskLayout: 'RAID 1' },
      rootPassword: 'Dedicated-Root-1',
      ...extra,
    });

  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.01 });
    t = await createTestApp({ ...sim.env, ...quickProvisioning });
    owner = await createUser(t);
    // 5101 is taken by another service upstream; 5102 runs one of ours; 5103 and 5104 are free.
    await rack(5101, [TAG, 'rackdesk-service-999999'], 8);
    await rack(5102, [TAG], 16);
    await rack(5103, [TAG], 24);
    await rack(5104, [TAG], 32);
    await rack(5105, ['another-product'], 40);
    await createService(t, owner.id, {
      productId: DemoProduct.instantE3NewYork,
      status: 'Active',
      provider: 'tenantos',
      upstreamId: '5102',
    });
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('assigns a free server of the product, names it and starts the chosen install', async () => {
    const [key] = await t.database.db
      .insert(sshKeys)
      .values({ userId: owner.id, title: 'ops', publicKey: KEY })
      .returning();
    const ordered = await order('db-1.example.com', {
      params: {
        hostname: 'db-1.example.com',
        osTemplate: 'Ubuntu 24.04 LTS',
        diskLayout: 'RAID 10',
        sshKeyIds: [key!.id],
      },
    });
    await payOrder(t, ordered);
    await eventually(async () => (await serviceRow(t, ordered.serviceId)).status === 'Active');

    expect(await serviceRow(t, ordered.serviceId)).toMatchObject({
      provider: 'tenantos',
      upstreamId: '5103',
      dedicatedIp: '203.0.113.26',
      // The private address is not the customer's to use from outside.
      assignedIps: '203.0.113.27',
    });
    const assigned = await server(5103);
    expect(assigned.server).toMatchObject({
      hostname: 'db-1.example.com',
      tags: [TAG, `rackdesk-service-${ordered.serviceId}`],
    });
    // Profile 2 (Ubuntu 24.04 LTS), layout 3 (Software RAID 10), the key and the hostname.
    expect(assigned.install).toMatchObject({
      profileId: 2,
      disklayoutId: 3,
      hostname: 'db-1.example.com',
      sshKeys: [KEY],
    });
    expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({
      state: 'done',
      rootPasswordEncrypted: null,
    });
    expect(await orderStatus(t, ordered.orderId)).toBe('Active');
    await eventually(() =>
      mailsTo(t, owner.email).some(
        (m) => m.subject === 'Your server is ready - Xeon E3-1230 v6 - db-1.example.com',
      ),
    );
  });

  it('installs a server ordered without a hostname under its name in the inventory', async () => {
    const tag = 'test-nameless';
    await rack(5107, [tag], 48);
    const ordered = await order('', {
      provisioning: { serverTag: tag, location: 'New York' },
      params: { hostname: '', osTemplate: 'Debian 12 (Bookworm)', diskLayout: 'None' },
    });
    await payOrder(t, ordered);
    await eventually(async () => (await serviceRow(t, ordered.serviceId)).status === 'Active');
    const assigned = await server(5107);
    expect(assigned.server).toMatchObject({
      hostname: 'stock-5107.example.net',
      tags: [tag, `rackdesk-service-${ordered.serviceId}`],
    });
    expect(assigned.install).toMatchObject({ hostname: 'stock-5107.example.net' });
  });

  it('never gives one server to two services, and says so when none is left', async () => {
    const first = await order('db-2.example.com', {
      params: { hostname: 'db-2.example.com', osTemplate: 'Debian 12 (Bookworm)', diskLayout: 'None' },
    });
    const second = await order('db-3.example.com');
    await Promise.all([
      t.app.ctx.provisioning.runAttempt(first.serviceId, { retryCount: 0 }).catch(() => undefined),
      t.app.ctx.provisioning.runAttempt(second.serviceId, { retryCount: 0 }).catch(() => undefined),
    ]);
    const rows = [await serviceRow(t, first.serviceId), await serviceRow(t, second.serviceId)];
    const winners = rows.filter((row) => row.status === 'Active');
    expect(winners.map((row) => row.upstreamId)).toEqual(['5104']);
    const loser = rows.find((row) => row.status === 'Pending')!;
    expect(await provisioningRow(t, loser.id)).toMatchObject({
      state: 'waiting',
      lastError: 'No server of this product is free at the moment. We will keep trying.',
    });
    // 'None' leaves the layout to the profile; 'RAID 1' is the profile's Software RAID 1 (2).
    const winner = winners[0]!;
    expect((await server(5104)).install).toMatchObject({
      disklayoutId: winner.id === first.serviceId ? null : 2,
      profileId: winner.id === first.serviceId ? 1 : 2,
    });
    expect((await server(5101)).server.tags).toEqual([TAG, 'rackdesk-service-999999']);
  });

  it('frees the server after the last retry when its install cannot start', async () => {
    await rack(5106, [TAG], 48);
    await sim.control('POST', '/faults', {
      upstream: 'tenantos',
      method: 'POST',
      pathContains: '/provisioning/startReinstallation',
      mode: 'error',
      count: 100,
      status: 500,
    });
    try {
      const ordered = await order('db-4.example.com');
      await payOrder(t, ordered);
      const row = await eventually(async () => {
        const current = await provisioningRow(t, ordered.serviceId);
        return current.state === 'failed' && current;
      });
      expect(row).toMatchObject({
        attempts: 3,
        claim: null,
        lastError: expect.stringContaining('not responding'),
      });
      expect(await serviceRow(t, ordered.serviceId)).toMatchObject({ status: 'Pending', upstreamId: null });
      expect((await server(5106)).server.tags).toEqual([TAG]);
    } finally {
      await sim.control('DELETE', '/faults');
    }
  });
});
