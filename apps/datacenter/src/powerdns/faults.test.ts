import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { defaultCredentials } from '../context.ts';
import { type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';

describe('fault injection on the simulated PowerDNS', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  it('hits /api/v1 calls for upstream powerdns and leaves the Tenantos /api alone', async () => {
    await sim.app.inject({
      method: 'POST',
      url: '/_control/faults',
      payload: { upstream: 'powerdns', mode: 'error', status: 503, count: 1 },
    });
    const tenantos = await sim.app.inject({
      method: 'GET',
      url: '/api/servers/1',
      headers: { authorization: `Bearer ${defaultCredentials.tenantos.apiKey}` },
    });
    expect(tenantos.statusCode).toBe(404);
    expect((await sim.api('GET', ZONES)).status).toBe(503);
    expect((await sim.api('GET', ZONES)).status).toBe(200);
  });
});
