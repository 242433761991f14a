import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { API_KEY, type PowerDnsKit, startSimulator, ZONES } from './test-kit.ts';

describe('PowerDNS API key authentication', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  const get = (headers: Record<string, string>, query = '') =>
    sim.app.inject({ method: 'GET', url: `/api/v1${ZONES}${query}`, headers });

  it('refuses a call without the key, or with another one, with 401 and an error', async () => {
    const refused: Record<string, string>[] = [
      {},
      { 'x-api-key': 'wrong-key' },
      { authorization: `Bearer ${API_KEY}` },
    ];
    for (const headers of refused) {
      const response = await get(headers);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ error: 'Unauthorized' });
      expect(response.headers['www-authenticate']).toBe('X-API-Key realm="PowerDNS"');
    }
  });

  it('refuses a write without the key and leaves the zone alone', async () => {
    const response = await sim.app.inject({
      method: 'PATCH',
      url: `/api/v1${ZONES}/100.51.198.in-addr.arpa.`,
      payload: { rrsets: [{ name: '100.51.198.in-addr.arpa.', type: 'NS', changetype: 'DELETE' }] },
    });
    expect(response.statusCode).toBe(401);
    const { body } = await sim.api('GET', `${ZONES}/100.51.198.in-addr.arpa.`);
    expect(body.rrsets.map((rrset: { type: string }) => rrset.type)).toContain('NS');
  });

  it('accepts the key in the X-API-Key header or the api-key query parameter', async () => {
    expect((await get({ 'x-api-key': API_KEY })).statusCode).toBe(200);
    expect((await get({}, `?api-key=${API_KEY}`)).statusCode).toBe(200);
  });

  it('keeps the control endpoints outside the API key check', async () => {
    expect((await sim.control('GET', '/zones')).status).toBe(200);
  });
});
