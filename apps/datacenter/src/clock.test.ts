import { describe, expect, it } from 'vitest';
import { buildDatacenter } from './server.ts';

const DAY_MS = 86_400_000;

describe('control API: the simulated clock', () => {
  it('reads the simulated time and how far it was moved ahead', async () => {
    const app = await buildDatacenter({ logLevel: 'silent' });
    try {
      const read = async () =>
        (await app.inject({ method: 'GET', url: '/_control/clock' })).json() as {
          now: number;
          offsetMs: number;
        };
      const before = await read();
      expect(before.offsetMs).toBe(0);
      expect(Math.abs(before.now - Date.now())).toBeLessThan(60_000);

      await app.inject({ method: 'POST', url: '/_control/clock/advance', payload: { ms: 3 * DAY_MS } });
      const after = await read();
      expect(after.offsetMs).toBe(3 * DAY_MS);
      expect(after.now - before.now).toBeGreaterThanOrEqual(3 * DAY_MS);
    } finally {
      await app.close();
    }
  });
});
