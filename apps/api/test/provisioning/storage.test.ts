import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../../src/seed/catalog.ts';
import { createService, createUser, eventually } from '../support/fixtures.ts';
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
 * A storage block ordered and paid: its volume is allocated on the location's block storage under
 * a name whose owner vmid no VM has, then attached to the chosen VPS v2. A failed attach is
 * retried, then given up: the volume is deleted and nothing stays attached.
 */
const OWNER_VMID = 999999999;

interface SimVm {
  vmid: number;
  config: Record<string, string | number>;
}

describe('provisioning a storage block after payment', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let owner: Awaited<ReturnType<typeof createUser>>;
  let vpsServiceId: number;
  /** The block the first test provisions: it stays while the second one fails. */
  let firstVolid = '';

  const vm = async (vmid: number) => (await sim.control('GET', `/proxmox/vms/${vmid}`)) as SimVm;
  const blocksOnStorage = async () => {
    const content = (await fetch(
      `${sim.url}/api2/json/nodes/pve-nyc-1/storage/block-nyc/content?content=images&vmid=${OWNER_VMID}`,
      {
        headers: {
          authorization: `PVEAPIToken=${sim.upstreams.proxmox.tokenId}=${sim.upstreams.proxmox.tokenSecret}`,
        },
      },
    ).then((r) => r.json())) as { data: { volid: string; size: number }[] };
    return content.data;
  };
  const order = (size: number) =>
    orderService(t, owner.id, {
      productId: DemoProduct.storageNewYork,
      provisioning: { location: 'New York' },
      params: { hostname: `Storage Block ${size} GB`, sizeGb: size, attachToServiceId: vpsServiceId },
    });

  beforeAll(async () => {
    sim = await startSimulator({ timeScale: 0.01 });
    t = await createTestApp({ ...sim.env, ...quickProvisioning });
    owner = await createUser(t);
    await sim.control('POST', '/proxmox/vms', {
      vmid: 4101,
      node: 'pve-nyc-1',
      name: 'app.example.com',
      diskGb: 20,
    });
    vpsServiceId = (
      await createService(t, owner.id, {
        productId: DemoProduct.dw2gNewYork,
        domain: 'app.example.com',
        provider: 'proxmox',
        upstreamId: '4101',
      })
    ).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('allocates the volume under a name no VM owns and attaches it to the chosen VPS', async () => {
    const ordered = await order(250);
    await payOrder(t, ordered);
    await eventually(async () => (await serviceRow(t, ordered.serviceId)).status === 'Active');

    const volid = `block-nyc:vm-${OWNER_VMID}-block-${ordered.serviceId}`;
    firstVolid = volid;
    expect(await serviceRow(t, ordered.serviceId)).toMatchObject({
      provider: 'proxmox',
      upstreamId: volid,
      dedicatedIp: '',
    });
    expect(await blocksOnStorage()).toEqual([expect.objectContaining({ volid, size: 250 * 1024 ** 3 })]);
    expect((await vm(4101)).config.scsi1).toBe(`${volid},size=250G`);
    expect((await sim.control('GET', `/proxmox/vms/${OWNER_VMID}`)) as object).toMatchObject({
      message: expect.any(String),
    });
    expect(await provisioningRow(t, ordered.serviceId)).toMatchObject({
      state: 'done',
      claim: { volume: volid, attachedTo: 4101 },
    });
    // The storage page's adapter lists it with its VPS.
    const listed = await t.app.ctx.providers.proxmox.listBlockStorage({
      disks: [{ serviceId: ordered.serviceId, diskName: volid }],
      vms: [{ serviceId: vpsServiceId, vmid: 4101 }],
    });
    expect(listed).toEqual([expect.objectContaining({ vm_whmcs_id: vpsServiceId, location: 'New York' })]);
  });

  it('deletes the volume and leaves the VPS as it was when attaching keeps failing', async () => {
    await sim.control('POST', '/faults', {
      upstream: 'proxmox',
      method: 'PUT',
      pathContains: '/qemu/4101/config',
      mode: 'error',
      count: 3,
      status: 500,
    });
    try {
      const before = (await vm(4101)).config;
      const ordered = await order(100);
      await payOrder(t, ordered);
      const row = await eventually(async () => {
        const current = await provisioningRow(t, ordered.serviceId);
        return current.state === 'failed' && current;
      });
      expect(row).toMatchObject({ attempts: 3, claim: null });
      expect(await serviceRow(t, ordered.serviceId)).toMatchObject({ status: 'Pending', upstreamId: null });
      expect((await blocksOnStorage()).map((v) => v.volid)).toEqual([firstVolid]);
      expect((await vm(4101)).config).toEqual(before);
    } finally {
      await sim.control('DELETE', '/faults');
    }
  });
});
