import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { panelTime } from './panel-time.ts';
import { startSim, type VirtualizorSim } from './test-helpers.ts';

describe('simulated Virtualizor authentication and control', () => {
  let sim: VirtualizorSim;
  beforeEach(async () => {
    sim = await startSim();
  });
  afterEach(() => sim.close());

  it('refuses calls without or with wrong API credentials', async () => {
    const missing = await sim.app.inject({ method: 'GET', url: '/index.php?act=listvs&api=json' });
    expect(missing.statusCode).toBe(401);
    expect(missing.json()).toMatchObject({ error: { apikey: expect.any(String) } });
    const wrong = await sim.app.inject({
      method: 'GET',
      url: '/index.php?act=listvs&api=json&apikey=datacentersimulatorkey&apipass=wrong',
    });
    expect(wrong.statusCode).toBe(401);
  });

  it('dates every answer as the panel does, in words', async () => {
    await sim.advance(Date.UTC(2031, 8, 23, 18, 5) - Date.now());
    const answer = await sim.app.inject({
      method: 'GET',
      url: '/index.php?act=listvs&api=json&apikey=datacentersimulatorkey&apipass=datacentersimulatorpass',
    });
    expect(answer.json().timenow).toBe('September 23, 2031, 6:05 pm');
    expect(panelTime(Date.UTC(2016, 8, 23, 0, 20))).toBe('September 23, 2016, 12:20 am');
  });

  it('answers only api=json', async () => {
    const response = await sim.app.inject({
      method: 'GET',
      url: '/index.php?act=listvs&apikey=datacentersimulatorkey&apipass=datacentersimulatorpass',
    });
    expect(response.statusCode).toBe(400);
  });

  it('creates a VPS through the control API idempotently by id', async () => {
    const first = await sim.app.inject({
      method: 'POST',
      url: '/_control/virtualizor/vps',
      payload: { vpsid: 501, hostname: 'one.example.com' },
    });
    expect(first.statusCode).toBe(201);
    const again = await sim.app.inject({
      method: 'POST',
      url: '/_control/virtualizor/vps',
      payload: { vpsid: 501, hostname: 'two.example.com', ram: 2048 },
    });
    expect(again.statusCode).toBe(200);
    const list = await sim.get<{ vs: Record<string, { hostname: string; ram: string }> }>('listvs');
    expect(Object.keys(list.vs)).toEqual(['501']);
    expect(list.vs['501']).toMatchObject({ hostname: 'two.example.com', ram: '2048' });
  });

  it('refuses an invalid VPS spec', async () => {
    const response = await sim.app.inject({
      method: 'POST',
      url: '/_control/virtualizor/vps',
      payload: { vpsid: -1, hostname: '', osid: 1 },
    });
    expect(response.statusCode).toBe(400);
  });
});
