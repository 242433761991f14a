import type { AddressInfo } from 'node:net';
import { PowerdnsClient } from '@firstdorsal/powerdns-api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildDatacenter } from '../server.ts';
import { API_KEY } from './test-kit.ts';

/**
 * A third-party PowerDNS client from npm (@firstdorsal/powerdns-api), used unmodified against the
 * simulator over HTTP: it sends PATCH bodies without a JSON Content-Type and reads the answers
 * PowerDNS gives, so it fails where the simulator differs from the real API.
 */
describe('the simulated PowerDNS API with an unmodified third-party client', () => {
  let app: FastifyInstance;
  let pdns: InstanceType<typeof PowerdnsClient>;

  beforeAll(async () => {
    app = await buildDatacenter({ logLevel: 'silent' });
    await app.listen({ host: '127.0.0.1', port: 0 });
    const { port } = app.server.address() as AddressInfo;
    pdns = new PowerdnsClient(`http://127.0.0.1:${port}/api/v1/servers/localhost`, API_KEY);
    // The client logs every PATCH it sends.
    vi.spyOn(console, 'log').mockImplementation(() => undefined);
  });
  afterAll(async () => {
    vi.restoreAllMocks();
    await app.close();
  });

  it('creates a zone, sets, finds and deletes records, and deletes the zone', async () => {
    const soa = await pdns.createZone('example.org', 'Master');
    expect(soa).toMatchObject({ name: 'example.org.', type: 'SOA' });
    expect((await pdns.getZones()).map((zone) => zone.name)).toContain('example.org.');

    const set = await pdns.setRecords([
      { name: 'www.example.org', type: 'A', ttl: 300, content: ['192.0.2.1', '192.0.2.2'] },
      { name: 'example.org', type: 'NS', ttl: 3600, content: ['ns1.example.net.', 'ns2.example.net.'] },
    ]);
    expect(set).toEqual([true, true]);
    const rrsets = await pdns.getZone('example.org');
    expect(rrsets.find((rrset) => rrset.name === 'www.example.org.')).toMatchObject({
      type: 'A',
      ttl: 300,
      records: [
        { content: '192.0.2.1', disabled: false },
        { content: '192.0.2.2', disabled: false },
      ],
    });
    expect(await pdns.findRecords('192.0.2.2', 'example.org')).toHaveLength(1);

    const found = await pdns.search({ query: 'www.example.org', max: 10 });
    expect(found?.map((record) => record.content)).toEqual(['192.0.2.1', '192.0.2.2']);
    expect(await pdns.replaceRecords('192.0.2.2', '192.0.2.3', 'example.org')).toBe(1);
    expect(await pdns.findRecords('192.0.2.3', 'example.org')).toHaveLength(1);

    expect(await pdns.deleteRecords([{ name: 'www.example.org', type: 'A' }])).toBe(true);
    expect(await pdns.search({ query: 'www.example.org' })).toEqual([]);
    expect(await pdns.deleteZone('example.org')).toBe(true);
    expect(await pdns.getZoneWithMeta('example.org')).toEqual({
      error: "Could not find domain 'example.org.'",
    });
  });

  it('creates a zone only once', async () => {
    expect(await pdns.createZone('example.com')).toMatchObject({ type: 'SOA' });
    // The 409 {"error": "Conflict"} has no rrsets: the client reports false.
    expect(await pdns.createZone('example.com')).toBe(false);
  });
});
