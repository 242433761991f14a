import { EventName, vps2DetailResponseSchema } from '@rackdesk/contract';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, quickJobs, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * The VPS v2 page's calls against the simulated Proxmox, as the owner uses them: what each answers
 * and what it changes on the server. Authorization is in vps2-authorization.test.ts, bad input in
 * vps2-validation.test.ts.
 */
const GiB = 1024 ** 3;
const VMID = { main: 7401, stopped: 7402, unlimited: 7403 } as const;

describe('VPS v2 routes', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerId: number;
  let token: string;
  let id: number;
  let stoppedId: number;
  const pve = () => t.app.ctx.providers.proxmox;

  const api = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const server = (path = '', serviceId = id) => `/services/vps/v2/${serviceId}${path}`;
  const detail = async (serviceId = id) =>
    vps2DetailResponseSchema.parse((await api('GET', server('', serviceId))).json());

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({ ...sim.env, ...quickJobs });
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
    id = (await createVps2Service(t, sim, owner.id, VMID.main)).id;
    stoppedId = (await createVps2Service(t, sim, owner.id, VMID.stopped, { running: false })).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(() => sim.advance(LONG_ENOUGH_MS));

  describe('detail', () => {
    it('answers the server and its billing together', async () => {
      const { vps, billing } = await detail();
      expect(vps).toMatchObject({
        id: VMID.main,
        hostname: `vm${VMID.main}.example.net`,
        status: 'running',
        locked: false,
        cpus: 4,
        maxmem: 4 * GiB,
        maxdisk: 80 * GiB,
        osid: '9000',
        os_name: 'ubuntu-24.04',
      });
      expect(billing).toMatchObject({
        id,
        name: 'DW-4G',
        status: 'Active',
        groupname: 'Cloud VPS - New York',
      });
    });

    it("takes the bandwidth allowance from the plan's description, or the service's Bandwidth option", async () => {
      expect((await detail()).vps.bandwidth_usage.bandwidth_limit_gb).toBe(4000);
      const withOption = await createVps2Service(t, sim, ownerId, VMID.unlimited, {
        service: { configOptions: [{ id: 1, option: 'Bandwidth', type: 'dropdown', value: '0' }] },
      });
      const { vps } = await detail(withOption.id);
      expect(vps.bandwidth_usage).toMatchObject({ bandwidth_limit_gb: 0, percentage_used: 0 });
    });
  });

  describe('hostname and power', () => {
    it('changes the hostname', async () => {
      const response = await api('PATCH', server('/hostname'), { hostname: 'renamed.example.net' });
      expect(response.statusCode, response.body).toBe(200);
      expect((await detail()).vps.hostname).toBe('renamed.example.net');
    });

    it('powers off and on, each answered at once and settled later', async () => {
      expect((await api('POST', server('/powerOff'))).statusCode).toBe(200);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps.status).toBe('stopped');
      // Pressed twice (two tabs): nothing more to do.
      expect((await api('POST', server('/powerOff'))).statusCode).toBe(200);

      expect((await api('POST', server('/start'))).statusCode).toBe(200);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps.status).toBe('running');
      expect((await api('POST', server('/start'))).statusCode).toBe(200);
    });

    it('reboots a running server and refuses to reboot a stopped one', async () => {
      await sim.advance(3_600_000);
      const before = (await detail()).vps.uptime;
      expect((await api('POST', server('/restart'))).statusCode).toBe(200);
      await sim.advance(60_000);
      expect((await detail()).vps.uptime).toBeLessThan(before);

      const refused = await api('POST', server('/restart', stoppedId));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toMatchObject({
        message: 'The server is not running.',
        error: 'server_stopped',
      });
    });

    it('answers a second power change while the first still runs with a 409, not a silent no-op', async () => {
      expect((await api('POST', server('/powerOff'))).statusCode).toBe(200);
      // The server still shows running: without the check this start was "nothing to do".
      for (const action of ['/start', '/powerOff', '/restart']) {
        const refused = await api('POST', server(action));
        expect(refused.statusCode, action).toBe(409);
        expect(refused.json()).toEqual({
          message: 'The server is busy with another operation. Please try again when it has finished.',
          error: 'server_locked',
        });
      }
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps.status).toBe('stopped');
      expect((await api('POST', server('/start'))).statusCode).toBe(200);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps.status).toBe('running');
    });

    it('answers a 409 when a reboot keeps the lock longer than Proxmox waits for it', async () => {
      expect((await api('POST', server('/restart'))).statusCode).toBe(200);
      const refused = await api('PATCH', server('/hostname'), { hostname: 'during-reboot.example.net' });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('server_locked');
      await sim.advance(LONG_ENOUGH_MS);
      expect(
        (await api('PATCH', server('/hostname'), { hostname: 'after-reboot.example.net' })).statusCode,
      ).toBe(200);
    });

    it('refuses power changes while the server is busy, saying why', async () => {
      await pve().triggerBackup(VMID.main);
      const refused = await api('POST', server('/powerOff'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json()).toEqual({
        message: 'A backup of this server is in progress.',
        error: 'server_locked',
      });
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps.status).toBe('running');
    });
  });

  describe('ISOs, CD drives and boot order', () => {
    let counter = 0;
    const isoUrl = () => `https://93.184.215.14/images/flow-${(counter += 1)}.iso`;

    beforeEach(async () => {
      await api('POST', server('/insert'), { iso: null, sec_iso: null });
      for (const iso of await pve().listIsos(ownerId)) await pve().deleteIso(ownerId, iso.id);
    });

    it('adds an ISO by URL: queued, then complete, inserted, refused for deletion while inserted', async () => {
      const added = await api('POST', '/services/vps/v2/iso/add', { url: isoUrl() });
      expect(added.statusCode, added.body).toBe(200);
      const iso = added.json().iso;
      expect(iso).toMatchObject({ name: `flow-${counter}.iso`, upload_status: 'queued' });
      expect((await api('GET', '/services/vps/v2/iso')).json().isos).toEqual([iso]);

      const early = await api('DELETE', `/services/vps/v2/iso/${encodeURIComponent(iso.id)}`);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(
        'The ISO is still downloading; it can be deleted once it is complete.',
      );

      await sim.advance(LONG_ENOUGH_MS);
      expect((await api('GET', '/services/vps/v2/iso')).json().isos).toEqual([
        { ...iso, upload_status: 'complete' },
      ]);

      expect((await api('POST', server('/insert'), { iso: iso.id })).statusCode).toBe(200);
      expect((await api('POST', server('/boot'), { order: 'dca' })).statusCode).toBe(200);
      expect((await detail()).vps.config).toEqual({ boot: 'dca', ide2: iso.id, ide0: null });

      const inUse = await api('DELETE', `/services/vps/v2/iso/${encodeURIComponent(iso.id)}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().message).toBe(
        'This ISO is inserted in a server. Eject it from the CD drive first.',
      );

      expect((await api('POST', server('/insert'), { iso: '' })).statusCode).toBe(200);
      expect((await api('POST', server('/boot'), { order: 'cda' })).statusCode).toBe(200);
      const removed = await api('DELETE', `/services/vps/v2/iso/${encodeURIComponent(iso.id)}`);
      expect(removed.statusCode, removed.body).toBe(200);
      expect((await api('GET', '/services/vps/v2/iso')).json().isos).toEqual([]);
      expect((await detail()).vps.config).toEqual({ boot: 'cda', ide2: null, ide0: null });
    });

    it('keeps at most ten ISOs per account', async () => {
      for (let i = 0; i < 10; i += 1) await pve().addIso(ownerId, isoUrl());
      const refused = await api('POST', '/services/vps/v2/iso/add', { url: isoUrl() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe('You can keep at most 10 ISOs. Delete one to add another.');
      await sim.advance(LONG_ENOUGH_MS);
      expect(await pve().listIsos(ownerId)).toHaveLength(10);
    });

    it("does not insert another account's ISO", async () => {
      const theirs = await pve().addIso(ownerId + 1000, isoUrl());
      await sim.advance(LONG_ENOUGH_MS);
      const refused = await api('POST', server('/insert'), { sec_iso: theirs.id });
      expect(refused.statusCode).toBe(404);
      expect((await detail()).vps.config.ide0).toBeNull();
    });
  });

  describe('usage statistics', () => {
    it('answers samples for each range', async () => {
      for (const range of ['hour', 'day', 'week', 'month']) {
        const response = await api('GET', server(`/stats/${range}`));
        expect(response.statusCode).toBe(200);
        const { stats } = response.json();
        expect(stats).toHaveLength(70);
        expect(Object.keys(stats[0]).sort()).toEqual([
          'cpu',
          'diskread',
          'diskwrite',
          'netin',
          'netout',
          'time',
        ]);
      }
    });
  });

  describe('reinstall', () => {
    const password = { password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' };

    it('lists the standard templates with whether they take SSH keys', async () => {
      const { templates } = (await api('GET', server('/templates'))).json();
      expect(templates).toEqual(
        expect.arrayContaining([
          { osid: '9001', name: 'debian-12', type: 'standard', ssh_keys_allowed: true },
          { osid: '9003', name: 'windows-server-2022', type: 'standard', ssh_keys_allowed: false },
        ]),
      );
    });

    it('reinstalls: locked while the disk is replaced, then running the new system', async () => {
      const response = await api('POST', server('/rebuild'), { osid: '9001', ...password, custom: false });
      expect(response.statusCode, response.body).toBe(200);
      expect((await detail()).vps).toMatchObject({ locked: true, status: 'stopped' });
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps).toMatchObject({ locked: false, osid: '9001', os_name: 'debian-12' });
      await api('POST', server('/start'));
    });

    it('refuses SSH keys the template does not take, and keys it cannot know yet, changing nothing', async () => {
      const windows = await api('POST', server('/rebuild'), { osid: '9003', ...password, sshKeyIds: [1] });
      expect(windows.statusCode).toBe(422);
      expect(windows.json().errors).toEqual({ sshKeyIds: ['This operating system does not take SSH keys.'] });

      const unknown = await api('POST', server('/rebuild'), { osid: '9000', ...password, sshKeyIds: [1, 2] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toEqual({
        sshKeyIds: ['One or more of the selected SSH keys were not found.'],
      });

      // An empty list is no keys at all.
      const none = await api('POST', server('/rebuild'), { osid: '9000', ...password, sshKeyIds: [] });
      expect(none.statusCode, none.body).toBe(200);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps).toMatchObject({ osid: '9000', locked: false });
      await api('POST', server('/start'));
    });

    it('refuses an operating system that is not offered', async () => {
      const before = (await detail()).vps.osid;
      const response = await api('POST', server('/rebuild'), { osid: '4242', ...password });
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ osid: ['This operating system is not available.'] });
      expect((await detail()).vps).toMatchObject({ osid: before, locked: false, status: 'running' });
    });
  });

  describe('console', () => {
    it('gives a VNC ticket and password that no cache keeps', async () => {
      const response = await api('GET', server('/vnc'));
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.json()).toMatchObject({
        token: expect.stringMatching(/^PVEVNC:/),
        pass: expect.any(String),
      });
    });
  });

  describe('backups', () => {
    it('switches automatic backups on and off, with the next run within 72 hours', async () => {
      expect((await api('GET', server('/backup/check'))).json()).toEqual({ isEnabled: 0 });
      expect((await api('GET', server('/backup/schedule'))).json()).toEqual({
        next_run: null,
        interval_hours: 72,
      });

      const on = await api('GET', server('/backup/toggle'));
      expect(on.json()).toEqual({ message: 'Successfully toggled backups!', isEnabled: 1 });
      expect((await api('GET', server('/backup/check'))).json()).toEqual({ isEnabled: 1 });
      const { next_run } = (await api('GET', server('/backup/schedule'))).json();
      const { now } = (await sim.control('POST', '/clock/advance', { ms: 0 })) as { now: number };
      expect(next_run).toBeGreaterThan(now / 1000);
      expect(next_run).toBeLessThanOrEqual(now / 1000 + 72 * 3600);

      expect((await api('GET', server('/backup/toggle'))).json().isEnabled).toBe(0);
      expect((await api('GET', server('/backup/check'))).json()).toEqual({ isEnabled: 0 });
    });

    it('refuses to switch automatic backups while the server is busy', async () => {
      await pve().triggerBackup(VMID.main);
      const refused = await api('GET', server('/backup/toggle'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().error).toBe('server_locked');
      expect((await api('GET', server('/backup/check'))).json()).toEqual({ isEnabled: 0 });
    });

    it('backs up now, lists the backup, restores it and deletes it', async () => {
      await api('PATCH', server('/hostname'), { hostname: 'before-backup.example.net' });
      const earlier = (await pve().listBackups(VMID.main)).length;
      const triggered = await api('POST', server('/backup/trigger'));
      expect(triggered.json()).toEqual({ message: 'Successfully triggered backup!' });
      const again = await api('POST', server('/backup/trigger'));
      expect(again.statusCode).toBe(409);
      await sim.advance(LONG_ENOUGH_MS);
      const { backups } = (await api('GET', server('/backups'))).json();
      expect(backups).toHaveLength(earlier + 1);
      expect(backups[0]).toMatchObject({ volid: expect.stringContaining(`vzdump-qemu-${VMID.main}-`) });
      expect(backups[0].size).toBeGreaterThan(0);

      await api('PATCH', server('/hostname'), { hostname: 'after-backup.example.net' });
      await api('POST', server('/powerOff'));
      await sim.advance(LONG_ENOUGH_MS);
      const restore = await api('POST', server('/backup/restore'), { volid: backups[0].volid });
      expect(restore.statusCode, restore.body).toBe(200);
      expect((await detail()).vps.locked).toBe(true);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps).toMatchObject({ locked: false, hostname: 'before-backup.example.net' });

      const removed = await api('POST', server('/backup/delete'), { volid: backups[0].volid });
      expect(removed.statusCode).toBe(200);
      const left = (await api('GET', server('/backups'))).json().backups;
      expect(left).toHaveLength(earlier);
      expect(left.map((b: { volid: string }) => b.volid)).not.toContain(backups[0].volid);
      await api('POST', server('/start'));
    });

    it('refuses a backup that is not this server’s', async () => {
      await pve().triggerBackup(VMID.stopped);
      await sim.advance(LONG_ENOUGH_MS);
      const [theirs] = await pve().listBackups(VMID.stopped);
      for (const action of ['/backup/restore', '/backup/delete']) {
        const response = await api('POST', server(action), { volid: theirs!.volid });
        expect(response.statusCode, action).toBe(404);
      }
      expect(await pve().listBackups(VMID.stopped)).toHaveLength(1);
    });

    it('answers 502 when the platform fails, with no backup made', async () => {
      await sim.control('POST', '/faults', {
        upstream: 'proxmox',
        mode: 'error',
        method: 'POST',
        pathContains: '/vzdump',
        count: 1,
      });
      const before = (await pve().listBackups(VMID.main)).length;
      const failed = await api('POST', server('/backup/trigger'));
      expect(failed.statusCode).toBe(502);
      expect(failed.json().message).toBe(
        'The server management system is not responding. Please try again in a few minutes.',
      );
      await sim.advance(LONG_ENOUGH_MS);
      expect(await pve().listBackups(VMID.main)).toHaveLength(before);
    });
  });

  describe('user templates', () => {
    it('creates a template: pending, then completed; installs it and shows the new password once', async () => {
      const created = await api('POST', server('/user-template/create'), { custom_name: 'web_stack' });
      expect(created.statusCode, created.body).toBe(200);
      const { message, user_template } = created.json();
      expect(message).toBe('Template is being created');
      expect(user_template).toMatchObject({ custom_name: 'web_stack', status: 'pending' });

      const tooEarly = await api('POST', server('/user-template/install'), { id: user_template.id });
      expect(tooEarly.statusCode).toBe(409);
      expect(tooEarly.json().message).toBe('This template is not ready yet.');
      const deleteEarly = await api('POST', '/services/vps/v2/user-template/delete', {
        id: user_template.id,
      });
      expect(deleteEarly.statusCode).toBe(409);

      await sim.advance(LONG_ENOUGH_MS);
      const { user_templates } = (await api('GET', '/services/vps/v2/user-template/list')).json();
      expect(user_templates).toEqual([
        expect.objectContaining({ id: user_template.id, custom_name: 'web_stack', status: 'completed' }),
      ]);
      const { templates } = (await api('GET', server('/templates'))).json();
      expect(templates).toContainEqual({
        osid: `custom_${user_template.id}`,
        name: 'web_stack',
        type: 'custom',
        ssh_keys_allowed: false,
      });

      const installed = await api('POST', server('/user-template/install'), { id: user_template.id });
      expect(installed.statusCode, installed.body).toBe(200);
      expect(installed.headers['cache-control']).toBe('no-store');
      expect(installed.json().new_password).toHaveLength(16);
      await sim.advance(LONG_ENOUGH_MS);
      expect((await detail()).vps).toMatchObject({
        osid: `custom_${user_template.id}`,
        os_name: 'web_stack',
      });

      // A custom template by its bare id, flagged custom.
      const rebuilt = await api('POST', server('/rebuild'), {
        osid: String(user_template.id),
        custom: true,
        password: 'Fresh-Pass9',
        password_confirm: 'Fresh-Pass9',
      });
      expect(rebuilt.statusCode, rebuilt.body).toBe(200);
      await sim.advance(LONG_ENOUGH_MS);

      const removed = await api('POST', '/services/vps/v2/user-template/delete', { id: user_template.id });
      expect(removed.json()).toEqual({ message: 'Successfully deleted template!' });
      await sim.advance(LONG_ENOUGH_MS);
      expect((await api('GET', '/services/vps/v2/user-template/list')).json()).toEqual({
        user_templates: [],
      });
      await api('POST', server('/start'));
    });

    it('answers User Template Limit Reached as is past the limit', async () => {
      for (const name of ['one', 'two', 'three']) {
        expect(
          (await api('POST', server('/user-template/create', stoppedId), { custom_name: name })).statusCode,
        ).toBe(200);
        await sim.advance(LONG_ENOUGH_MS);
      }
      const refused = await api('POST', server('/user-template/create'), { custom_name: 'four' });
      expect(refused.statusCode).toBe(422);
      expect(refused.json().message).toBe('User Template Limit Reached');
      for (const template of await pve().listUserTemplates(ownerId)) {
        await pve().deleteUserTemplate(ownerId, template.id);
      }
    });
  });

  describe('live events', () => {
    it('tells the open page how a backup goes, until it is done', async () => {
      const stream = await openEventStream(t.app, token);
      try {
        await stream.readUntil('event: ready');
        expect((await api('POST', server('/backup/trigger'))).statusCode).toBe(200);
        await stream.readUntil(`"serviceId":${id},"task":"backup","state":"running"`);
        await sim.advance(LONG_ENOUGH_MS);
        await stream.readUntil(`"serviceId":${id},"task":"backup","state":"completed"`);
        expect(stream.received()).toContain(`event: ${EventName.serverTask}`);
      } finally {
        stream.close();
      }
    });
  });
});
