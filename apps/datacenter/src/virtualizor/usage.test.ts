import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { formatMonth, monthOf, SAMPLE_INTERVAL_S } from './samples.ts';
import { startSim, type VirtualizorSim, vpsInfo } from './test-helpers.ts';

type Row = number[];

describe('simulated Virtualizor usage counters', () => {
  let sim: VirtualizorSim;
  let now: number;
  beforeEach(async () => {
    sim = await startSim();
    await sim.createVps({ vpsid: 401, hostname: 'stats.example.com', cores: 2 });
    now = Date.now();
  });
  afterEach(() => sim.close());

  async function rows(month: string): Promise<Row[]> {
    return (await sim.get<{ vps_stats: Row[] }>('vps_stats', { svs: 401, show: month })).vps_stats;
  }

  it('has five-minute rows for the whole previous month and the current month so far', async () => {
    const date = new Date(now);
    const previous = formatMonth(monthOf(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() - 1, 15)));
    const previousRows = await rows(previous);
    const daysInPrevious = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), 0)).getUTCDate();
    expect(previousRows).toHaveLength((daysInPrevious * 86_400) / SAMPLE_INTERVAL_S);
    const currentRows = await rows(formatMonth(monthOf(now)));
    expect(currentRows.length).toBeGreaterThan(0);
    for (const [a, b] of [previousRows.slice(0, 2), currentRows.slice(-2)]) {
      expect(b![1]! - a![1]!).toBe(SAMPLE_INTERVAL_S);
    }
    const row = previousRows[100]!;
    expect(row).toHaveLength(12);
    expect(row[0]).toBe(401);
    expect(row[6]).toBeGreaterThan(0);
    expect(row[6]).toBeLessThanOrEqual(100);
    for (const index of [8, 9, 10, 11]) expect(row[index]).toBeGreaterThan(0);
  });

  it('gives the same history every time it is asked', async () => {
    const month = formatMonth(monthOf(now));
    expect(await rows(month)).toEqual(await rows(month));
  });

  it('keeps a stopped VPS silent and grows the bandwidth used while it runs', async () => {
    const before = (await vpsInfo(sim, 401)).bandwidth.used_gb;
    await sim.advance(6 * 3_600_000);
    const after = (await vpsInfo(sim, 401)).bandwidth.used_gb;
    expect(after).toBeGreaterThan(before);

    await sim.post('poweroff', { svs: 401, do: 1 });
    await sim.advance(3 * 3_600_000);
    const silent = (await rows(formatMonth(monthOf(now + 9 * 3_600_000)))).slice(-6);
    for (const row of silent) {
      expect(row[2]).toBe(0);
      expect(row.slice(6)).toEqual([0, 0, 0, 0, 0, 0]);
    }
    expect((await vpsInfo(sim, 401)).cpu.percent).toBe(0);
  });

  it('reports the month traffic per day with act=bandwidth', async () => {
    const answer = await sim.get<{
      bandwidth: { used: number; limit_gb: number; usage: Record<string, number> };
    }>('bandwidth', { svs: 401, show: formatMonth(monthOf(now)) });
    expect(answer.bandwidth.limit_gb).toBe(1000);
    const days = Object.values(answer.bandwidth.usage);
    expect(days.reduce((sum, mb) => sum + mb, 0)).toBe(answer.bandwidth.used);
  });

  it('refuses a malformed month', async () => {
    expect((await sim.get('vps_stats', { svs: 401, show: '2024-1' })).error).toHaveProperty('show');
  });
});
