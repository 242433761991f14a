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

  it('holds the time still, so an operation stays at its step, and runs on from there when released', async () => {
    const app = await buildDatacenter({ logLevel: 'silent' });
    try {
      const post = async (url: string, payload?: object) =>
        (await app.inject({ method: 'POST', url: `/_control/clock/${url}`, payload })).json() as {
          now: number;
        };
      const read = async () =>
        (await app.inject({ method: 'GET', url: '/_control/clock' })).json() as {
          now: number;
          held: boolean;
        };

      const held = await post('hold');
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(await read()).toEqual({ now: held.now, offsetMs: expect.any(Number), held: true });
      // Moving a held clock moves where it stands.
      expect((await post('advance', { ms: DAY_MS })).now).toBe(held.now + DAY_MS);

      const released = await post('release');
      expect(released.now - (held.now + DAY_MS)).toBeLessThan(1_000);
      expect((await read()).held).toBe(false);
    } finally {
      await app.close();
    }
  });
});
