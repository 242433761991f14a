import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createUser, eventually } from '../support/fixtures.ts';
import {
  orderService,
  payOrder,
  provisioningRow,
  quickProvisioning,
  serviceRow,
} from '../support/provisioning.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

/**
 * A first-generation VPS ordered and paid: the job creates it through Virtualizor's admin API
 * (`addvs`) from the product's plan, with the OS, hostname and root password; the vpsid becomes
 * the service's upstream id and the end-user API manages it. A creation the platform refuses is
 * retried and then given up, leaving no VPS behind.
 */
interface ControlVps {
  vpsid: number;
  hostname: string;
  osid: number;
  cores: number;
  ramMb: number;
  spaceGb: number;
  plid?: number;
  rootPasswordSha256: string;
  ips: Record<string, string>;
}

describe('provisioning a first-generation VPS after payment', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;

  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.01 });
    t = await createTestApp({ ...sim.env, ...quickProvisioning });
    owner = await createUser(t);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const vps = async (vpsid: string) =>
    ((await sim.control('GET', `/virtualizor/vps/${vpsid}`)) as { vps: ControlVps }).vps;
  const order = (hostname: string) =>
    orderService(t, owner.id, {
      productId: DemoProduct.ddosVps2G,
      provisioning: { planId: 1, cores: 2, memoryMb: 2048, diskGb: 40 },
      params: { hostname, osTemplate: 'debian-12', extraIpv4: 1 },
      rootPassword: 'Legacy-Root-Pass-7',
    });

  it('creates the VPS from the plan with the OS, hostname, password and addresses', async () => {
    const ordered = await order('legacy-2.example.com');
    await payOrder(t, ordered);
    await eventually(async () => (await serviceRow(t, ordered.serviceId)).status === 'Active');

    const service = await serviceRow(t, ordered.serviceId);
    expect(service).toMatchObject({
      provider: 'virtualizor',
      dedicatedIp: '192.0.2.10',
      assignedIps: '192.0.2.11',
    });
    const created = await vps(service.upstreamId!);
    expect(created).toMatchObject({
      hostname: 'legacy-2.example.com',
      osid: 1011,
      plid: 1,
      cores: 2,
      ramMb: 2048,
      spaceGb: 40,
    });
    expect(created.rootPasswordSha256).toBe(createHash('sha256').update('Legacy-Root-Pass-7').digest('hex'));
    // The panel's end-user adapter manages it like any other VPS.
    expect(await t.app.ctx.providers.vps.getVps(Number(service.upstreamId))).toMatchObject({
      hostname: 'legacy-2.example.com',
    });
    expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({
      state: 'done',
      rootPasswordEncrypted: null,
    });
  });

  it('finds the VPS an attempt created before its answer was lost, instead of creating a second', async () => {
    const ordered = await order('lost-answer.example.com');
    const created = await t.app.ctx.providers.vpsAdmin.createVps({
      hostname: 'lost-answer.example.com',
      rootPassword: 'whatever-1',
      osTemplate: '1011',
      planId: 1,
      ipv4Count: 1,
    });
    // What the earlier attempt recorded before it sent the creation.
    await t.database.db.execute(
      sql`update service_provisioning set claim = '{"creating": true}'::jsonb where service_id = ${ordered.serviceId}`,
    );
    expect(await t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0 })).toEqual({
      outcome: 'provisioned',
    });
    expect((await serviceRow(t, ordered.serviceId)).upstreamId).toBe(String(created.vpsid));
    expect(await t.app.ctx.providers.vpsAdmin.findVpsByHostname('lost-answer.example.com')).toHaveLength(1);
  });

  it('gives up after the last retry and leaves no VPS when the platform refuses the creation', async () => {
    await sim.control('POST', '/faults', {
      upstream: 'virtualizor',
      method: 'POST',
      pathContains: 'act=addvs',
      mode: 'error',
      count: 100,
      status: 503,
    });
    try {
      const ordered = await order('refused.example.com');
      await payOrder(t, ordered);
      const row = await eventually(async () => {
        const current = await provisioningRow(t, ordered.serviceId);
        return current.state === 'failed' && current;
      });
      expect(row).toMatchObject({ attempts: 3, claim: null });
      expect(row && row.lastError).toContain('not responding');
      expect(await serviceRow(t, ordered.serviceId)).toMatchObject({ status: 'Pending', upstreamId: null });
      expect(await t.app.ctx.providers.vpsAdmin.findVpsByHostname('refused.example.com')).toEqual([]);
    } finally {
      await sim.control('DELETE', '/faults');
    }
  });

  it('deletes the VPS an earlier attempt created when the service is cancelled before it is set up', async () => {
    const ordered = await order('cancelled-meanwhile.example.com');
    const created = await t.app.ctx.providers.vpsAdmin.createVps({
      hostname: 'cancelled-meanwhile.example.com',
      rootPassword: 'whatever-2',
      osTemplate: 'Debian 12',
      planId: 1,
      ipv4Count: 1,
    });
    await t.database.db.execute(
      sql`update service_provisioning set claim = ${JSON.stringify({ vpsid: created })}::jsonb where service_id = ${ordered.serviceId}`,
    );
    await t.database.db.execute(
      sql`update services set status = 'Cancelled' where id = ${ordered.serviceId}`,
    );
    expect(await t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0 })).toEqual({
      outcome: 'abandoned',
    });
    expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({
      state: 'failed',
      claim: null,
      lastError: 'This service is no longer pending, so it was not set up.',
    });
    expect(await t.app.ctx.providers.vpsAdmin.findVpsByHostname('cancelled-meanwhile.example.com')).toEqual(
      [],
    );
  });
});
