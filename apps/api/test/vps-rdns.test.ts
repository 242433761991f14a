import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoProduct } from '../src/seed/catalog.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service } from './support/vps2-servers.ts';

// Reverse DNS of both VPS generations: the platform says which addresses the VPS holds, the
// PowerDNS adapter (against the simulator's PowerDNS) keeps the PTR records.
const V1 = { vpsid: 7401, public: '198.51.100.141', internal: '192.168.30.141', ipv6: '2001:db8:700::141' };
const V1_NEIGHBOUR = { vpsid: 7402, public: '198.51.100.142' };
const V2 = { vmid: 7410, public: '198.51.100.160', ipv6: '2001:db8:710::160' };

describe('rDNS (services/{id}/rdns) of first-generation VPS and VPS v2', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerToken: string;
  let otherOwnerToken: string;
  let subOutsideToken: string;
  const ids = { v1: 0, v1Neighbour: 0, v2: 0, v2Suspended: 0 };

  async function firstGeneration(userId: number, vps: { vpsid: number; ips: string[] }) {
    await sim.control('POST', '/virtualizor/vps', {
      vpsid: vps.vpsid,
      hostname: `vps${vps.vpsid}.example.com`,
      cores: 1,
      ram: 1024,
      space: 20,
      osid: 1011,
      ips: vps.ips,
    });
    return createService(t, userId, {
      productId: DemoProduct.ddosVps2G,
      provider: 'virtualizor',
      upstreamId: String(vps.vpsid),
    });
  }

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    const otherOwner = await createUser(t);
    ids.v1 = (
      await firstGeneration(owner.id, { vpsid: V1.vpsid, ips: [V1.public, V1.internal, V1.ipv6] })
    ).id;
    ids.v1Neighbour = (
      await firstGeneration(otherOwner.id, { vpsid: V1_NEIGHBOUR.vpsid, ips: [V1_NEIGHBOUR.public] })
    ).id;
    ids.v2 = (await createVps2Service(t, sim, owner.id, V2.vmid, { ipv6: [`${V2.ipv6}/64`] })).id;
    ids.v2Suspended = (await createVps2Service(t, sim, owner.id, 7411, { status: 'Suspended' })).id;
    ownerToken = await loginToken(t.app, owner.email, owner.password);
    otherOwnerToken = await loginToken(t.app, otherOwner.email, otherOwner.password);
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: allPermissions,
      serviceWhitelist: [ids.v2],
    });
    subOutsideToken = await loginToken(t.app, sub.email, sub.password);
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  const read = (id: number, ips: string[], token = ownerToken) =>
    t.app.inject({
      method: 'GET',
      url: `/api/services/${id}/rdns?ip_list=${ips.join(',')}`,
      headers: bearer(token),
    });
  const save = (id: number, ip_list: string[], hostname_list: string[], token = ownerToken) =>
    t.app.inject({
      method: 'POST',
      url: `/api/services/${id}/rdns`,
      payload: { ip_list, hostname_list },
      headers: bearer(token),
    });
  const hostOf = async (ip: string) => {
    const zones = (await sim.control('GET', '/powerdns/zones')) as { zones: { name: string }[] };
    for (const { name } of zones.zones) {
      const { zone } = (await sim.control('GET', `/powerdns/zones/${name}`)) as {
        zone: { rrsets: { type: string; name: string; records: { content: string }[] }[] };
      };
      const ptr = zone.rrsets.find((rrset) => rrset.type === 'PTR' && rrset.name === reverseOf(ip));
      if (ptr) return ptr.records[0]?.content ?? '';
    }
    return '';
  };
  const reverseOf = (ipv4: string) => `${ipv4.split('.').reverse().join('.')}.in-addr.arpa.`;

  describe('first-generation VPS (Virtualizor)', () => {
    it('reads every address the VPS holds and saves its public ones, through PowerDNS', async () => {
      const before = await read(ids.v1, [V1.public, V1.internal, V1.ipv6]);
      expect(before.statusCode).toBe(200);
      expect(
        before.json().entries.map((entry: { ip: string; host: string }) => [entry.ip, entry.host]),
      ).toEqual([
        [V1.public, ''],
        [V1.internal, ''],
        [V1.ipv6, ''],
      ]);

      const saved = await save(ids.v1, [V1.public, V1.ipv6], ['mail.example.com', 'v6.example.com']);
      expect(saved.statusCode).toBe(200);
      expect(saved.json()).toMatchObject({
        message: 'Saved successfully.',
        entries: [
          { ip: V1.public, host: 'mail.example.com' },
          { ip: V1.ipv6, host: 'v6.example.com' },
        ],
      });
      expect(await hostOf(V1.public)).toBe('mail.example.com.');
      const after = await read(ids.v1, [V1.public]);
      expect(after.json().entries[0]).toMatchObject({ ip: V1.public, host: 'mail.example.com' });
    });

    it('refuses the internal address with 422 and changes nothing', async () => {
      const response = await save(ids.v1, [V1.public, V1.internal], ['other.example.com', 'x.example.com']);
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe(`Reverse DNS cannot be set for the internal IP ${V1.internal}.`);
      expect(await hostOf(V1.public)).toBe('mail.example.com.');
    });

    it("refuses another customer's address, reading or saving, and leaves its record alone", async () => {
      for (const response of [
        await read(ids.v1, [V1_NEIGHBOUR.public]),
        await save(ids.v1, [V1_NEIGHBOUR.public], ['hijack.example.com']),
      ]) {
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(`The IP ${V1_NEIGHBOUR.public} is not assigned to this server.`);
      }
      expect(await hostOf(V1_NEIGHBOUR.public)).toBe('');
    });

    it('answers 404 to another owner asking about this VPS', async () => {
      expect((await read(ids.v1, [V1.public], otherOwnerToken)).statusCode).toBe(404);
    });
  });

  describe('VPS v2 (Proxmox)', () => {
    it('saves the public IPv4 address and reads the IPv6 one, which stays read-only', async () => {
      const saved = await save(ids.v2, [V2.public], ['web.example.com']);
      expect(saved.statusCode).toBe(200);
      expect(await hostOf(V2.public)).toBe('web.example.com.');

      const both = await read(ids.v2, [V2.public, V2.ipv6]);
      expect(both.statusCode).toBe(200);
      expect(both.json().entries).toMatchObject([
        { ip: V2.public, host: 'web.example.com' },
        { ip: V2.ipv6, host: '' },
      ]);

      const ipv6 = await save(ids.v2, [V2.ipv6], ['v6.example.com']);
      expect(ipv6.statusCode).toBe(422);
      expect(ipv6.json().message).toBe(`Reverse DNS of the IPv6 address ${V2.ipv6} is managed by support.`);
    });

    it('refuses changes while the service is suspended', async () => {
      const response = await save(ids.v2Suspended, ['198.51.100.161'], ['x.example.com']);
      expect(response.statusCode).toBe(409);
      expect(await hostOf('198.51.100.161')).toBe('');
    });

    it('answers 403 to a sub-account for a service outside its whitelist', async () => {
      expect((await read(ids.v1, [V1.public], subOutsideToken)).statusCode).toBe(403);
      expect((await read(ids.v2, [V2.public], subOutsideToken)).statusCode).toBe(200);
    });

    it('answers 502 with a message when the DNS service fails, and nothing is changed', async () => {
      await sim.control('POST', '/faults', { upstream: 'powerdns', mode: 'error', status: 500, count: 10 });
      const response = await save(ids.v2, [V2.public], ['down.example.com']);
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toEqual(expect.any(String));
      await sim.control('DELETE', '/faults');
      expect(await hostOf(V2.public)).toBe('web.example.com.');
    });
  });
});
