import type { AddressInfo } from 'node:net';
import proxmoxApi, { type Proxmox } from 'proxmox-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

/**
 * The unmodified `proxmox-api` client from npm, over real HTTP: if a generic Proxmox VE client
 * works against the simulator, the simulator speaks Proxmox, not only what Rackdesk's adapter
 * happens to need. The client speaks plain HTTP with `schema: 'http'`, so no certificate is
 * involved.
 */
const NODE = 'pve-nyc-1';
const { tokenId, secret, login } = defaultCredentials.proxmox;

describe('the proxmox-api client against the simulator', () => {
  let sim: SimulatorKit;
  let port: number;
  let pve: Proxmox.Api;

  beforeAll(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: NODE, name: 'web01.demo.example', cores: 2, memoryMb: 4096 });
    await sim.createVm({ vmid: 101, node: NODE, name: 'db01.demo.example', status: 'stopped' });
    await sim.app.listen({ host: '127.0.0.1', port: 0 });
    port = (sim.app.server.address() as AddressInfo).port;
    pve = proxmoxApi({ host: '127.0.0.1', port, schema: 'http', tokenID: tokenId, tokenSecret: secret });
  });
  afterAll(() => sim.close());

  /** Polls the task as a client does, moving the simulated clock between polls. */
  async function waitForTask(upid: string) {
    for (let poll = 0; poll < 600; poll += 1) {
      const task = await pve.nodes.$(NODE).tasks.$(upid).status.$get();
      if (task.status === 'stopped') return task;
      await sim.advance(1_000);
    }
    throw new Error(`task ${upid} never ended`);
  }

  it('reads the version and the nodes with their usage', async () => {
    expect(await pve.version.$get()).toMatchObject({ version: expect.any(String), release: '8.1' });
    const nodes = await pve.nodes.$get();
    expect(nodes.map((n) => n.node).sort()).toEqual(['pve-chi-1', NODE]);
    const nyc = nodes.find((n) => n.node === NODE)!;
    expect(nyc).toMatchObject({ status: 'online', type: 'node', id: `node/${NODE}`, level: '' });
    for (const field of ['cpu', 'maxcpu', 'mem', 'maxmem', 'uptime', 'disk', 'maxdisk'] as const)
      expect(nyc[field], field).toBeGreaterThan(0);
    expect(nyc.ssl_fingerprint).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
    const [resource] = (await pve.cluster.resources.$get({ type: 'node' })).filter((r) => r.node === NODE);
    expect(resource).toMatchObject({
      id: `node/${NODE}`,
      maxcpu: nyc.maxcpu,
      maxmem: nyc.maxmem,
      status: 'online',
    });
    expect(await pve.nodes.$(NODE).$get()).toEqual(
      expect.arrayContaining([{ name: 'qemu' }, { name: 'storage' }]),
    );
    const status = await pve.nodes.$(NODE).status.$get();
    expect(status).toMatchObject({ cpuinfo: { cpus: nyc.maxcpu }, memory: { total: nyc.maxmem } });
  });

  it('lists the VMs of a node and reads status, configuration and usage history', async () => {
    const vms = await pve.nodes.$(NODE).qemu.$get({ full: true });
    expect(vms.filter((vm) => !vm.template).map((vm) => [vm.vmid, vm.status])).toEqual(
      expect.arrayContaining([
        [100, 'running'],
        [101, 'stopped'],
      ]),
    );
    const vm = pve.nodes.$(NODE).qemu.$(100);
    expect(await vm.$get()).toEqual(expect.arrayContaining([{ subdir: 'config' }, { subdir: 'status' }]));
    expect(await vm.status.$get()).toEqual(expect.arrayContaining([{ subdir: 'current' }]));
    expect(await vm.status.current.$get()).toMatchObject({ vmid: 100, status: 'running', cpus: 2 });
    expect(await vm.config.$get()).toMatchObject({ name: 'web01.demo.example', cores: 2, memory: 4096 });
    const points = await vm.rrddata.$get({ timeframe: 'hour', cf: 'AVERAGE' });
    expect(points).toHaveLength(70);
    expect(points[69]!.cpu).toBeGreaterThan(0);
  });

  it('stops and starts a VM through its tasks', async () => {
    const vm = pve.nodes.$(NODE).qemu.$(101);
    expect(await waitForTask(await vm.status.start.$post())).toMatchObject({ exitstatus: 'OK' });
    expect((await vm.status.current.$get()).status).toBe('running');
    expect(await waitForTask(await vm.status.stop.$post())).toMatchObject({ exitstatus: 'OK' });
    expect((await vm.status.current.$get()).status).toBe('stopped');
  });

  it('lists the storages of a node and backs a VM up into one with vzdump', async () => {
    const storages = await pve.nodes.$(NODE).storage.$get({ content: 'backup' });
    expect(storages.map((s) => s.storage)).toEqual(['backups']);
    expect(storages[0]).toMatchObject({ active: 1, enabled: 1, total: expect.any(Number) });

    const upid = await pve.nodes.$(NODE).vzdump.$post({ vmid: '100', storage: 'backups', compress: 'zstd' });
    expect(await waitForTask(upid)).toMatchObject({ exitstatus: 'OK', type: 'vzdump' });
    const content = await pve.nodes
      .$(NODE)
      .storage.$('backups')
      .content.$get({ content: 'backup', vmid: 100 });
    expect(content).toHaveLength(1);
    expect(content[0]).toMatchObject({ vmid: 100, format: 'vma.zst', subtype: 'qemu' });
  });

  it('allocates a disk image on a block storage, attaches it to a VM and frees it again', async () => {
    const storage = pve.nodes.$(NODE).storage.$('block-nyc');
    const volid = await storage.content.$post({
      filename: 'vm-900000042-block-1',
      size: '50G',
      vmid: 900000042,
    });
    expect(volid).toBe('block-nyc:vm-900000042-block-1');
    expect(await storage.content.$get({ content: 'images', vmid: 900000042 })).toEqual([
      expect.objectContaining({ volid, size: 50 * 1024 ** 3, format: 'raw', vmid: 900000042 }),
    ]);
    const vm = pve.nodes.$(NODE).qemu.$(100);
    await vm.config.$put({ scsi1: volid });
    expect((await vm.config.$get()).scsi1).toBe(`${volid},size=50G`);
    await vm.config.$put({ delete: 'scsi1' });
    await vm.config.$put({ delete: 'unused0' });
    // The deletion's UPID carries the volid escaped with backslashes, which this client would put
    // in a URL unencoded; the content list shows the result instead.
    expect(await storage.content.$(volid).$delete()).toMatch(/^UPID:pve-nyc-1:.*:imgdel:/);
    expect(await storage.content.$get({ content: 'images', vmid: 900000042 })).toEqual([]);
  });

  it('serialises start, shutdown, start and stop sent within a second on the VM lock', async () => {
    await sim.createVm({ vmid: 102, node: NODE, name: 'race.demo.example', status: 'stopped' });
    const vm = pve.nodes.$(NODE).qemu.$(102);
    const upids = [
      await vm.status.start.$post(),
      await vm.status.shutdown.$post(),
      await vm.status.start.$post(),
      await vm.status.stop.$post(),
    ];
    const tasks = await Promise.all(upids.map((upid) => waitForTask(upid)));
    // The start runs, the shutdown waits for it and then runs; the last two cannot get the lock
    // within ten seconds and fail, as on Proxmox: the VM ends stopped.
    const timeout = "can't lock file '/var/lock/qemu-server/lock-102.conf' - got timeout";
    expect(tasks.map((t) => [t.type, t.exitstatus])).toEqual([
      ['qmstart', 'OK'],
      ['qmshutdown', 'OK'],
      ['qmstart', timeout],
      ['qmstop', timeout],
    ]);
    expect((await vm.status.current.$get()).status).toBe('stopped');
  });

  it("surfaces Proxmox's own errors", async () => {
    await expect(pve.nodes.$(NODE).qemu.$(999).status.current.$get()).rejects.toThrow(
      /500 Configuration file 'nodes\/pve-nyc-1\/qemu-server\/999.conf' does not exist/,
    );
    await expect(
      pve.nodes
        .$(NODE)
        .qemu.$(100)
        .rrddata.$get({ timeframe: 'century' as 'hour' }),
    ).rejects.toThrow(
      /400 Parameter verification failed\..*value 'century' does not have a value in the enumeration/,
    );
  });

  it('signs in with a password and writes with the CSRF token that comes with the ticket', async () => {
    const session = proxmoxApi({
      host: '127.0.0.1',
      port,
      schema: 'http',
      username: login.username,
      password: login.password,
    });
    expect((await session.nodes.$get()).length).toBe(2);
    const vm = session.nodes.$(NODE).qemu.$(101);
    const upid = await vm.status.start.$post();
    expect(upid).toContain(`:qmstart:101:${login.username}:`);

    const wrong = proxmoxApi({
      host: '127.0.0.1',
      port,
      schema: 'http',
      username: login.username,
      password: 'nope',
    });
    await expect(wrong.version.$get()).rejects.toThrow(/Auth .* Failed!/);
  });
});
