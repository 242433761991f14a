import type { AddressInfo } from 'node:net';
import { rdnsEntrySchema } from '@rackdesk/contract';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { PowerDnsClient, ReverseDnsText } from '../../src/providers/dns/index.ts';
import { UpstreamError } from '../../src/providers/upstream-error.ts';

const V4_ZONE = '100.51.198.in-addr.arpa.';
const V6_ZONE = '8.b.d.0.1.0.0.2.ip6.arpa.';
/** 2001:db8:400::/48, delegated apart from the /32: the more specific zone must win. */
const V6_SUBZONE = '0.0.4.0.8.b.d.0.1.0.0.2.ip6.arpa.';

const IP = { named: '198.51.100.20', unnamed: '198.51.100.21', other: '198.51.100.31' };
const V6 = { sub: '2001:db8:400::30', wide: '2001:db8:500::40' };

/** The zones as the demo seed would give them to the simulator's control API. */
const zones = [
  { name: V4_ZONE, records: [{ ip: IP.named, content: 'vps20.example.net.', ttl: 600 }] },
  { name: '113.0.203.in-addr.arpa.', records: [] },
  {
    name: V6_ZONE,
    records: [
      { ip: V6.wide, content: 'v6-wide.example.net.' },
      // Shadowed by the /48 zone below, which the adapter must pick.
      { ip: V6.sub, content: 'shadowed.example.net.' },
    ],
  },
  { name: V6_SUBZONE, records: [{ ip: V6.sub, content: 'v6.example.net.', ttl: 300 }] },
];

describe('PowerDnsClient against the datacenter simulator', () => {
  let sim: FastifyInstance;
  let baseUrl: string;
  let client: PowerDnsClient;
  const clientWith = (options: { apiKey?: string; serverId?: string; timeoutMs?: number }) =>
    new PowerDnsClient({
      baseUrl,
      apiKey: options.apiKey ?? defaultCredentials.powerdns.apiKey,
      ...(options.serverId ? { serverId: options.serverId } : {}),
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  const control = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await sim.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
    return response.body ? response.json() : undefined;
  };
  /** The zone as the simulator holds it (control API: no key, no faults). */
  const zone = async (name: string) => (await control('GET', `/_control/powerdns/zones/${name}`)).zone;
  const ptrContents = async (zoneName: string) =>
    Object.fromEntries(
      (await zone(zoneName)).rrsets
        .filter((rrset: { type: string }) => rrset.type === 'PTR')
        .map((rrset: { name: string; ttl: number; records: { content: string }[] }) => [
          rrset.name,
          { ttl: rrset.ttl, contents: rrset.records.map((record) => record.content) },
        ]),
    );
  const fault = (spec: Record<string, unknown>) =>
    control('POST', '/_control/faults', { upstream: 'powerdns', ...spec });

  beforeAll(async () => {
    sim = await buildDatacenter({ timeScale: 1, logLevel: 'silent' });
    await sim.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
    client = clientWith({});
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    for (const { name } of (await control('GET', '/_control/powerdns/zones')).zones) {
      await control('DELETE', `/_control/powerdns/zones/${name}`);
    }
    for (const spec of zones) await control('POST', '/_control/powerdns/zones', spec);
  });
  afterEach(() => control('DELETE', '/_control/faults'));

  describe('getPtr (GET services/{id}/rdns)', () => {
    it('answers one rDNS entry per address, in order, host empty where there is no PTR', async () => {
      const entries = await client.getPtr([IP.named, IP.unnamed, V6.wide]);
      for (const entry of entries) expect(rdnsEntrySchema.parse(entry)).toEqual(entry);
      expect(entries).toEqual([
        { ip: IP.named, host: 'vps20.example.net', ttl: 600 },
        { ip: IP.unnamed, host: '', ttl: 3600 },
        { ip: V6.wide, host: 'v6-wide.example.net', ttl: 3600 },
      ]);
    });

    it('reads an address from the most specific zone holding it', async () => {
      expect(await client.getPtr([V6.sub])).toEqual([{ ip: V6.sub, host: 'v6.example.net', ttl: 300 }]);
      // The same address written in another form names the same record.
      expect(await client.getPtr(['2001:DB8:400:0::30'])).toEqual([
        { ip: '2001:DB8:400:0::30', host: 'v6.example.net', ttl: 300 },
      ]);
    });

    it('reads several addresses of one zone in one call', async () => {
      await control('POST', '/_control/powerdns/zones', {
        name: V4_ZONE,
        records: [
          { ip: IP.named, content: 'vps20.example.net.' },
          { ip: IP.other, content: 'vps31.example.net.', ttl: 120 },
          { ip: IP.unnamed, content: 'switched-off.example.net.', disabled: true },
        ],
      });
      expect(await client.getPtr([IP.other, IP.unnamed, IP.named])).toEqual([
        { ip: IP.other, host: 'vps31.example.net', ttl: 120 },
        { ip: IP.unnamed, host: '', ttl: 3600 },
        { ip: IP.named, host: 'vps20.example.net', ttl: 3600 },
      ]);
    });

    it('refuses an address outside every reverse zone with a 4xx naming it, not a 502', async () => {
      const failure = client.getPtr([IP.named, '192.0.2.7']);
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.not.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({
        statusCode: 422,
        message: ReverseDnsText.noReverseZone,
        body: { errors: { 'ip_list.1': [ReverseDnsText.noReverseZone] } },
      });
    });

    it('refuses something that is not an IP address', async () => {
      await expect(client.getPtr(['198.51.100.300'])).rejects.toMatchObject({
        statusCode: 422,
        body: { errors: { 'ip_list.0': [expect.any(String)] } },
      });
    });

    it('answers nothing for no addresses', async () => {
      expect(await client.getPtr([])).toEqual([]);
    });
  });

  describe('setPtr (POST services/{id}/rdns)', () => {
    it('sets a PTR record that later reads show, as an absolute name in the zone', async () => {
      const saved = await client.setPtr([{ ip: IP.unnamed, host: 'mail.example.net', ttl: 900 }]);
      expect(saved).toEqual([{ ip: IP.unnamed, host: 'mail.example.net', ttl: 900 }]);
      expect(await client.getPtr([IP.unnamed])).toEqual(saved);
      expect((await ptrContents(V4_ZONE))[`21.${V4_ZONE}`]).toEqual({
        ttl: 900,
        contents: ['mail.example.net.'],
      });
    });

    it('replaces an existing record and keeps its TTL when none is given', async () => {
      const saved = await client.setPtr([
        { ip: IP.named, host: 'Renamed.Example.NET.' },
        { ip: IP.other, host: 'fresh.example.net' },
      ]);
      expect(saved).toEqual([
        { ip: IP.named, host: 'renamed.example.net', ttl: 600 },
        { ip: IP.other, host: 'fresh.example.net', ttl: 3600 },
      ]);
      expect(await client.getPtr([IP.named, IP.other])).toEqual(saved);
    });

    it('removes the record when the host is empty', async () => {
      const saved = await client.setPtr([{ ip: IP.named, host: '' }]);
      expect(saved).toEqual([{ ip: IP.named, host: '', ttl: 3600 }]);
      expect(await client.getPtr([IP.named])).toEqual(saved);
      expect(await ptrContents(V4_ZONE)).toEqual({});
    });

    it('changes IPv4 and IPv6 addresses of different zones in one save', async () => {
      await client.setPtr([
        { ip: IP.named, host: 'both.example.net', ttl: 1800 },
        { ip: V6.sub, host: 'both6.example.net', ttl: 1800 },
      ]);
      expect(await client.getPtr([IP.named, V6.sub])).toEqual([
        { ip: IP.named, host: 'both.example.net', ttl: 1800 },
        { ip: V6.sub, host: 'both6.example.net', ttl: 1800 },
      ]);
      // The /32 zone's shadowed record is left alone.
      expect(
        (await ptrContents(V6_ZONE))['0.3.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.0.4.0.' + V6_ZONE],
      ).toEqual({
        ttl: 3600,
        contents: ['shadowed.example.net.'],
      });
    });

    it.each([
      ['spaces', 'not a host'],
      ['a leading hyphen', '-bad.example.net'],
      ['an underscore', 'bad_label.example.net'],
      ['a single label', 'localhost'],
      ['an all-digit top label', 'example.123'],
      ['a label over 63 characters', `${'a'.repeat(64)}.example.net`],
      ['an empty label', 'a..example.net'],
    ])('refuses a hostname with %s before sending anything', async (_case, host) => {
      const serial = (await zone(V4_ZONE)).serial;
      await expect(
        client.setPtr([
          { ip: IP.unnamed, host: 'fine.example.net' },
          { ip: IP.named, host },
        ]),
      ).rejects.toMatchObject({
        statusCode: 422,
        body: { errors: { 'hostname_list.1': [expect.any(String)] } },
      });
      expect((await zone(V4_ZONE)).serial).toBe(serial);
    });

    it('refuses a TTL out of range, a repeated address and an address without a zone, changing nothing', async () => {
      const serials = await Promise.all([zone(V4_ZONE), zone(V6_SUBZONE)]);
      await expect(client.setPtr([{ ip: IP.named, host: 'a.example.net', ttl: 5 }])).rejects.toMatchObject({
        statusCode: 422,
        body: { errors: { 'ttl_list.0': [expect.any(String)] } },
      });
      await expect(
        client.setPtr([
          { ip: V6.sub, host: 'a.example.net' },
          { ip: '2001:db8:400:0:0::30', host: 'b.example.net' },
        ]),
      ).rejects.toMatchObject({ statusCode: 422, body: { errors: { 'ip_list.1': [expect.any(String)] } } });
      await expect(
        client.setPtr([
          { ip: IP.named, host: 'a.example.net' },
          { ip: '192.0.2.7', host: 'b.example.net' },
        ]),
      ).rejects.toMatchObject({ statusCode: 422, message: ReverseDnsText.noReverseZone });
      expect(await Promise.all([zone(V4_ZONE), zone(V6_SUBZONE)])).toEqual(serials);
    });

    it('applies at once; the zone’s secondaries catch up when the clock moves on', async () => {
      await client.setPtr([{ ip: IP.unnamed, host: 'later.example.net' }]);
      expect(await client.getPtr([IP.unnamed])).toEqual([
        { ip: IP.unnamed, host: 'later.example.net', ttl: 3600 },
      ]);
      const changed = await zone(V4_ZONE);
      expect(changed.notified_serial).toBeLessThan(changed.serial);

      await control('POST', '/_control/clock/advance', { ms: 10_000 });
      expect((await zone(V4_ZONE)).notified_serial).toBe(changed.serial);
      expect(await client.getPtr([IP.unnamed])).toEqual([
        { ip: IP.unnamed, host: 'later.example.net', ttl: 3600 },
      ]);
    });
  });

  describe('upstream failures', () => {
    it('reports a wrong API key as an upstream error, not as the customer’s fault', async () => {
      const failure = clientWith({ apiKey: 'wrong-key' }).getPtr([IP.named]);
      await expect(failure).rejects.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({
        statusCode: 502,
        detail: expect.stringContaining('refused our API key 401'),
      });
    });

    it('reports an unknown server id as an upstream error rather than a missing zone', async () => {
      const failure = clientWith({ serverId: 'ns9' }).getPtr([IP.named]);
      await expect(failure).rejects.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({ statusCode: 502 });
    });

    it('absorbs a single 500 on a read through the retry', async () => {
      await fault({ mode: 'error', count: 1, method: 'GET' });
      await fault({ mode: 'error', count: 1, method: 'GET', pathContains: `/zones/${V4_ZONE}` });
      expect(await client.getPtr([IP.named])).toEqual([
        { ip: IP.named, host: 'vps20.example.net', ttl: 600 },
      ]);
    });

    it('gives up on a read failing every attempt with a 502', async () => {
      await fault({ mode: 'error', count: 3, method: 'GET' });
      await expect(client.getPtr([IP.named])).rejects.toMatchObject({
        name: 'UpstreamError',
        statusCode: 502,
      });
    });

    it('sends a write hit by a 500 once and leaves the record as it was', async () => {
      const serial = (await zone(V4_ZONE)).serial;
      await fault({ mode: 'error', count: 1, method: 'PATCH' });
      const failure = client.setPtr([{ ip: IP.named, host: 'never.example.net' }]);
      await expect(failure).rejects.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({ statusCode: 502 });
      // The fault took the only PATCH sent: a retry would have gone through and changed the zone.
      expect((await control('GET', '/_control/state')).powerdns.zones[V4_ZONE].serial).toBe(serial);
      expect(await client.getPtr([IP.named])).toEqual([
        { ip: IP.named, host: 'vps20.example.net', ttl: 600 },
      ]);
    });

    it('puts back the zones already changed when a later zone’s write fails', async () => {
      await fault({ mode: 'error', count: 1, method: 'PATCH', pathContains: 'ip6.arpa' });
      await expect(
        client.setPtr([
          { ip: IP.named, host: 'half.example.net', ttl: 120 },
          { ip: V6.sub, host: 'half6.example.net' },
        ]),
      ).rejects.toBeInstanceOf(UpstreamError);
      expect(await client.getPtr([IP.named, V6.sub])).toEqual([
        { ip: IP.named, host: 'vps20.example.net', ttl: 600 },
        { ip: V6.sub, host: 'v6.example.net', ttl: 300 },
      ]);
    });

    it('maps a 404 of a zone to not found and a refused change to a 422 on its hostname', async () => {
      await fault({ mode: 'error', count: 1, status: 404, pathContains: `/zones/${V4_ZONE}` });
      const gone = client.getPtr([IP.named]);
      await expect(gone).rejects.not.toBeInstanceOf(UpstreamError);
      await expect(gone).rejects.toMatchObject({ statusCode: 404, message: ReverseDnsText.noReverseZone });

      await fault({ mode: 'error', count: 1, status: 422, method: 'PATCH' });
      await expect(client.setPtr([{ ip: IP.named, host: 'refused.example.net' }])).rejects.toMatchObject({
        statusCode: 422,
        body: { errors: { 'hostname_list.0': [expect.any(String)] } },
      });
    });

    it('answers 504 when the DNS service does not answer in time', async () => {
      const impatient = clientWith({ timeoutMs: 300 });
      await fault({ mode: 'timeout', count: 3, method: 'GET' });
      await expect(impatient.getPtr([IP.named])).rejects.toMatchObject({
        name: 'UpstreamError',
        statusCode: 504,
      });

      await control('DELETE', '/_control/faults');
      await fault({ mode: 'timeout', count: 1, method: 'PATCH' });
      await expect(impatient.setPtr([{ ip: IP.named, host: 'late.example.net' }])).rejects.toMatchObject({
        statusCode: 504,
      });
      expect(await client.getPtr([IP.named])).toEqual([
        { ip: IP.named, host: 'vps20.example.net', ttl: 600 },
      ]);
    });

    it('still succeeds when the DNS service is slow but within the timeout', async () => {
      await fault({ mode: 'slow', delayMs: 200, count: 4 });
      expect(await client.setPtr([{ ip: IP.unnamed, host: 'slow.example.net' }])).toEqual([
        { ip: IP.unnamed, host: 'slow.example.net', ttl: 3600 },
      ]);
    });
  });
});
