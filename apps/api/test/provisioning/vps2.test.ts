import { EventName, OperatorText } from '@rackdesk/contract';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sshKeys } from '../../src/db/schema/index.ts';
import { nextDueDate } from '../../src/modules/billing/cycle/cycle-dates.ts';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { openEventStream } from '../support/event-stream.ts';
import { bearer, createUser, eventually, loginToken, mailsTo } from '../support/fixtures.ts';
import { invoiceRow } from '../support/invoices.ts';
import {
  type OrderedService,
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
 * A VPS v2 ordered and paid: the provisioning job clones the template on Proxmox (the simulator,
 * at a hundredth of real time) into a VM with the plan, hostname, cloud-init and pool addresses,
 * and the service becomes Active; a clone that keeps failing is retried, then given up without
 * leaving a VM behind.
 */
const plan = { cores: 2, memoryMb: 2048, diskGb: 40, location: 'New York' };
const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl test@example';

interface SimVm {
  vmid: number;
  node: string;
  status: string;
  lock: string | null;
  config: Record<string, string | number>;
}

describe('provisioning a VPS v2 after payment', () => {
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

  const vms = async () => ((await sim.control('GET', '/proxmox/vms')) as { vms: SimVm[] }).vms;
  const vmsMarked = async (serviceId: number) =>
    (await vms()).filter((vm) =>
      String(vm.config.description ?? '').includes(`rackdesk-service-${serviceId}`),
    );
  const order = (hostname: string, extra: Partial<Parameters<typeof orderService>[2]> = {}) =>
    orderService(t, owner.id, {
      productId: DemoProduct.dw2gNewYork,
      provisioning: plan,
      params: { hostname, osTemplate: 'debian-12', location: 'New York', extraIpv4: 0 },
      rootPassword: 'Order-Root-Pass-1',
      ...extra,
    });
  const active = (ordered: OrderedService) =>
    eventually(async () => (await serviceRow(t, ordered.serviceId)).status === 'Active');

  it('builds the VM with the plan, hostname, password and addresses, and activates service and order', async () => {
    const token = await loginToken(t.app, owner.email, owner.password);
    const stream = await openEventStream(t.app, token);
    const ordered = await order('web-7.example.com', {
      params: { hostname: 'web-7.example.com', osTemplate: 'debian-12', location: 'New York', extraIpv4: 2 },
    });
    await payOrder(t, ordered);
    await active(ordered);

    const service = await serviceRow(t, ordered.serviceId);
    const [vm] = await vmsMarked(ordered.serviceId);
    expect(vm).toBeDefined();
    expect(service).toMatchObject({
      provider: 'proxmox',
      upstreamId: String(vm!.vmid),
      dedicatedIp: '198.51.100.64',
      assignedIps: '198.51.100.65\n198.51.100.66',
    });
    expect(vm).toMatchObject({ node: 'pve-nyc-1', status: 'running', lock: null });
    expect(vm!.config).toMatchObject({
      name: 'web-7.example.com',
      cores: 2,
      memory: 2048,
      ciuser: 'root',
      cipassword: 'Order-Root-Pass-1',
      ipconfig0: 'ip=198.51.100.64/24,gw=198.51.100.1',
      ipconfig1: 'ip=198.51.100.65/24',
      ipconfig2: 'ip=198.51.100.66/24',
      tags: 'rd-os-9001',
      scsi0: expect.stringMatching(/^local-lvm:vm-\d+-disk-0,size=40G$/),
    });

    // Due one cycle after the day it was set up (the simulator's day).
    const today = new Date(((await sim.control('GET', '/clock')) as { now: number }).now)
      .toISOString()
      .slice(0, 10);
    expect(service.nextDueDate).toBe(nextDueDate(today, 'Monthly', today));
    const row = await provisioningRow(t, ordered.serviceId);
    expect(row).toMatchObject({ state: 'done', rootPasswordEncrypted: null, attempts: 1, lastError: '' });
    expect(await orderStatus(t, ordered.orderId)).toBe('Active');

    await stream.readUntil(`event: ${EventName.serviceProvisioned}`);
    expect(stream.received()).toContain(`"serviceId":${ordered.serviceId}`);
    stream.close();
    const mail = await eventually(() =>
      mailsTo(t, owner.email).find((m) => m.subject === 'Your server is ready - DW-2G - web-7.example.com'),
    );
    expect(mail.text).toContain('198.51.100.64, 198.51.100.65, 198.51.100.66');
    expect(mail.text).toContain(`http://rackdesk.test/services/vps/v2/${ordered.serviceId}`);

    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/services/${ordered.serviceId}`,
      headers: bearer(token),
    });
    expect(detail.json()).toMatchObject({
      billing: { status: 'Active' },
      provisioning: { status: 'done', reason: '' },
    });
  });

  it('installs the chosen SSH keys on a template that takes them, and a custom template by its id', async () => {
    const [key] = await t.database.db
      .insert(sshKeys)
      .values({ userId: owner.id, title: 'laptop', publicKey: KEY })
      .returning();
    const withKeys = await order('keys.example.com', {
      rootPassword: undefined,
      params: {
        hostname: 'keys.example.com',
        osTemplate: 'ubuntu-24.04',
        location: 'New York',
        sshKeyIds: [key!.id],
      },
    });
    await sim.control('POST', '/proxmox/vms', {
      vmid: 8800,
      node: 'pve-nyc-1',
      name: `ut-${owner.id}-8800`,
      template: true,
      diskGb: 20,
      osid: '9000',
      description: 'my golden image',
    });
    const custom = await order('custom.example.com', {
      params: { hostname: 'custom.example.com', customTemplateId: 8800, location: 'New York' },
    });
    await payOrder(t, withKeys);
    await payOrder(t, custom);
    await active(withKeys);
    await active(custom);

    const [keysVm] = await vmsMarked(withKeys.serviceId);
    expect(keysVm!.config).toMatchObject({ tags: 'rd-os-9000', sshkeys: encodeURIComponent(KEY) });
    // No password was chosen: a generated one is set, never the empty string.
    expect(String(keysVm!.config.cipassword)).toMatch(/^.{16}$/);
    const [customVm] = await vmsMarked(custom.serviceId);
    expect(customVm!.config).toMatchObject({ name: 'custom.example.com', tags: 'rd-os-custom_8800' });
    expect(customVm!.config.sshkeys).toBeUndefined();
    // Each took its own address of the pool.
    const ips = [
      (await serviceRow(t, withKeys.serviceId)).dedicatedIp,
      (await serviceRow(t, custom.serviceId)).dedicatedIp,
    ];
    expect(new Set(ips).size).toBe(2);
  });

  it('provisions once when two attempts for one service run at the same time', async () => {
    const ordered = await order('twice.example.com', { state: 'waiting' });
    const [a, b] = await Promise.all([
      t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0 }),
      t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0 }),
    ]);
    expect([a.outcome, b.outcome].sort()).toEqual(['provisioned', 'skipped']);
    expect(await vmsMarked(ordered.serviceId)).toHaveLength(1);
    // A payment arriving now queues nothing new: the row is done.
    await payOrder(t, ordered);
    expect(await t.app.ctx.provisioning.queueForInvoice(ordered.invoiceId)).toEqual({ queued: 0 });
    expect((await provisioningRow(t, ordered.serviceId)).attempts).toBe(1);
  });

  it('takes over an attempt whose instance died, but not one still within its time', async () => {
    const ordered = await order('orphan.example.com');
    const setRunning = (minutesAgo: number) =>
      t.database.db.execute(
        sql`update service_provisioning set state = 'running', updated_at = now() - make_interval(mins => ${minutesAgo}) where service_id = ${ordered.serviceId}`,
      );
    await setRunning(1);
    expect(await t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0 })).toEqual({
      outcome: 'skipped',
    });
    // Longer ago than an attempt may last (PROVISIONING_ATTEMPT_SECONDS, 30 minutes by default).
    await setRunning(45);
    expect(await t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 1 })).toEqual({
      outcome: 'provisioned',
    });
    expect(await vmsMarked(ordered.serviceId)).toHaveLength(1);
  });

  it("takes back at once the attempt its own job ran on an instance that died, not another job's", async () => {
    const ordered = await order('crashed.example.com');
    // What an instance killed in the middle of the attempt leaves: the row running for that job.
    await t.database.db.execute(
      sql`update service_provisioning set state = 'running', job_id = 'job-on-dead-instance', updated_at = now() where service_id = ${ordered.serviceId}`,
    );
    expect(
      await t.app.ctx.provisioning.runAttempt(ordered.serviceId, { retryCount: 0, id: 'another-job' }),
    ).toEqual({ outcome: 'skipped' });
    // pg-boss retries the same job (same id) once its heartbeat stopped: it goes on at once.
    expect(
      await t.app.ctx.provisioning.runAttempt(ordered.serviceId, {
        retryCount: 1,
        id: 'job-on-dead-instance',
      }),
    ).toEqual({ outcome: 'provisioned' });
    expect(await vmsMarked(ordered.serviceId)).toHaveLength(1);
  });

  it('runs provisioning with a heartbeat, so a job whose instance died is retried when its beat stops', async () => {
    const rows = await t.database.db.execute(
      sql`select heartbeat_seconds from pgboss.queue where name = 'provision-service'`,
    );
    expect((rows as unknown as { rows: { heartbeat_seconds: number }[] }).rows).toEqual([
      { heartbeat_seconds: t.app.ctx.config.jobs.heartbeatSeconds },
    ]);
  });

  it('queues one job per waiting service, none for a held one, and none twice', async () => {
    const held = await order('held.example.com', { state: 'held' });
    expect(await t.app.ctx.provisioning.queueForInvoice(held.invoiceId)).toEqual({ queued: 0 });

    const waiting = await order('queued.example.com');
    const first = await t.app.ctx.provisioning.queueForInvoice(waiting.invoiceId);
    const second = await t.app.ctx.provisioning.queueForInvoice(waiting.invoiceId);
    expect(first.queued + second.queued).toBe(1);
    await active(waiting);
    expect(await vmsMarked(waiting.serviceId)).toHaveLength(1);
    expect((await serviceRow(t, held.serviceId)).status).toBe('Pending');
  });

  it('retries a clone that failed once and then succeeds', async () => {
    await sim.control('POST', '/proxmox/task-failures', {
      type: 'qmclone',
      count: 1,
      message: 'clone failed: out of space',
    });
    const ordered = await order('retried.example.com');
    await payOrder(t, ordered);
    await active(ordered);
    expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({ state: 'done', attempts: 2 });
    expect(await vmsMarked(ordered.serviceId)).toHaveLength(1);
  });

  it('gives up after the last retry: Pending with the reason, no VM and no address kept; a retry later works', async () => {
    await sim.control('POST', '/faults', {
      upstream: 'proxmox',
      method: 'POST',
      pathContains: '/clone',
      mode: 'error',
      count: 100,
      status: 500,
    });
    try {
      const token = await loginToken(t.app, owner.email, owner.password);
      const ordered = await order('doomed.example.com');
      await payOrder(t, ordered);
      const row = await eventually(async () => {
        const current = await provisioningRow(t, ordered.serviceId);
        return current.state === 'failed' && current;
      });
      expect(row).toMatchObject({
        attempts: 3,
        claim: null,
        lastError: 'The server management system is not responding. Please try again in a few minutes.',
      });
      expect(await serviceRow(t, ordered.serviceId)).toMatchObject({ status: 'Pending', upstreamId: null });
      expect(await vmsMarked(ordered.serviceId)).toEqual([]);
      expect(await orderStatus(t, ordered.orderId)).toBe('Pending');
      const detail = await t.app.inject({
        method: 'GET',
        url: `/api/services/${ordered.serviceId}`,
        headers: bearer(token),
      });
      expect(detail.json()).toMatchObject({
        billing: { status: 'Pending' },
        provisioning: { status: 'failed', reason: row && row.lastError },
      });
      // Provisioning never touches money: the invoice stays paid once.
      expect(await invoiceRow(t, ordered.invoiceId)).toMatchObject({ status: 'Paid', paidCents: 2000 });

      // Once the platform is back, support's retry sets it up from scratch.
      await sim.control('DELETE', '/faults');
      const staff = await createUser(t, { role: 'operator' });
      const staffToken = await loginToken(t.app, staff.email, staff.password);
      const retry = (as: string, serviceId = ordered.serviceId) =>
        t.app.inject({
          method: 'POST',
          url: `/api/operator/services/${serviceId}/provisioning/retry`,
          headers: bearer(as),
        });
      expect((await retry(token)).statusCode).toBe(403);
      expect((await retry(staffToken)).json()).toEqual({
        result: 'success',
        message: OperatorText.retryQueued,
      });
      const again = await retry(staffToken);
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toBe(OperatorText.nothingToRetry);
      expect((await retry(staffToken, 999_999)).statusCode).toBe(404);
      await active(ordered);
      expect(await vmsMarked(ordered.serviceId)).toHaveLength(1);
      expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({ state: 'done', attempts: 1 });
    } finally {
      await sim.control('DELETE', '/faults');
    }
  });

  it('leaves a failed clone no VM behind either (the half-made VM is destroyed)', async () => {
    await sim.control('POST', '/proxmox/task-failures', {
      type: 'qmclone',
      count: 100,
      message: 'clone failed: storage offline',
    });
    try {
      const ordered = await order('half-made.example.com');
      await payOrder(t, ordered);
      await eventually(async () => (await provisioningRow(t, ordered.serviceId)).state === 'failed');
      expect(await vmsMarked(ordered.serviceId)).toEqual([]);
    } finally {
      await sim.control('DELETE', '/proxmox/task-failures');
    }
  });
});
