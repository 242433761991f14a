import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type PowerDnsKit, ptrsOf, startSimulator, ZONES } from './test-kit.ts';

const ZONE = '113.0.203.in-addr.arpa.';

describe('PowerDNS control endpoints', () => {
  let sim: PowerDnsKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  it('seeds a zone with PTR records given by address or by name', async () => {
    const { status, body } = await sim.control('POST', '/zones', {
      name: '0.0.10.in-addr.arpa',
      records: [
        { ip: '10.0.0.5', content: 'five.example.net.' },
        { name: '6.0.0.10.in-addr.arpa', content: 'six.example.net.', ttl: 300 },
      ],
    });
    expect(status).toBe(201);
    expect(body.zone).toMatchObject({ id: '0.0.10.in-addr.arpa.', kind: 'Master' });
    expect(await ptrsOf(sim, '0.0.10.in-addr.arpa.')).toEqual([
      { name: '5.0.0.10.in-addr.arpa.', ttl: 3600, contents: ['five.example.net.'] },
      { name: '6.0.0.10.in-addr.arpa.', ttl: 300, contents: ['six.example.net.'] },
    ]);
  });

  it('replaces an existing zone when seeded again, and keeps its records when none are given', async () => {
    const seed = { name: ZONE, records: [{ ip: '203.0.113.10', content: 'ded10.example.net.' }] };
    await sim.control('POST', '/zones', seed);
    const serial = (await sim.api('GET', `${ZONES}/${ZONE}`)).body.serial;

    const again = await sim.control('POST', '/zones', seed);
    expect(again.status).toBe(200);
    expect(again.body.zone.serial).toBeGreaterThan(serial);
    expect(await ptrsOf(sim, ZONE)).toEqual([
      { name: `10.${ZONE}`, ttl: 3600, contents: ['ded10.example.net.'] },
    ]);

    await sim.control('POST', '/zones', { name: ZONE, kind: 'Native' });
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).body.kind).toBe('Native');
    expect(await ptrsOf(sim, ZONE)).toHaveLength(1);

    await sim.control('POST', '/zones', { name: ZONE, records: [] });
    expect(await ptrsOf(sim, ZONE)).toEqual([]);
  });

  it('refuses a spec that is incomplete or would not pass PowerDNS checks with 400', async () => {
    for (const spec of [
      { records: [] },
      { name: ZONE, records: [{ content: 'no-owner.example.net.' }] },
      { name: ZONE, records: [{ ip: '198.51.100.9', content: 'out-of-zone.example.net.' }] },
      { name: ZONE, records: [{ ip: '203.0.113.9', content: 'relative.example.net' }] },
    ]) {
      const { status, body } = await sim.control('POST', '/zones', spec);
      expect(status, JSON.stringify(spec)).toBe(400);
      expect(body.message).toEqual(expect.any(String));
    }
  });

  it('lists, shows and removes zones', async () => {
    const listed = await sim.control('GET', '/zones');
    expect(listed.body.zones.map((zone: { name: string }) => zone.name)).toContain(ZONE);
    expect((await sim.control('GET', `/zones/${ZONE}`)).body.zone.rrsets).toHaveLength(2);

    expect((await sim.control('DELETE', `/zones/${ZONE}`)).status).toBe(204);
    expect((await sim.control('GET', `/zones/${ZONE}`)).status).toBe(404);
    expect((await sim.api('GET', `${ZONES}/${ZONE}`)).status).toBe(404);
    expect((await sim.control('DELETE', `/zones/${ZONE}`)).status).toBe(404);
  });
});
