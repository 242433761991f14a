import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSim, type VirtualizorSim, vpsInfo } from './test-helpers.ts';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('simulated Virtualizor reinstall and configuration', () => {
  let sim: VirtualizorSim;
  beforeEach(async () => {
    sim = await startSim();
    await sim.createVps({ vpsid: 201, hostname: 'beta.example.com', osid: 1011 });
  });
  afterEach(() => sim.close());

  it('lists the KVM templates by distribution', async () => {
    const answer = await sim.get<{ oslist: { kvm: Record<string, Record<string, { name: string }>> } }>(
      'ostemplate',
      { svs: 201 },
    );
    expect(answer.oslist.kvm.ubuntu?.['1001']?.name).toBe('Ubuntu 24.04 LTS');
    expect(answer.oslist.kvm.windows).toBeDefined();
  });

  it('locks the VPS for a couple of minutes, then unlocks it running the new OS', async () => {
    const form = { newos: '1001', newpass: 'n3w-Secret', conf: 'n3w-Secret', reinsos: 'Reinstall' };
    expect((await sim.post('ostemplate', { svs: 201 }, form)).done).toBeTruthy();
    let info = await vpsInfo(sim, 201);
    expect(info.vps.locked).toBe('Reinstalling OS');
    expect(info.status).toBe(0);
    expect((await sim.post('start', { svs: 201, do: 1 })).error).toHaveProperty('locked');

    await sim.advance(60_000);
    expect((await vpsInfo(sim, 201)).vps.locked).toBe('Reinstalling OS');

    await sim.advance(61_000);
    info = await vpsInfo(sim, 201);
    expect(info.vps.locked).toBe('');
    expect(info.vps.osid).toBe('1001');
    expect(info.status).toBe(1);
    expect((await sim.control(201)).rootPasswordSha256).toBe(sha256('n3w-Secret'));
  });

  it('refuses a reinstall with an unknown template or mismatched passwords', async () => {
    const bad = await sim.post(
      'ostemplate',
      { svs: 201 },
      { newos: '4242', newpass: 'abcdef', conf: 'abcdef' },
    );
    expect(bad.error).toHaveProperty('newos');
    const mismatch = await sim.post(
      'ostemplate',
      { svs: 201 },
      { newos: '1001', newpass: 'abcdef', conf: 'x' },
    );
    expect(mismatch.error).toHaveProperty('conf');
    expect((await vpsInfo(sim, 201)).vps.locked).toBe('');
  });

  it('changes the hostname and refuses an invalid one', async () => {
    expect((await sim.post('hostname', { svs: 201 }, { newhost: 'gamma.example.net' })).done).toBeTruthy();
    expect(await sim.get('hostname', { svs: 201 })).toMatchObject({ current: 'gamma.example.net' });
    expect((await sim.post('hostname', { svs: 201 }, { newhost: 'not a host!' })).error).toHaveProperty(
      'newhost',
    );
    expect((await vpsInfo(sim, 201)).vps.hostname).toBe('gamma.example.net');
  });

  it('changes the root password', async () => {
    const form = { newpass: 'Another-1', conf: 'Another-1', changepass: 'Change Password' };
    expect((await sim.post('changepassword', { svs: 201 }, form)).done).toBeTruthy();
    expect((await sim.control(201)).rootPasswordSha256).toBe(sha256('Another-1'));
  });

  it('sets the boot order', async () => {
    expect(
      (await sim.post('hvmsettings', { svs: 201 }, { hvmsettings: '1', boot: 'dca' })).done,
    ).toBeTruthy();
    expect((await vpsInfo(sim, 201)).vps.boot).toBe('dca');
    const bad = await sim.post('hvmsettings', { svs: 201 }, { hvmsettings: '1', boot: 'xyz' });
    expect(bad.error).toHaveProperty('boot');
  });

  it('gives VNC connection details with a noVNC token', async () => {
    const answer = await sim.get<{ info: { ip: string; port: number; password: string; token: string } }>(
      'vnc',
      {
        svs: 201,
        novnc: 201,
      },
    );
    expect(answer.info).toMatchObject({ port: expect.any(Number), password: expect.any(String) });
    expect(answer.info.token).toMatch(/^[0-9a-f]{32}$/);
  });
});
