import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAccounts } from '../src/seed/demo-accounts.ts';
import { DEMO_DEDICATED_BANDWIDTH_TB, ensureDemoMachines } from '../src/seed/demo-machines.ts';
import { seedDemo } from '../src/seed/demo.ts';
import { bearer, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const DAY_MS = 86_400_000;
/** Bits in one TB of an allowance (servers spec §9: 10^12 bytes of 8 bits). */
const BITS_PER_TB = 8e12;

/**
 * The demo's usage figures as the owner's pages get them: each metered server is on course to use
 * a believable share of its monthly allowance, whatever day of the month it is.
 */
describe('demo usage against the allowances', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  const serviceOf = new Map<string, number>();
  /** The simulated instant the simulator's clock has been moved to. */
  let simulatedNow = Date.now();

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    await seedDemo(t.app.ctx);
    await ensureDemoMachines(sim.url);
    token = await loginToken(t.app, demoAccounts.owner.email, demoAccounts.owner.password);
    const list = (await get('/api/services')).products.product as { id: number; domain: string }[];
    for (const service of list) serviceOf.set(service.domain, service.id);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  async function get(url: string) {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, url).toBe(200);
    return response.json();
  }

  /**
   * Moves the simulated clock forward to 12:00 UTC on `day` of the month `months` after the
   * current one (the clock only goes forward, as the machines' history expects).
   */
  async function moveTo(months: number, day: number): Promise<{ elapsed: number; averageMonths: number }> {
    const now = new Date();
    const target = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, day, 12);
    expect(target).toBeGreaterThan(simulatedNow);
    await sim.advance(target - simulatedNow);
    simulatedNow = target;
    const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1);
    const end = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months + 1, 1);
    return {
      elapsed: (target - start) / (end - start),
      averageMonths: (target - start) / ((365.25 / 12) * DAY_MS),
    };
  }

  /** Used / allowance now, against the share of the month gone: the course for the whole month. */
  const course = (used: number, allowance: number, elapsed: number) => used / allowance / elapsed;

  async function shares() {
    const dedicated = await get(
      `/api/services/dedicated/${serviceOf.get('ny-dedi-01.demo.example')}/bandwidth/summary`,
    );
    const legacy = (await get(`/api/services/vps/${serviceOf.get('legacy-vps.demo.example')}`)).vps.vm_status;
    const v2 = await Promise.all(
      ['web01.demo.example', 'game01.demo.example'].map(
        async (domain) => (await get(`/api/services/vps/v2/${serviceOf.get(domain)}`)).vps.bandwidth_usage,
      ),
    );
    return { dedicatedBits: dedicated.total as number, legacy, v2 };
  }

  it('keeps the dedicated server on course for 20 to 60 % of its 10 TB, counted in bits', async () => {
    let previousBits = 0;
    for (const day of [2, 15, 28]) {
      const { elapsed, averageMonths } = await moveTo(1, day);
      const { dedicatedBits } = await shares();
      const allowanceBits = DEMO_DEDICATED_BANDWIDTH_TB * BITS_PER_TB;
      const onCourse = course(dedicatedBits, allowanceBits, elapsed);
      expect(onCourse, `day ${day}`).toBeGreaterThan(0.2);
      expect(onCourse, `day ${day}`).toBeLessThan(0.6);
      // The seed's 4000 GB (10^9 bytes) a month, as bits: an 8x or 1024x slip shows here.
      expect(dedicatedBits / 8 / 1e9 / (4000 * averageMonths), `day ${day}`).toBeCloseTo(1, 1);
      expect(dedicatedBits).toBeGreaterThan(previousBits);
      previousBits = dedicatedBits;
    }
  });

  it('keeps both VPS generations within their allowance all month, VPS v2 on course for 20 to 60 %', async () => {
    for (const day of [3, 20]) {
      const { elapsed } = await moveTo(2, day);
      const { legacy, v2 } = await shares();
      const legacyCourse = course(legacy.used_bandwidth, legacy.bandwidth, elapsed);
      expect(legacyCourse, `first generation, day ${day}`).toBeGreaterThan(0.1);
      expect(legacyCourse, `first generation, day ${day}`).toBeLessThan(0.9);
      for (const usage of v2) {
        const v2Course = course(usage.total_gb, usage.bandwidth_limit_gb, elapsed);
        expect(v2Course, `VPS v2, day ${day}`).toBeGreaterThan(0.2);
        expect(v2Course, `VPS v2, day ${day}`).toBeLessThan(0.6);
        expect(usage.percentage_used).toBeCloseTo((usage.total_gb / usage.bandwidth_limit_gb) * 100, 1);
      }
    }
  });
});
