import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { DemoProduct } from '../src/seed/catalog.ts';
import {
  createDedicatedService,
  internalIpOf,
  ipv6Of,
  publicIps,
  resetServer,
} from './support/dedicated-servers.ts';
import { bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const SERVER = 1121;
const NEIGHBOUR = 1122;
const [IP_A, IP_B] = publicIps(SERVER) as [string, string];

describe('rDNS (services/{id}/rdns) of a dedicated server', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  let serviceId: number;
  let ownerId: number;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    ownerId = owner.id;
    token = await loginToken(t.app, owner.email, owner.password);
    serviceId = (await createDedicatedService(t, owner.id, SERVER)).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(async () => {
    await resetServer(sim, SERVER);
    await resetServer(sim, NEIGHBOUR);
  });

  const read = (query: string, id = serviceId) =>
    t.app.inject({ method: 'GET', url: `/api/services/${id}/rdns?${query}`, headers: bearer(token) });
  const save = (payload: object, id = serviceId) =>
    t.app.inject({ method: 'POST', url: `/api/services/${id}/rdns`, payload, headers: bearer(token) });
  const hostsOf = async (ips: string[]) =>
    (await read(`ip_list=${ips.join(',')}`)).json().entries.map((e: { host: string }) => e.host);

  describe('GET', () => {
    it('reads one entry per IP asked for, comma-separated or repeated, with the type', async () => {
      const response = await read(`ip_list=${IP_A},${ipv6Of(SERVER)}&type=tenantos`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        entries: [
          { ip: IP_A, host: '', ttl: 3600 },
          { ip: ipv6Of(SERVER), host: '', ttl: 3600 },
        ],
      });
      const repeated = await read(`ip_list=${IP_A}&ip_list=${IP_B}`);
      expect(repeated.json().entries.map((e: { ip: string }) => e.ip)).toEqual([IP_A, IP_B]);
    });

    it.each([
      ['no ip_list', '', 'Please provide at least one IP address.'],
      ['an empty ip_list', 'ip_list=', 'Please provide at least one IP address.'],
      ['something that is not an IP', 'ip_list=mail.example.com', 'Please provide valid IP addresses.'],
      ['a repeated IP', `ip_list=${IP_A},${IP_A}`, 'Each IP address may appear only once.'],
      [
        'another platform as type',
        `ip_list=${IP_A}&type=proxmox`,
        'The type proxmox does not match this service.',
      ],
      [
        'an unknown type',
        `ip_list=${IP_A}&type=bind`,
        'The type must be one of tenantos, proxmox, virtualizor.',
      ],
    ])('refuses %s with 422', async (_name, query, message) => {
      const response = await read(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(message);
    });

    it('refuses an address of another server (even one of the simulator), not revealing its record', async () => {
      const response = await read(`ip_list=${publicIps(NEIGHBOUR)[0]}`);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors['ip_list.0']).toEqual([
        `The IP ${publicIps(NEIGHBOUR)[0]} is not assigned to this server.`,
      ]);
    });

    it('reads the internal address of the server (it has no record)', async () => {
      const response = await read(`ip_list=${internalIpOf(SERVER)}`);
      expect(response.statusCode).toBe(200);
      expect(response.json().entries[0].host).toBe('');
    });

    it('answers 502 with a message when the upstream fails, never a 500', async () => {
      await sim.control('POST', '/faults', { upstream: 'tenantos', mode: 'error', count: 10 });
      const response = await read(`ip_list=${IP_A}`);
      await sim.control('DELETE', '/faults');
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toEqual(expect.any(String));
    });
  });

  describe('POST', () => {
    it('saves entries with their TTL, read back afterwards, and removes one with an empty hostname', async () => {
      const response = await save({
        ip_list: [IP_A, IP_B, ipv6Of(SERVER)],
        hostname_list: ['mail.example.net', ' www.example.net ', 'v6.example.net.'],
        ttl_list: [600, 3600, 86400],
        type: 'tenantos',
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toEqual({
        message: 'Saved successfully.',
        entries: [
          { ip: IP_A, host: 'mail.example.net', ttl: 600 },
          { ip: IP_B, host: 'www.example.net', ttl: 3600 },
          { ip: ipv6Of(SERVER), host: 'v6.example.net', ttl: 86400 },
        ],
      });
      expect(await hostsOf([IP_A, IP_B])).toEqual(['mail.example.net', 'www.example.net']);

      expect((await save({ ip_list: [IP_A], hostname_list: [''] })).statusCode).toBe(200);
      expect(await hostsOf([IP_A, IP_B])).toEqual(['', 'www.example.net']);
    });

    it.each([
      ['an empty list', { ip_list: [], hostname_list: [] }, 'ip_list', 'There are no rDNS to save.'],
      ['no list at all', {}, 'ip_list', 'There are no rDNS to save.'],
      [
        'a missing hostname',
        { ip_list: [IP_A, IP_B], hostname_list: ['a.example.net'] },
        'hostname_list',
        '',
      ],
      [
        'an invalid hostname',
        { ip_list: [IP_A], hostname_list: ['not a host'] },
        'hostname_list.0',
        'valid hostname',
      ],
      [
        'a TTL out of range',
        { ip_list: [IP_A], hostname_list: ['a.example.net'], ttl_list: [5] },
        'ttl_list.0',
        '',
      ],
      [
        'a repeated IP',
        { ip_list: [IP_A, IP_A], hostname_list: ['a.example.net', 'b.example.net'] },
        'ip_list',
        '',
      ],
      [
        'another platform as type',
        { ip_list: [IP_A], hostname_list: ['a.example.net'], type: 'proxmox' },
        'type',
        '',
      ],
    ])('refuses %s with 422 and saves nothing', async (_name, payload, field, text) => {
      const response = await save(payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]?.[0]).toContain(text);
      expect(await hostsOf([IP_A, IP_B])).toEqual(['', '']);
    });

    it('refuses the internal address and one of another server, saving nothing of the request', async () => {
      const internal = await save({
        ip_list: [IP_A, internalIpOf(SERVER)],
        hostname_list: ['mail.example.net', 'internal.example.net'],
      });
      expect(internal.statusCode).toBe(422);
      expect(internal.json().errors['ip_list.1']).toEqual([
        `Reverse DNS cannot be set for the internal IP ${internalIpOf(SERVER)}.`,
      ]);
      const foreign = await save({
        ip_list: [IP_A, publicIps(NEIGHBOUR)[0]],
        hostname_list: ['mail.example.net', 'theirs.example.net'],
      });
      expect(foreign.statusCode).toBe(422);
      expect(await hostsOf([IP_A])).toEqual(['']);
    });

    it('refuses an address inside the routed IPv6 prefix that is not assigned', async () => {
      const response = await save({
        ip_list: [`2001:db8:${SERVER % 200}::99`],
        hostname_list: ['x.example.net'],
      });
      expect(response.statusCode).toBe(422);
    });
  });

  describe('services without an rDNS backend', () => {
    it.each([
      ['a service on no platform', { productId: DemoProduct.managedBackup }],
      [
        'a dedicated server not provisioned yet',
        { productId: DemoProduct.instantE3NewYork, status: 'Pending' as const },
      ],
    ])('answers 404 for %s, reading or saving', async (_name, values) => {
      const other = await createService(t, ownerId, values);
      for (const response of [
        await read(`ip_list=${IP_A}`, other.id),
        await save({ ip_list: [IP_A], hostname_list: ['a.example.net'] }, other.id),
      ]) {
        expect(response.statusCode).toBe(404);
        expect(response.json().message).toBe('Reverse DNS is not available for this service.');
      }
    });
  });
});
