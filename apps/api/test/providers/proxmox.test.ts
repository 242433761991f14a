import {
  storageBlockDiskSchema,
  vps2BackupSchema,
  vps2DetailSchema,
  vps2IsoSchema,
  vps2OsTemplateSchema,
  vps2StatSampleSchema,
  vps2UserTemplateSchema,
  vps2VncSchema,
} from '@rackdesk/contract';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { ProxmoxClient } from '../../src/providers/proxmox/proxmox-client.ts';
import { UpstreamError } from '../../src/providers/upstream-error.ts';

/**
 * The Proxmox adapter against the datacenter simulator: every VPS v2 and storage-block call of the
 * servers spec §7, through real HTTP. Operations that take time are moved on with the simulator's
 * clock; timeScale is small so that the short waits the adapter itself makes (a VM stopping
 * before a restore) pass quickly in real time.
 */
const OWNER = 42;
const OTHER_OWNER = 43;
const GiB = 1024 ** 3;
const LONG_ENOUGH = 10 * 60_000;

let sim: FastifyInstance;
let baseUrl: string;
let pve: ProxmoxClient;

async function control(path: string, body: unknown, method = 'POST'): Promise<unknown> {
  const response = await fetch(`${baseUrl}/_control${path}`, {
    method,
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  return response.json();
}

const advance = (ms: number) => control('/clock/advance', { ms });
const fault = (spec: Record<string, unknown>) => control('/faults', { upstream: 'proxmox', ...spec });

function client(overrides: Partial<ConstructorParameters<typeof ProxmoxClient>[0]> = {}): ProxmoxClient {
  return new ProxmoxClient({
    baseUrl,
    tokenId: defaultCredentials.proxmox.tokenId,
    tokenSecret: defaultCredentials.proxmox.secret,
    timeoutMs: 5_000,
    ...overrides,
  });
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the call to fail');
}

beforeEach(async () => {
  sim = await buildDatacenter({ timeScale: 0.01 });
  await sim.listen({ host: '127.0.0.1', port: 0 });
  const address = sim.server.address();
  if (!address || typeof address === 'string') throw new Error('no address');
  baseUrl = `http://127.0.0.1:${address.port}`;
  pve = client();
  await control('/proxmox/vms', {
    vmid: 100,
    node: 'pve-nyc-1',
    name: 'web01.demo.example',
    cores: 2,
    memoryMb: 4096,
    diskGb: 50,
    ipv4: ['198.51.100.30/24'],
    ipv6: ['2001:db8::30/64'],
    gateway4: '198.51.100.1',
    osid: '9000',
  });
  await control('/proxmox/vms', {
    vmid: 200,
    node: 'pve-chi-1',
    name: 'game01.demo.example',
    diskGb: 30,
    osid: '9001',
  });
  await control('/proxmox/volumes', { storage: 'block-nyc', name: 'vm-9999-block-1', sizeGb: 250 });
  await control('/proxmox/volumes', { storage: 'block-chi', name: 'vm-9999-block-2', sizeGb: 500 });
});

afterEach(async () => {
  await sim.close();
});

describe('Proxmox adapter: server detail and power', () => {
  it('reads a VPS v2 detail in the spec shape', async () => {
    const detail = vps2DetailSchema.parse(await pve.getServer(100, { bandwidthLimitGb: 10_000 }));
    expect(detail).toMatchObject({
      id: 100,
      hostname: 'web01.demo.example',
      status: 'running',
      locked: false,
      locked_message: '',
      cpus: 2,
      maxmem: 4096 * 1024 ** 2,
      maxdisk: 50 * GiB,
      os_name: 'ubuntu-24.04',
      osid: '9000',
      ips: { ipv4: ['198.51.100.30'], ipv6: ['2001:db8::30'] },
      config: { boot: 'cda', ide0: null, ide2: null },
    });
    expect(detail.uptime).toBeGreaterThan(0);
    expect(detail.cpu).toBeGreaterThan(0);
    expect(detail.cpu).toBeLessThan(1);
    expect(detail.bandwidth_usage.bandwidth_limit_gb).toBe(10_000);
    expect(detail.bandwidth_usage.percentage_used).toBeCloseTo(
      (detail.bandwidth_usage.total_gb / 10_000) * 100,
      1,
    );
  });

  it('counts traffic since the start of the month, with 0 meaning an unlimited plan', async () => {
    const now = new Date();
    const intoMonth = Date.now() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    // Two days into a month there is traffic to count whatever today's date is.
    if (intoMonth < 2 * 86_400_000) await advance(2 * 86_400_000);
    const { bandwidth_usage } = await pve.getServer(100);
    expect(bandwidth_usage.total_gb).toBeGreaterThan(0);
    expect(bandwidth_usage).toMatchObject({ bandwidth_limit_gb: 0, percentage_used: 0 });
  });

  it('counts the month in GB of 10^9 bytes, the unit the allowance is sold in', async () => {
    const now = new Date();
    const intoMonth = Date.now() - Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
    if (intoMonth < 2 * 86_400_000) await advance(2 * 86_400_000);
    const { proxmox } = defaultCredentials;
    const response = await fetch(
      `${baseUrl}/api2/json/nodes/pve-nyc-1/qemu/100/rrddata?timeframe=month&cf=AVERAGE`,
      {
        headers: { authorization: `PVEAPIToken=${proxmox.tokenId}=${proxmox.secret}` },
      },
    );
    const points = ((await response.json()) as { data: { time: number; netin: number; netout: number }[] })
      .data;
    // Each month point averages bytes per second over the 12 hours before its time.
    const latest = new Date(Math.max(...points.map((p) => p.time)) * 1000);
    const monthStart = Date.UTC(latest.getUTCFullYear(), latest.getUTCMonth(), 1) / 1000;
    const bytes = points
      .filter((p) => p.time - 43_200 >= monthStart)
      .reduce((sum, p) => sum + (p.netin + p.netout) * 43_200, 0);
    const { bandwidth_usage } = await pve.getServer(100, { bandwidthLimitGb: 4000 });
    expect(bandwidth_usage.total_gb).toBeCloseTo(bytes / 1e9, 1);
    expect(bandwidth_usage.percentage_used).toBeCloseTo((bytes / (4000 * 1e9)) * 100, 1);
  });

  it('answers 404 for a VM the cluster does not have', async () => {
    const error = await rejection(pve.getServer(999));
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).statusCode).toBe(404);
  });

  it('tells where the VM runs', async () => {
    expect(await pve.getServerLocation(100)).toBe('New York');
    expect(await pve.getServerLocation(200)).toBe('Chicago');
  });

  it('changes the hostname, and refuses one Proxmox does not accept with a 422', async () => {
    await pve.setHostname(100, 'web02.demo.example');
    expect((await pve.getServer(100)).hostname).toBe('web02.demo.example');
    const error = await rejection(pve.setHostname(100, 'not a hostname'));
    expect((error as AppError).statusCode).toBe(422);
  });

  it('powers off, starts and restarts, each change visible once its task has run', async () => {
    await pve.powerOff(100);
    await advance(LONG_ENOUGH);
    expect(await pve.getServer(100)).toMatchObject({ status: 'stopped', uptime: 0 });

    await pve.start(100);
    await advance(LONG_ENOUGH);
    const started = await pve.getServer(100);
    expect(started.status).toBe('running');

    await advance(3_600_000);
    const before = (await pve.getServer(100)).uptime;
    await pve.restart(100);
    await advance(60_000);
    const after = await pve.getServer(100);
    expect(after.status).toBe('running');
    expect(after.uptime).toBeLessThan(before);
  });

  it('gives a VNC ticket and password', async () => {
    const vnc = vps2VncSchema.parse(await pve.getVnc(100));
    expect(vnc.token).toMatch(/^PVEVNC:/);
    expect(vnc.pass.length).toBeGreaterThan(0);
    expect(vnc.port).toBeGreaterThanOrEqual(5900);
  });

  it('gives usage samples for every range', async () => {
    for (const range of ['hour', 'day', 'week', 'month'] as const) {
      const stats = await pve.getStats(100, range);
      expect(stats).toHaveLength(70);
      const last = vps2StatSampleSchema.parse(stats.at(-1));
      expect(last.cpu).toBeGreaterThan(0);
      expect(last.netin).toBeGreaterThan(0);
      expect(last.diskwrite).toBeGreaterThan(0);
    }
  });

  it('upgrades cores, memory and disk, and refuses to shrink the disk', async () => {
    await pve.resize(100, { cores: 4, memoryMb: 8192, diskGb: 80 });
    await advance(LONG_ENOUGH);
    expect(await pve.getServer(100)).toMatchObject({
      cpus: 4,
      maxmem: 8192 * 1024 ** 2,
      maxdisk: 80 * GiB,
      status: 'running',
    });
    const error = await rejection(pve.resize(100, { cores: 4, memoryMb: 8192, diskGb: 40 }));
    expect((error as AppError).statusCode).toBe(422);
  });
});

describe('Proxmox adapter: ISOs, CD drives and boot order', () => {
  it('adds an ISO by URL: queued until the download ends, then complete, visible to its owner only', async () => {
    const added = vps2IsoSchema.parse(await pve.addIso(OWNER, 'https://example.com/images/debian-12.iso'));
    expect(added).toMatchObject({ name: 'debian-12.iso', upload_status: 'queued' });
    expect(await pve.listIsos(OWNER)).toEqual([added]);
    expect(await pve.listIsos(OTHER_OWNER)).toEqual([]);

    await advance(LONG_ENOUGH);
    expect(await pve.listIsos(OWNER)).toEqual([{ ...added, upload_status: 'complete' }]);

    expect(((await rejection(pve.deleteIso(OTHER_OWNER, added.id))) as AppError).statusCode).toBe(404);
    await pve.deleteIso(OWNER, added.id);
    expect(await pve.listIsos(OWNER)).toEqual([]);
  });

  it('inserts ISOs in the primary (ide2) and secondary (ide0) drives, and ejects them', async () => {
    const first = await pve.addIso(OWNER, 'https://example.com/a.iso');
    const second = await pve.addIso(OWNER, 'https://example.com/b.iso');
    await advance(LONG_ENOUGH);
    await pve.insertIso(100, OWNER, { iso: first.id, sec_iso: second.id });
    expect((await pve.getServer(100)).config).toMatchObject({ ide2: first.id, ide0: second.id });

    await pve.insertIso(100, OWNER, { sec_iso: null });
    expect((await pve.getServer(100)).config).toMatchObject({ ide2: first.id, ide0: null });

    const error = await rejection(pve.insertIso(100, OTHER_OWNER, { iso: first.id }));
    expect((error as AppError).statusCode).toBe(404);
  });

  it('sets the boot order: dca puts the CD first, cda the disk', async () => {
    await pve.setBootOrder(100, 'dca');
    expect((await pve.getServer(100)).config.boot).toBe('dca');
    await pve.setBootOrder(100, 'cda');
    expect((await pve.getServer(100)).config.boot).toBe('cda');
  });
});

describe('Proxmox adapter: OS templates and reinstall', () => {
  it('lists the standard templates, with SSH keys where the template takes them', async () => {
    const templates = (await pve.listOsTemplates(OWNER)).map((t) => vps2OsTemplateSchema.parse(t));
    expect(templates).toEqual(
      expect.arrayContaining([
        { osid: '9000', name: 'ubuntu-24.04', type: 'standard', ssh_keys_allowed: true },
        { osid: '9003', name: 'windows-server-2022', type: 'standard', ssh_keys_allowed: false },
      ]),
    );
    expect(templates.map((t) => t.name)).toEqual([
      'almalinux-9',
      'centos-stream-9',
      'debian-11',
      'debian-12',
      'PRECONFIG-desktop-xfce',
      'PRECONFIG-gaming-minecraft',
      'PRECONFIG-web-lamp',
      'ubuntu-22.04',
      'ubuntu-24.04',
      'windows-server-2022',
    ]);
  });

  it('reinstalls: the VM stops, is locked while the disk is replaced, then runs the new OS', async () => {
    await pve.reinstall(100, OWNER, {
      osid: '9001',
      password: 'n3w-Passw0rd',
      sshKeys: ['ssh-ed25519 AAAAC3Nz test@example'],
    });
    const during = await pve.getServer(100);
    expect(during).toMatchObject({ status: 'stopped', locked: true });
    expect(during.locked_message).not.toBe('');

    await advance(LONG_ENOUGH);
    expect(await pve.getServer(100)).toMatchObject({
      locked: false,
      osid: '9001',
      os_name: 'debian-12',
      maxdisk: 50 * GiB,
    });
  });

  it('refuses an operating system that does not exist or belongs to someone else', async () => {
    expect(
      ((await rejection(pve.reinstall(100, OWNER, { osid: '4242', password: 'secret' }))) as AppError)
        .statusCode,
    ).toBe(422);
    const template = await pve.createUserTemplate(200, OTHER_OWNER, 'theirs');
    await advance(LONG_ENOUGH);
    const error = await rejection(
      pve.reinstall(100, OWNER, { osid: `custom_${template.id}`, password: 'secret' }),
    );
    expect((error as AppError).statusCode).toBe(422);
  });
});

describe('Proxmox adapter: backups', () => {
  it('toggles automatic backups, with a next run within the 72-hour schedule', async () => {
    expect(await pve.isBackupEnabled(100)).toBe(false);
    expect(await pve.getNextBackup(100)).toBeNull();

    expect(await pve.toggleBackups(100)).toBe(true);
    expect(await pve.isBackupEnabled(100)).toBe(true);
    const next = await pve.getNextBackup(100);
    expect(next).toBeGreaterThan(Date.now() / 1000);
    expect(next).toBeLessThanOrEqual(Date.now() / 1000 + 72 * 3600);

    expect(await pve.toggleBackups(100)).toBe(false);
    expect(await pve.isBackupEnabled(100)).toBe(false);
    expect(await pve.getNextBackup(100)).toBeNull();
  });

  it('runs the automatic backup when its time comes', async () => {
    await pve.toggleBackups(100);
    const next = (await pve.getNextBackup(100))!;
    await advance((next + 5) * 1000 - Date.now());
    await pve.isBackupEnabled(100);
    await advance(LONG_ENOUGH);
    expect(await pve.listBackups(100)).toHaveLength(1);
  });

  it('backs up now: locked while it runs, then listed with its size and date; deletes it', async () => {
    await pve.triggerBackup(100);
    expect(await pve.getServer(100)).toMatchObject({
      locked: true,
      locked_message: 'A backup of this server is in progress.',
    });
    expect(await pve.listBackups(100)).toEqual([]);

    await advance(LONG_ENOUGH);
    const [backup, ...rest] = (await pve.listBackups(100)).map((b) => vps2BackupSchema.parse(b));
    expect(rest).toEqual([]);
    expect(backup!.volid).toMatch(/vzdump-qemu-100-/);
    expect(backup!.size).toBeGreaterThan(0);
    expect(Date.parse(backup!.created_at)).toBeGreaterThan(0);
    expect((await pve.getServer(100)).locked).toBe(false);

    expect(((await rejection(pve.deleteBackup(200, backup!.volid))) as AppError).statusCode).toBe(404);
    await pve.deleteBackup(100, backup!.volid);
    expect(await pve.listBackups(100)).toEqual([]);
  });

  it('refuses to back up a VM that is locked', async () => {
    await pve.triggerBackup(100);
    expect(((await rejection(pve.triggerBackup(100))) as AppError).statusCode).toBe(409);
  });

  it('restores a backup over the VM and starts it again', async () => {
    await pve.triggerBackup(100);
    await advance(LONG_ENOUGH);
    const [backup] = await pve.listBackups(100);
    await pve.setHostname(100, 'changed.demo.example');

    await pve.restoreBackup(100, backup!.volid);
    expect(await pve.getServer(100)).toMatchObject({ locked: true, status: 'stopped' });
    await advance(LONG_ENOUGH);
    expect(await pve.getServer(100)).toMatchObject({
      locked: false,
      status: 'running',
      hostname: 'web01.demo.example',
    });
  });
});

describe('Proxmox adapter: user templates', () => {
  it('creates a template: pending, then completed with its size; installs and deletes it', async () => {
    const created = vps2UserTemplateSchema.parse(await pve.createUserTemplate(100, OWNER, 'my_web_stack'));
    expect(created).toMatchObject({ custom_name: 'my_web_stack', status: 'pending' });
    expect(await pve.listUserTemplates(OWNER)).toEqual([
      expect.objectContaining({ id: created.id, status: 'pending' }),
    ]);
    expect(await pve.listUserTemplates(OTHER_OWNER)).toEqual([]);

    await advance(LONG_ENOUGH);
    const [done] = await pve.listUserTemplates(OWNER);
    expect(done).toMatchObject({
      id: created.id,
      custom_name: 'my_web_stack',
      status: 'completed',
      size: 50 * GiB,
    });
    expect(await pve.listOsTemplates(OWNER)).toEqual(
      expect.arrayContaining([
        { osid: `custom_${created.id}`, name: 'my_web_stack', type: 'custom', ssh_keys_allowed: false },
      ]),
    );

    const { new_password } = await pve.installUserTemplate(100, OWNER, created.id);
    expect(new_password).toHaveLength(16);
    await advance(LONG_ENOUGH);
    expect(await pve.getServer(100)).toMatchObject({
      osid: `custom_${created.id}`,
      os_name: 'my_web_stack',
      locked: false,
    });

    expect(((await rejection(pve.deleteUserTemplate(OTHER_OWNER, created.id))) as AppError).statusCode).toBe(
      404,
    );
    await pve.deleteUserTemplate(OWNER, created.id);
    await advance(LONG_ENOUGH);
    expect(await pve.listUserTemplates(OWNER)).toEqual([]);
  });

  it('answers User Template Limit Reached past the limit', async () => {
    for (const name of ['one', 'two', 'three']) await pve.createUserTemplate(100, OWNER, name);
    const error = await rejection(pve.createUserTemplate(100, OWNER, 'four'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ statusCode: 422, message: 'User Template Limit Reached' });
  });

  it('shows a template whose copy failed as error', async () => {
    await control('/proxmox/task-failures', { type: 'qmclone' });
    await pve.createUserTemplate(100, OWNER, 'broken');
    await advance(LONG_ENOUGH);
    expect(await pve.listUserTemplates(OWNER)).toEqual([
      expect.objectContaining({ custom_name: 'broken', status: 'error' }),
    ]);
  });
});

describe('Proxmox adapter: storage blocks', () => {
  const scope = {
    disks: [
      { serviceId: 501, diskName: 'block-nyc:vm-9999-block-1' },
      { serviceId: 502, diskName: 'block-chi:vm-9999-block-2' },
    ],
    vms: [
      { serviceId: 301, vmid: 100 },
      { serviceId: 302, vmid: 200 },
    ],
  };

  it('lists the disks with size and location, attaches one in the same location and detaches it', async () => {
    const disks = (await pve.listBlockStorage(scope)).map((d) => storageBlockDiskSchema.parse(d));
    expect(disks).toEqual([
      {
        id: 501,
        disk_name: 'block-nyc:vm-9999-block-1',
        size: 250 * GiB,
        vm_whmcs_id: null,
        location: 'New York',
      },
      {
        id: 502,
        disk_name: 'block-chi:vm-9999-block-2',
        size: 500 * GiB,
        vm_whmcs_id: null,
        location: 'Chicago',
      },
    ]);

    await pve.attachDisk(100, 'block-nyc:vm-9999-block-1');
    expect((await pve.listBlockStorage(scope))[0]).toMatchObject({ vm_whmcs_id: 301 });

    await pve.detachDisk(100, 'block-nyc:vm-9999-block-1');
    expect((await pve.listBlockStorage(scope))[0]).toMatchObject({ vm_whmcs_id: null });
    await pve.attachDisk(200, 'block-chi:vm-9999-block-2');
    expect((await pve.listBlockStorage(scope))[1]).toMatchObject({ vm_whmcs_id: 302 });
  });

  it('refuses a disk of another location, an unknown disk, and detaching what is not attached', async () => {
    const mismatch = await rejection(pve.attachDisk(100, 'block-chi:vm-9999-block-2'));
    expect(mismatch).toMatchObject({ statusCode: 422, message: 'Disk and VPS are not in the same location' });
    expect(((await rejection(pve.attachDisk(100, 'block-nyc:vm-9999-nope'))) as AppError).statusCode).toBe(
      404,
    );
    expect(((await rejection(pve.detachDisk(100, 'block-nyc:vm-9999-block-1'))) as AppError).statusCode).toBe(
      404,
    );
  });
});

describe('Proxmox adapter: building for orders', () => {
  const vm = async (vmid: number) =>
    (await (await fetch(`${baseUrl}/_control/proxmox/vms/${vmid}`)).json()) as {
      node: string;
      status: string;
      config: Record<string, string | number>;
    };
  const spec = {
    vmid: 150,
    mark: 'rackdesk-service-7',
    location: 'Chicago',
    template: { name: 'debian-12' },
    hostname: 'new.example.com',
    cores: 2,
    memoryMb: 2048,
    diskGb: 30,
    password: 'Build-Pass-1',
    sshKeys: [],
    ipv4: [{ address: '198.51.100.96', prefix: 24, gateway: '198.51.100.1' }],
  };

  it('offers the lowest free vmid from a start, and the pool addresses no VM has', async () => {
    expect(await pve.nextVmid()).toBe(101);
    expect(await pve.nextVmid(200)).toBe(201);
    const free = await pve.freeIpv4('New York');
    expect(free[0]).toEqual({ address: '198.51.100.64', prefix: 24, gateway: '198.51.100.1' });
    await control('/proxmox/vms', {
      vmid: 300,
      node: 'pve-nyc-1',
      name: 'x.example.com',
      ipv4: ['198.51.100.64/24'],
    });
    expect((await pve.freeIpv4('New York'))[0]!.address).toBe('198.51.100.65');
    expect(await pve.freeIpv4('Nowhere')).toEqual([]);
  });

  it('clones the template onto a node of the location, configures it and starts it; again changes nothing', async () => {
    await pve.createVm(spec);
    const built = await vm(150);
    expect(built).toMatchObject({ node: 'pve-chi-1', status: 'running' });
    expect(built.config).toMatchObject({
      name: 'new.example.com',
      description: 'rackdesk-service-7',
      cores: 2,
      memory: 2048,
      cipassword: 'Build-Pass-1',
      ipconfig0: 'ip=198.51.100.96/24,gw=198.51.100.1',
      net0: 'virtio,bridge=vmbr0',
      tags: 'rd-os-9001',
      scsi0: 'local-lvm:vm-150-disk-0,size=30G',
    });
    await pve.createVm(spec);
    expect((await vm(150)).config.scsi0).toBe('local-lvm:vm-150-disk-0,size=30G');

    // Another service's VM, or one nobody marked, is never taken nor destroyed.
    const taken = await rejection(pve.createVm({ ...spec, vmid: 200 }));
    expect(taken).toMatchObject({ name: 'VmidTakenError', vmid: 200 });
    await pve.destroyVm(150, 'rackdesk-service-8');
    expect((await vm(150)).status).toBe('running');
    await pve.destroyVm(150, 'rackdesk-service-7');
    expect(await fetch(`${baseUrl}/_control/proxmox/vms/150`).then((r) => r.status)).toBe(404);
    await pve.destroyVm(150, 'rackdesk-service-7');
  });

  it('refuses a template that does not exist', async () => {
    const refused = await rejection(pve.createVm({ ...spec, template: { name: 'plan9' } }));
    expect(refused).toMatchObject({
      statusCode: 422,
      message: 'The operating system plan9 is not available.',
    });
  });

  it('creates a block volume under the owner no VM has, finds it again, and deletes it attached or not', async () => {
    const volid = await pve.createBlockVolume({ location: 'New York', serviceId: 12, sizeGb: 100 });
    expect(volid).toBe('block-nyc:vm-999999999-block-12');
    expect(await pve.createBlockVolume({ location: 'New York', serviceId: 12, sizeGb: 100 })).toBe(volid);
    await pve.attachDisk(100, volid);
    await pve.deleteBlockVolume(volid, 100);
    // Neither attached nor left as an unusedN entry.
    expect(Object.values((await vm(100)).config).some((value) => String(value).startsWith(volid))).toBe(
      false,
    );
    const listed = await pve.listBlockStorage({ disks: [{ serviceId: 12, diskName: volid }], vms: [] });
    expect(listed).toEqual([]);
    await pve.deleteBlockVolume(volid, 100);
  });
});

describe('Proxmox adapter: upstream failures', () => {
  it('turns a wrong API token into an UpstreamError 502', async () => {
    const error = await rejection(client({ tokenSecret: 'wrong' }).getServer(100));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ statusCode: 502 });
    expect((error as UpstreamError).detail).toContain('authentication');
  });

  it('absorbs a single 500 on a read with its retry', async () => {
    await fault({ mode: 'error', method: 'GET', count: 1 });
    expect((await pve.getServer(100)).hostname).toBe('web01.demo.example');
  });

  it('gives UpstreamError 502 when reads keep failing', async () => {
    await fault({ mode: 'error', method: 'GET', count: 10, status: 503 });
    const error = await rejection(pve.listBackups(100));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ statusCode: 502 });
  });

  it('does not retry a write hit by a 500, and leaves nothing half-done', async () => {
    await fault({ mode: 'error', method: 'POST', pathContains: '/status/stop', count: 1 });
    expect(await rejection(pve.powerOff(100))).toMatchObject({ statusCode: 502 });
    await advance(LONG_ENOUGH);
    expect((await pve.getServer(100)).status).toBe('running');

    await fault({ mode: 'error', method: 'POST', pathContains: '/vzdump', count: 1 });
    expect(await rejection(pve.triggerBackup(100))).toBeInstanceOf(UpstreamError);
    expect((await pve.getServer(100)).locked).toBe(false);
    await advance(LONG_ENOUGH);
    expect(await pve.listBackups(100)).toEqual([]);
  });

  it('gives 504 when Proxmox does not answer in time', async () => {
    const impatient = client({ timeoutMs: 300 });
    await fault({ mode: 'timeout', method: 'POST', pathContains: '/status/start', count: 1 });
    const error = await rejection(impatient.start(100));
    expect(error).toBeInstanceOf(UpstreamError);
    expect(error).toMatchObject({ statusCode: 504 });
  });

  it('still succeeds when Proxmox is slow but within the timeout', async () => {
    await fault({ mode: 'slow', delayMs: 200, count: 5 });
    expect((await client({ timeoutMs: 3_000 }).getServer(100)).status).toBe('running');
  });
});
