import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const NODE = '/nodes/pve-nyc-1';
const GiB = 1024 ** 3;
const config = async (sim: SimulatorKit, vmid = 100) =>
  (await sim.pve('GET', `${NODE}/qemu/${vmid}/config`)).data;

describe('simulated disks, clones and images', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01', diskGb: 40, osid: '9001' });
  });
  afterEach(() => sim.close());

  it('clones a VM: the target is locked clone without disks, then gets its own copy', async () => {
    const { status } = await sim.pve('POST', `${NODE}/qemu/100/clone`, {
      newid: 150,
      name: 'ut-7-150',
      full: 1,
      description: 'my_template',
    });
    expect(status).toBe(200);
    const pending = await config(sim, 150);
    expect(pending).toMatchObject({
      lock: 'clone',
      name: 'ut-7-150',
      description: 'my_template',
      tags: 'rd-os-9001',
    });
    expect(pending.scsi0).toBeUndefined();

    await sim.advance(101_000);
    const done = await config(sim, 150);
    expect(done.lock).toBeUndefined();
    expect(done.scsi0).toBe('local-lvm:vm-150-disk-0,size=40G');
    const [resource] = (await sim.pve('GET', '/cluster/resources?type=vm')).data.filter(
      (r: { vmid: number }) => r.vmid === 150,
    );
    expect(resource).toMatchObject({ maxdisk: 40 * GiB, template: 0, status: 'stopped' });
  });

  it('ends a clone that a queued failure hits with an error and leaves the target without disks', async () => {
    await sim.control('POST', '/proxmox/task-failures', {
      type: 'qmclone',
      message: 'clone failed: out of space',
    });
    const { data: upid } = await sim.pve('POST', `${NODE}/qemu/100/clone`, {
      newid: 151,
      name: 'ut-7-151',
      full: 1,
    });
    await sim.advance(101_000);
    const task = await sim.pve('GET', `${NODE}/tasks/${encodeURIComponent(upid)}/status`);
    expect(task.data).toMatchObject({ status: 'stopped', exitstatus: 'clone failed: out of space' });
    const target = await config(sim, 151);
    expect(target.lock).toBeUndefined();
    expect(target.scsi0).toBeUndefined();
  });

  it('replaces the boot disk from a template (import-from) under lock clone, keeping the disk size', async () => {
    const refused = await sim.pve('POST', `${NODE}/qemu/100/config`, {
      scsi0: 'local-lvm:0,import-from=templates:base-9000-disk-0',
    });
    expect(refused.status).toBe(500);
    await sim.pve('POST', `${NODE}/qemu/100/status/stop`, {});
    await sim.advance(4_000);

    const { status } = await sim.pve('POST', `${NODE}/qemu/100/config`, {
      scsi0: 'local-lvm:0,import-from=templates:base-9000-disk-0',
      cipassword: 'secret-pass',
      tags: 'rd-os-9000',
    });
    expect(status).toBe(200);
    const during = await config(sim);
    expect(during).toMatchObject({ lock: 'clone', cipassword: '**********', tags: 'rd-os-9000' });
    await sim.advance(121_000);
    const after = await config(sim);
    expect(after.lock).toBeUndefined();
    expect(after.scsi0).toBe('local-lvm:vm-100-disk-1,size=40G');
  });

  it('refuses import-from on the synchronous PUT', async () => {
    const { status, body } = await sim.pve('PUT', `${NODE}/qemu/100/config`, {
      scsi0: 'local-lvm:0,import-from=templates:base-9000-disk-0',
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { scsi0: expect.stringContaining('import-from') } });
  });

  it('grows a disk and refuses to shrink it', async () => {
    expect((await sim.pve('PUT', `${NODE}/qemu/100/resize`, { disk: 'scsi0', size: '+10G' })).status).toBe(
      200,
    );
    expect((await config(sim)).scsi0).toBe('local-lvm:vm-100-disk-0,size=50G');
    const shrink = await sim.pve('PUT', `${NODE}/qemu/100/resize`, { disk: 'scsi0', size: '20G' });
    expect(shrink.status).toBe(500);
  });

  it('changes cores, memory, name and boot order, and answers 400 for bad values', async () => {
    await sim.pve('PUT', `${NODE}/qemu/100/config`, {
      cores: 4,
      memory: 8192,
      name: 'web02.example',
      boot: 'order=ide2;scsi0',
    });
    expect(await config(sim)).toMatchObject({
      cores: 4,
      memory: 8192,
      name: 'web02.example',
      boot: 'order=ide2;scsi0',
    });
    const { status, body } = await sim.pve('PUT', `${NODE}/qemu/100/config`, {
      name: 'not a hostname',
      bogus: 1,
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { name: expect.any(String), bogus: expect.any(String) } });
  });

  it('attaches a block-storage volume as scsiN and detaches it to an unused entry', async () => {
    await sim.control('POST', '/proxmox/volumes', {
      storage: 'block-nyc',
      name: 'vm-9999-block-1',
      sizeGb: 250,
    });
    await sim.pve('PUT', `${NODE}/qemu/100/config`, { scsi1: 'block-nyc:vm-9999-block-1' });
    expect((await config(sim)).scsi1).toBe('block-nyc:vm-9999-block-1,size=250G');
    await sim.pve('PUT', `${NODE}/qemu/100/config`, { delete: 'scsi1' });
    const detached = await config(sim);
    expect(detached.scsi1).toBeUndefined();
    expect(detached.unused0).toBe('block-nyc:vm-9999-block-1');
    const content = (await sim.pve('GET', `${NODE}/storage/block-nyc/content`)).data;
    expect(content).toEqual([
      expect.objectContaining({ volid: 'block-nyc:vm-9999-block-1', size: 250 * GiB }),
    ]);
  });

  it('shows a seeded volume by volid, and 404 before it exists (what seeding checks)', async () => {
    const path = `/proxmox/volumes/${encodeURIComponent('block-nyc:vm-9999-block-2')}`;
    expect(await sim.control('GET', path)).toMatchObject({ status: 404 });
    await sim.control('POST', '/proxmox/volumes', {
      storage: 'block-nyc',
      name: 'vm-9999-block-2',
      sizeGb: 100,
    });
    expect(await sim.control('GET', path)).toMatchObject({
      status: 200,
      body: { volume: { volid: 'block-nyc:vm-9999-block-2', size: 100 * GiB } },
    });
  });

  it('inserts and ejects an ISO on ide2', async () => {
    await sim.pve('POST', `${NODE}/storage/isos/download-url`, {
      content: 'iso',
      filename: 'u7-debian.iso',
      url: 'https://example.com/debian.iso',
    });
    const missing = await sim.pve('PUT', `${NODE}/qemu/100/config`, {
      ide2: 'isos:iso/u7-debian.iso,media=cdrom',
    });
    expect(missing.status).toBe(400);
    await sim.advance(46_000);
    await sim.pve('PUT', `${NODE}/qemu/100/config`, { ide2: 'isos:iso/u7-debian.iso,media=cdrom' });
    expect((await config(sim)).ide2).toBe('isos:iso/u7-debian.iso,media=cdrom');
    await sim.pve('PUT', `${NODE}/qemu/100/config`, { ide2: 'none,media=cdrom' });
    expect((await config(sim)).ide2).toBe('none,media=cdrom');
  });

  it('downloads an ISO: an active download task first, the file once it is complete', async () => {
    const { data: upid } = await sim.pve('POST', `${NODE}/storage/isos/download-url`, {
      content: 'iso',
      filename: 'u7-alpine 3.iso',
      url: 'https://example.com/alpine.iso',
    });
    expect(upid).toContain(':download:u7-alpine_3.iso:');
    const active = (await sim.pve('GET', `${NODE}/tasks?typefilter=download&source=active`)).data;
    expect(active).toEqual([expect.objectContaining({ type: 'download', id: 'u7-alpine_3.iso' })]);
    expect((await sim.pve('GET', `${NODE}/storage/isos/content?content=iso`)).data).toEqual([]);

    await sim.advance(46_000);
    expect((await sim.pve('GET', `${NODE}/tasks?typefilter=download&source=active`)).data).toEqual([]);
    const [iso] = (await sim.pve('GET', `${NODE}/storage/isos/content?content=iso`)).data;
    expect(iso).toMatchObject({ volid: 'isos:iso/u7-alpine_3.iso', format: 'iso' });
    expect(iso.size).toBeGreaterThan(100 * 1024 ** 2);
  });

  it('destroys a stopped VM and its own disks', async () => {
    await sim.pve('POST', `${NODE}/qemu/100/status/stop`, {});
    await sim.advance(4_000);
    await sim.pve('DELETE', `${NODE}/qemu/100`);
    await sim.advance(4_000);
    const vms = (await sim.pve('GET', '/cluster/resources?type=vm')).data.map(
      (r: { vmid: number }) => r.vmid,
    );
    expect(vms).not.toContain(100);
    expect((await sim.pve('GET', `${NODE}/storage/local-lvm/content`)).data).toEqual([]);
  });

  it('gives a VNC ticket and password for a running VM', async () => {
    const { data } = await sim.pve('POST', `${NODE}/qemu/100/vncproxy`, {
      websocket: 1,
      'generate-password': 1,
    });
    expect(data).toMatchObject({
      ticket: expect.stringMatching(/^PVEVNC:/),
      password: expect.any(String),
      upid: expect.any(String),
    });
    expect(Number(data.port)).toBeGreaterThanOrEqual(5900);
  });
});
