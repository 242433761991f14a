import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSim, type VirtualizorSim, vpsInfo } from './test-helpers.ts';

describe('simulated Virtualizor power actions', () => {
  let sim: VirtualizorSim;
  beforeEach(async () => {
    sim = await startSim();
    await sim.createVps({ vpsid: 101, hostname: 'alpha.example.com', status: 0 });
  });
  afterEach(() => sim.close());

  it('boots a stopped VPS within seconds of the start action', async () => {
    const answer = await sim.post('start', { svs: 101, do: 1 });
    expect(answer.done).toBeTruthy();
    expect((await vpsInfo(sim, 101)).status).toBe(0);
    await sim.advance(10_000);
    const info = await vpsInfo(sim, 101);
    expect(info.status).toBe(1);
    expect(info.uptime).toBeGreaterThan(0);
  });

  it('reports the power status without do=1 and changes nothing', async () => {
    expect(await sim.get('start', { svs: 101 })).toMatchObject({ status: 0 });
    await sim.advance(60_000);
    expect((await vpsInfo(sim, 101)).status).toBe(0);
  });

  it('stops gracefully and powers off faster', async () => {
    await sim.post('start', { svs: 101, do: 1 });
    await sim.advance(10_000);
    await sim.post('stop', { svs: 101, do: 1 });
    expect((await vpsInfo(sim, 101)).status).toBe(1);
    await sim.advance(11_000);
    expect((await vpsInfo(sim, 101)).status).toBe(0);

    await sim.post('start', { svs: 101, do: 1 });
    await sim.advance(10_000);
    await sim.post('poweroff', { svs: 101, do: 1 });
    await sim.advance(3_000);
    expect((await vpsInfo(sim, 101)).status).toBe(0);
  });

  it('restarts a running VPS: it stays up and its uptime starts again', async () => {
    await sim.post('start', { svs: 101, do: 1 });
    await sim.advance(3_600_000);
    expect((await vpsInfo(sim, 101)).uptime).toBeGreaterThan(3_000);
    await sim.post('restart', { svs: 101, do: 1 });
    expect((await vpsInfo(sim, 101)).status).toBe(1);
    await sim.advance(13_000);
    const info = await vpsInfo(sim, 101);
    expect(info.status).toBe(1);
    expect(info.uptime).toBeLessThan(60);
  });

  it('refuses a second power action while one is running', async () => {
    await sim.post('start', { svs: 101, do: 1 });
    const answer = await sim.post('poweroff', { svs: 101, do: 1 });
    expect(answer.error).toHaveProperty('busy');
    await sim.advance(10_000);
    expect((await sim.post('poweroff', { svs: 101, do: 1 })).done).toBeTruthy();
  });

  it('accepts the SDK form of the actions: GET with do=1', async () => {
    expect((await sim.get('start', { svs: 101, do: 1 })).done).toBeTruthy();
    await sim.advance(10_000);
    expect((await vpsInfo(sim, 101)).status).toBe(1);
  });

  it('refuses power actions on a VPS the operator locked', async () => {
    await sim.createVps({ vpsid: 102, hostname: 'locked.example.com', locked: 'Suspended for abuse' });
    const answer = await sim.post('stop', { svs: 102, do: 1 });
    expect(answer.error?.locked).toContain('Suspended for abuse');
    expect((await vpsInfo(sim, 102)).vps.locked).toBe('Suspended for abuse');
  });

  it('answers an unknown VPS with an error keyed svs', async () => {
    expect((await sim.post('start', { svs: 999, do: 1 })).error).toHaveProperty('svs');
    expect((await sim.get('vpsmanage', { svs: 999 })).error).toHaveProperty('svs');
  });
});
