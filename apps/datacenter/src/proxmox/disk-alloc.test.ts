import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const NYC = '/nodes/pve-nyc-1';
const GiB = 1024 ** 3;

describe('allocating a disk image (POST /nodes/{node}/storage/{storage}/content)', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01', diskGb: 20 });
  });
  afterEach(() => sim.close());

  const content = async (storage: string) =>
    (await sim.pve('GET', `${NYC}/storage/${storage}/content?content=images`)).data as {
      volid: string;
      size: number;
      vmid?: number;
      format: string;
    }[];

  it('creates the volume at once and answers its volid, sized in KiB, M or G', async () => {
    const answer = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      filename: 'vm-900000001-block-7',
      size: '250G',
      vmid: 900000001,
    });
    expect(answer).toMatchObject({ status: 200, data: 'block-nyc:vm-900000001-block-7' });
    await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      filename: 'vm-900000001-block-8',
      size: '512M',
      vmid: 900000001,
    });
    await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      filename: 'vm-900000001-block-9.raw',
      size: '1024',
      vmid: 900000001,
    });
    expect(await content('block-nyc')).toEqual([
      expect.objectContaining({ volid: 'block-nyc:vm-900000001-block-7', size: 250 * GiB, vmid: 900000001 }),
      expect.objectContaining({ volid: 'block-nyc:vm-900000001-block-8', size: 512 * 1024 ** 2 }),
      expect.objectContaining({
        volid: 'block-nyc:vm-900000001-block-9.raw',
        size: 1024 ** 2,
        format: 'raw',
      }),
    ]);
  });

  it("refuses a name that does not carry the owner's vmid, as block storages do", async () => {
    const answer = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      filename: 'customer-disk',
      size: '10G',
      vmid: 900000001,
    });
    expect(answer.status).toBe(500);
    expect(answer.body).toMatchObject({
      message: "illegal name 'customer-disk' - should be 'vm-900000001-*'\n",
    });
    expect(await content('block-nyc')).toEqual([]);
  });

  it('refuses an existing volume, a missing or malformed parameter, and a storage without images', async () => {
    const form = { filename: 'vm-900000001-block-1', size: '10G', vmid: 900000001 };
    expect((await sim.pve('POST', `${NYC}/storage/block-nyc/content`, form)).status).toBe(200);
    const again = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, form);
    expect(again.status).toBe(500);
    expect(again.body).toMatchObject({ message: "volume 'block-nyc:vm-900000001-block-1' already exists\n" });

    const missing = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, { filename: 'vm-100-x' });
    expect(missing).toMatchObject({
      status: 400,
      body: {
        errors: {
          size: 'property is missing and it is not optional',
          vmid: 'property is missing and it is not optional',
        },
      },
    });
    const badSize = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, { ...form, size: '10T' });
    expect(badSize.body).toMatchObject({ errors: { size: 'value does not match the regex pattern' } });
    const badFormat = await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      ...form,
      filename: 'vm-900000001-block-2.qcow2',
      format: 'raw',
    });
    expect(badFormat.body).toMatchObject({ errors: { format: 'different storage formats (raw != qcow2)' } });

    const iso = await sim.pve('POST', `${NYC}/storage/isos/content`, { ...form, filename: 'vm-900000001-x' });
    expect(iso.body).toMatchObject({ message: "storage 'isos' does not support content-type 'images'\n" });
    // block-chi is not available on the New York node.
    const elsewhere = await sim.pve('POST', `${NYC}/storage/block-chi/content`, form);
    expect(elsewhere.body).toMatchObject({ message: "storage 'block-chi' does not exist\n" });
  });

  it('lets the allocated volume be attached to a VM of the location and deleted again', async () => {
    await sim.pve('POST', `${NYC}/storage/block-nyc/content`, {
      filename: 'vm-900000001-block-3',
      size: '100G',
      vmid: 900000001,
    });
    const attached = await sim.pve('PUT', `${NYC}/qemu/100/config`, {
      scsi1: 'block-nyc:vm-900000001-block-3',
    });
    expect(attached.status).toBe(200);
    expect((await sim.pve('GET', `${NYC}/qemu/100/config`)).data.scsi1).toBe(
      'block-nyc:vm-900000001-block-3,size=100G',
    );
    await sim.pve('PUT', `${NYC}/qemu/100/config`, { delete: 'scsi1' });
    const removed = await sim.pve('DELETE', `${NYC}/storage/block-nyc/content/vm-900000001-block-3`);
    expect(removed.status).toBe(200);
    // The task's UPID carries the whole volid: it is long, and still followed like any other.
    const task = await sim.pve('GET', `${NYC}/tasks/${encodeURIComponent(removed.data)}/status`);
    expect(task).toMatchObject({
      status: 200,
      data: { type: 'imgdel', status: 'stopped', exitstatus: 'OK' },
    });
    expect(await content('block-nyc')).toEqual([]);
  });
});
