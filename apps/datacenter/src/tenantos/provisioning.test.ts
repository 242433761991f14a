import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { reinstallProfiles } from './profiles.ts';
import { totalSeconds } from './provisioning.ts';
import { startSimulator, type TestSimulator } from './test-fixtures.ts';

describe('simulated Tenantos provisioning', () => {
  let sim: TestSimulator;
  const status = async () =>
    (await sim.call('GET', '/api/servers/1/provisioning/getInstallStatus')).body.result;
  const start = (body: object) => sim.call('POST', '/api/servers/1/provisioning/startReinstallation', body);
  const stop = () => sim.call('GET', '/api/servers/1/provisioning/stopReinstallation');

  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createServer({ id: 1 });
  });
  afterEach(() => sim.app.close());

  it('lists profiles with disk layouts, rescue and password-reset flags', async () => {
    const profiles = (await sim.call('GET', '/api/servers/1/provisioning/getProfiles')).body.result;
    expect(profiles).toHaveLength(reinstallProfiles.length);
    expect(profiles.some((p: { isRescue: number }) => p.isRescue === 1)).toBe(true);
    expect(profiles.some((p: { isPasswordResetProfile: number }) => p.isPasswordResetProfile === 1)).toBe(
      true,
    );
    expect(profiles[0]).toMatchObject({
      id: 1,
      disklayouts: expect.any(Array),
      features: { set_root_password: 1, allow_ssh_keys: 1, follow_install_progress: 1 },
    });
  });

  it('keeps the layout, hostname and SSH keys an installation was asked for (control view)', async () => {
    const answer = await start({
      profileId: 1,
      disklayoutId: 5,
      rootpassword: 'Secret-pass-1',
      hostname: 'db1.example.com',
      sshkeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGk admin@example'],
    });
    expect(answer.status).toBe(200);
    const control = await sim.app.inject({ method: 'GET', url: '/_control/tenantos/servers/1' });
    expect(control.json().install).toMatchObject({
      profileId: 1,
      kind: 'install',
      disklayoutId: 5,
      hostname: 'db1.example.com',
      sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGk admin@example'],
    });
  });

  it('reads idle before anything ran', async () => {
    expect(await status()).toEqual({
      running: 0,
      completed: 0,
      canCancelInstallation: 0,
      step: 0,
      installProgress: [],
      active: false,
      percent: 0,
      message: '',
      update_time: null,
      cancellable: false,
    });
  });

  it('reports the documented running, step, installProgress and completed fields as it goes', async () => {
    await start({ profileId: 1, rootpassword: 'Secret-pass1', sshkeys: ['ssh-ed25519 AAAA test'] });
    expect(await status()).toMatchObject({ running: 1, completed: 0, canCancelInstallation: 1, step: 1 });
    await sim.advanceSeconds(120);
    const later = await status();
    expect(later).toMatchObject({ running: 1, canCancelInstallation: 0, step: 3 });
    expect(later.installProgress.map((entry: { step: number }) => entry.step)).toEqual([1, 2, 3]);
    expect(later.installProgress[2]).toEqual({ step: 3, message: later.message, percent: 65 });
    await sim.advanceSeconds(totalSeconds('install'));
    expect(await status()).toMatchObject({ running: 0, completed: 1, step: 6 });
    expect((await stop()).status).toBe(409);
  });

  it('moves through its messages with rising percent over minutes, then installs the new OS', async () => {
    expect((await start({ profileId: 2, disklayoutId: 2, rootpassword: 'Secret-pass1' })).status).toBe(200);
    const seen: { percent: number; message: string }[] = [];
    for (let elapsed = 0; elapsed < totalSeconds('install'); elapsed += 20) {
      const current = await status();
      expect(current.active).toBe(true);
      seen.push(current);
      await sim.advanceSeconds(20);
    }
    const percents = seen.map((s) => s.percent);
    expect(percents).toEqual([...percents].sort((a, b) => a - b));
    expect(new Set(seen.map((s) => s.message)).size).toBeGreaterThanOrEqual(5);
    expect(totalSeconds('install')).toBeGreaterThanOrEqual(180);

    await sim.advanceSeconds(20);
    expect(await status()).toMatchObject({ active: false, percent: 100, message: 'Installation completed' });
    const detail = (await sim.call('GET', '/api/servers/1')).body.result;
    expect(detail.os).toBe('Ubuntu 24.04 LTS');
    expect(detail.reinstallationRunning).toBe(0);
    expect((await sim.call('GET', '/api/servers/1/power/getPowerStatus')).body.result).toBe('on');
  });

  it('flags the running install on the server and refuses a second one', async () => {
    await start({ profileId: 1, rootpassword: 'pw' });
    expect((await sim.call('GET', '/api/servers/1')).body.result.reinstallationRunning).toBe(1);
    expect((await start({ profileId: 1, rootpassword: 'pw' })).status).toBe(409);
  });

  it('can be stopped while cancellable and keeps the old system', async () => {
    await start({ profileId: 3, rootpassword: 'pw' });
    await sim.advanceSeconds(20);
    expect((await status()).cancellable).toBe(true);
    expect((await stop()).status).toBe(200);
    expect(await status()).toMatchObject({ active: false, message: 'Reinstallation cancelled' });
    expect((await sim.call('GET', '/api/servers/1')).body.result.os).toBe('Debian 12');
    expect((await stop()).status).toBe(409);
  });

  it('cannot be stopped once the base system is being written', async () => {
    await start({ profileId: 1, rootpassword: 'pw' });
    await sim.advanceSeconds(120);
    expect(await status()).toMatchObject({ active: true, cancellable: false });
    const refused = await stop();
    expect(refused.status).toBe(409);
    expect((await status()).active).toBe(true);
  });

  it('boots a rescue system in about a minute and a half', async () => {
    await start({ profileId: 7, rootpassword: 'rescue-pw' });
    expect((await sim.call('GET', '/api/servers/1')).body.result.rescueBootRunning).toBe(1);
    await sim.advanceSeconds(totalSeconds('rescue') + 1);
    expect(await status()).toMatchObject({ active: false, percent: 100, message: 'Rescue system is ready' });
    expect((await sim.call('GET', '/api/servers/1')).body.result.os).toBe('Debian 12');
  });

  it('refuses a bad request with the field at fault', async () => {
    const unknown = await start({ profileId: 999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('profileId');
    const layout = await start({ profileId: 3, disklayoutId: 3, rootpassword: 'pw' });
    expect(layout.body.errors).toHaveProperty('disklayoutId');
    const password = await start({ profileId: 1 });
    expect(password.body.errors).toHaveProperty('rootpassword');
    expect((await start({ profileId: 8 })).status).toBe(200);
  });
});
