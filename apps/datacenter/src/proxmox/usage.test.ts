import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type SimulatorKit, startSimulator } from './sim-test-kit.ts';

type Point = {
  time: number;
  cpu: number;
  netin: number;
  netout: number;
  diskread: number;
  diskwrite: number;
};
const rrd = async (sim: SimulatorKit, timeframe: string, vmid = 100): Promise<Point[]> =>
  (await sim.pve('GET', `/nodes/pve-nyc-1/qemu/${vmid}/rrddata?timeframe=${timeframe}&cf=AVERAGE`)).data;

describe('simulated usage history (rrddata)', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01', cores: 2 });
    await sim.createVm({ vmid: 101, node: 'pve-nyc-1', name: 'web02', cores: 2 });
  });
  afterEach(() => sim.close());

  it.each([
    ['hour', 60],
    ['day', 1_800],
    ['week', 10_800],
    ['month', 43_200],
    ['year', 604_800],
  ])('gives 70 points %s by %i seconds, ending now', async (timeframe, step) => {
    const points = await rrd(sim, timeframe);
    expect(points).toHaveLength(70);
    for (let i = 1; i < points.length; i += 1) expect(points[i]!.time - points[i - 1]!.time).toBe(step);
    expect(Date.now() / 1000 - points.at(-1)!.time).toBeLessThan(step + 5);
    for (const p of points) {
      expect(p.cpu).toBeGreaterThan(0);
      expect(p.cpu).toBeLessThan(1);
      expect(p.netin).toBeGreaterThan(0);
      expect(p.diskwrite).toBeGreaterThan(0);
    }
  });

  it('moves with time and differs between VMs', async () => {
    const before = await rrd(sim, 'hour');
    await sim.advance(10 * 60_000);
    const after = await rrd(sim, 'hour');
    expect(after.at(-1)!.time - before.at(-1)!.time).toBe(600);
    expect(after.at(-1)!.cpu).not.toBe(before.at(-1)!.cpu);
    const other = await rrd(sim, 'hour', 101);
    expect(other.at(-1)!.netout).not.toBe(after.at(-1)!.netout);
  });

  it('is zero while the VM is stopped', async () => {
    await sim.pve('POST', '/nodes/pve-nyc-1/qemu/100/status/stop', {});
    await sim.advance(4_000 + 2 * 3_600_000);
    const hour = await rrd(sim, 'hour');
    expect(hour.every((p) => p.cpu === 0 && p.netin === 0)).toBe(true);
    const day = await rrd(sim, 'day');
    expect(day.slice(0, 60).every((p) => p.cpu > 0)).toBe(true);
  });

  it('offers the MAX consolidation too, never below the average', async () => {
    const average = await rrd(sim, 'day');
    const max = (await sim.pve('GET', '/nodes/pve-nyc-1/qemu/100/rrddata?timeframe=day&cf=MAX'))
      .data as Point[];
    expect(max).toHaveLength(70);
    expect(max.at(-1)!.netin).toBeGreaterThanOrEqual(average.at(-1)!.netin * 0.99);
  });

  it('refuses an unknown timeframe', async () => {
    const { status, body } = await sim.pve('GET', '/nodes/pve-nyc-1/qemu/100/rrddata?timeframe=fortnight');
    expect(status).toBe(400);
    expect(body).toMatchObject({ errors: { timeframe: expect.any(String) } });
  });
});
