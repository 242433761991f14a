import { VPS_ISO_LIMIT, VpsText } from '@rackdesk/contract';
import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { vpsIsos } from '../src/db/schema/index.ts';
import { OutboundUrlText } from '../src/lib/outbound-url.ts';
import { DemoProduct } from '../src/seed/catalog.ts';
import { allPermissions, bearer, createService, createUser, loginToken } from './support/fixtures.ts';
import { addVirtualizorVps, startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const MINUTE = 60_000;
let isoCounter = 0;
/** A public address written in the URL (nothing resolves names here), and a file name never used. */
const isoUrl = () => `http://93.184.215.14/isos/vps-test-${process.pid}-${(isoCounter += 1)}.iso`;

type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';

describe('first-generation VPS through the Virtualizor adapter', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let nextVpsId = 7100;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };

  /** A simulated VPS and the owner's service that runs on it. */
  async function vpsService(userId: number, values: { status?: 'Active' | 'Suspended' } = {}) {
    nextVpsId += 1;
    await addVirtualizorVps(sim, nextVpsId);
    return createService(t, userId, {
      productId: DemoProduct.ddosVps2G,
      provider: 'virtualizor',
      upstreamId: String(nextVpsId),
      ...values,
    });
  }

  const call = (token: string, method: Method, url: string, payload?: object) =>
    t.app.inject({ method, url: `/api${url}`, headers: bearer(token), ...(payload ? { payload } : {}) });
  const detail = async (token: string, id: number) =>
    (await call(token, 'GET', `/services/vps/${id}`)).json();
  const isoList = async (token: string) =>
    (await call(token, 'GET', '/services/vps/iso')).json().isos as {
      id: number;
      name: string;
      upload_status: string;
    }[];

  async function account() {
    const user = await createUser(t);
    return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
  }

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    owner = await account();
    other = await account();
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  afterEach(() => sim.control('DELETE', '/faults'));

  describe('detail, hostname and power', () => {
    it('answers the VPS and its billing together', async () => {
      const service = await vpsService(owner.id);
      const body = await detail(owner.token, service.id);
      expect(body.billing).toMatchObject({
        id: service.id,
        status: 'Active',
        groupname: 'DDoS Protected VPS',
      });
      expect(body.vps).toMatchObject({
        hostname: `vps${nextVpsId}.example.com`,
        locked: '',
        cores: 2,
        ram: 2048,
        space: 40,
        osid: '1011',
        boot: 'cda',
        vm_status: { status: 1 },
      });
    });

    it('changes the hostname, and refuses an invalid one with a 422 that changes nothing', async () => {
      const service = await vpsService(owner.id);
      const changed = await call(owner.token, 'PATCH', `/services/vps/${service.id}/hostname`, {
        hostname: 'renamed.example.net',
      });
      expect(changed.statusCode, changed.body).toBe(200);
      expect((await detail(owner.token, service.id)).vps.hostname).toBe('renamed.example.net');

      for (const hostname of ['', '   ', 'not a hostname!', 'a'.repeat(300)]) {
        const refused = await call(owner.token, 'PATCH', `/services/vps/${service.id}/hostname`, {
          hostname,
        });
        expect(refused.statusCode, hostname).toBe(422);
        expect(refused.json().errors).toHaveProperty('hostname');
      }
      const missing = await call(owner.token, 'PATCH', `/services/vps/${service.id}/hostname`, {});
      expect(missing.statusCode).toBe(422);
      expect((await detail(owner.token, service.id)).vps.hostname).toBe('renamed.example.net');
    });

    it('powers off, starts and reboots; a second power action while one runs is a 409', async () => {
      const service = await vpsService(owner.id);
      const power = (action: string) => call(owner.token, 'POST', `/services/vps/${service.id}/${action}`);

      expect((await power('powerOff')).statusCode).toBe(200);
      await sim.advance(5_000);
      expect((await detail(owner.token, service.id)).vps.vm_status.status).toBe(0);

      expect((await power('start')).statusCode).toBe(200);
      const busy = await power('powerOff');
      expect(busy.statusCode).toBe(409);
      expect(busy.json().error).toBe('vps_busy');
      await sim.advance(15_000);
      expect((await detail(owner.token, service.id)).vps.vm_status.status).toBe(1);

      await sim.advance(10 * MINUTE);
      expect((await power('restart')).statusCode).toBe(200);
      await sim.advance(15_000);
      const rebooted = (await detail(owner.token, service.id)).vps.vm_status;
      expect(rebooted.status).toBe(1);
      expect(rebooted.uptime).toBeLessThan(60);
    });

    it('answers an upstream that keeps failing with a 502 and a message, never a 500', async () => {
      const service = await vpsService(owner.id);
      await sim.control('POST', '/faults', {
        upstream: 'virtualizor',
        mode: 'error',
        count: 3,
        method: 'GET',
        // Only this VPS: watches of earlier tests' power actions may still be reading theirs.
        pathContains: `svs=${nextVpsId}`,
      });
      const failed = await call(owner.token, 'GET', `/services/vps/${service.id}`);
      expect(failed.statusCode).toBe(502);
      expect(typeof failed.json().message).toBe('string');
    });

    it('answers a service whose VPS is gone from the platform with a 404', async () => {
      const service = await vpsService(owner.id);
      await sim.control('DELETE', `/virtualizor/vps/${nextVpsId}`);
      expect((await call(owner.token, 'GET', `/services/vps/${service.id}`)).statusCode).toBe(404);
    });

    it('answers 404 for a service of another kind', async () => {
      const proxmox = await createService(t, owner.id, { provider: 'proxmox', upstreamId: '101' });
      const unprovisioned = await createService(t, owner.id, { productId: DemoProduct.ddosVps2G });
      expect((await call(owner.token, 'GET', `/services/vps/${proxmox.id}`)).statusCode).toBe(404);
      expect((await call(owner.token, 'GET', `/services/vps/${unprovisioned.id}`)).statusCode).toBe(404);
      expect((await call(owner.token, 'GET', '/services/vps/abc')).statusCode).toBe(422);
    });
  });

  describe('a suspended service', () => {
    it('can be read but not changed', async () => {
      const service = await vpsService(owner.id, { status: 'Suspended' });
      expect((await call(owner.token, 'GET', `/services/vps/${service.id}`)).statusCode).toBe(200);
      expect((await call(owner.token, 'GET', `/services/vps/${service.id}/templates`)).statusCode).toBe(200);
      const changes: [Method, string, object?][] = [
        ['PATCH', 'hostname', { hostname: 'x.example.com' }],
        ['POST', 'restart'],
        ['POST', 'start'],
        ['POST', 'powerOff'],
        ['POST', 'boot', { order: 'dca' }],
        ['POST', 'insert', { iso: '', sec_iso: '' }],
        ['POST', 'rebuild', { osid: '1001', password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' }],
        ['POST', 'reset-password'],
        ['GET', 'vnc'],
      ];
      for (const [method, path, payload] of changes) {
        const refused = await call(owner.token, method, `/services/vps/${service.id}/${path}`, payload);
        expect(refused.statusCode, path).toBe(409);
        expect(refused.json().error).toBe('service_not_manageable');
      }
      expect((await detail(owner.token, service.id)).vps.boot).toBe('cda');
    });
  });

  describe('ISOs', () => {
    it('refuses a missing, empty, non-http or private-address URL, and adds nothing', async () => {
      await vpsService(owner.id);
      const before = (await isoList(owner.token)).length;
      const add = (payload: object) => call(owner.token, 'POST', '/services/vps/iso/add', payload);

      for (const payload of [{}, { url: '' }, { url: '   ' }]) {
        const refused = await add(payload);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().message).toBe(VpsText.isoUrlRequired);
      }
      const cases: [string, string][] = [
        ['ftp://93.184.215.14/a.iso', OutboundUrlText.scheme],
        ['file:///etc/passwd', OutboundUrlText.scheme],
        ['not a url', OutboundUrlText.invalid],
        ['http://127.0.0.1/a.iso', OutboundUrlText.privateAddress],
        ['http://10.0.0.8/a.iso', OutboundUrlText.privateAddress],
        ['http://169.254.169.254/latest/meta-data/', OutboundUrlText.privateAddress],
        ['http://[::1]/a.iso', OutboundUrlText.privateAddress],
        ['http://localhost:8080/a.iso', OutboundUrlText.localName],
        ['http://metadata.google.internal/a.iso', OutboundUrlText.localName],
        ['http://93.184.215.14\\@169.254.169.254/latest/meta-data/', OutboundUrlText.characters],
        ['http://93.184.215.14/a.iso\r\nHost: 169.254.169.254', OutboundUrlText.characters],
        ['http://93.184.215.14@169.254.169.254/latest/meta-data/', OutboundUrlText.credentials],
        ['http://[::ffff:0:a9fe:a9fe]/latest/meta-data/', OutboundUrlText.privateAddress],
        ['http://[::a9fe:a9fe]/a.iso', OutboundUrlText.privateAddress],
        ['http://no-such-host.example.org/a.iso', OutboundUrlText.unresolvable],
        // The simulator itself is no exception for a customer's URL.
        [`${sim.url}/index.php`, OutboundUrlText.privateAddress],
      ];
      for (const [url, message] of cases) {
        const refused = await add({ url });
        expect(refused.statusCode, url).toBe(422);
        expect(refused.json().errors, url).toEqual({ url: [message] });
      }
      expect(await isoList(owner.token)).toHaveLength(before);
    });

    it('records and hands on the URL as the check read it, normalised and without its fragment', async () => {
      await vpsService(owner.id);
      const file = `vps-test-${process.pid}-normalised.iso`;
      const added = await call(owner.token, 'POST', '/services/vps/iso/add', {
        url: `HTTP://93.184.215.14:80/isos/../mirror/${file}#part`,
      });
      expect(added.statusCode, added.body).toBe(200);
      const [row] = await t.database.db.select().from(vpsIsos).where(eq(vpsIsos.uuid, added.json().iso.uuid));
      expect(row?.url).toBe(`http://93.184.215.14/mirror/${file}`);
    });

    it('adds an ISO that is queued and then complete, lists it only to its owner, and deletes it', async () => {
      const mine = await vpsService(owner.id);
      await vpsService(other.id);
      const added = await call(owner.token, 'POST', '/services/vps/iso/add', { url: isoUrl() });
      expect(added.statusCode, added.body).toBe(200);
      const iso = added.json().iso;
      expect(iso.upload_status).toBe('queued');
      expect(await isoList(owner.token)).toContainEqual(iso);
      expect((await isoList(other.token)).map((i) => i.id)).not.toContain(iso.id);

      const early = await call(owner.token, 'DELETE', `/services/vps/iso/${iso.id}`);
      expect(early.statusCode).toBe(409);
      expect(early.json().message).toBe(VpsText.isoStillDownloading);

      await sim.advance(3 * MINUTE);
      expect((await isoList(owner.token)).find((i) => i.id === iso.id)?.upload_status).toBe('complete');

      // Another customer can neither delete nor insert it.
      expect((await call(other.token, 'DELETE', `/services/vps/iso/${iso.id}`)).statusCode).toBe(404);
      expect((await isoList(owner.token)).map((i) => i.id)).toContain(iso.id);

      const inserted = await call(owner.token, 'POST', `/services/vps/${mine.id}/insert`, {
        iso: iso.name,
        sec_iso: '',
      });
      expect(inserted.statusCode, inserted.body).toBe(200);
      expect((await detail(owner.token, mine.id)).vps).toMatchObject({ iso: iso.name, sec_iso: '' });

      // An ISO in a CD drive stays until it is ejected: the server would lose it.
      const inUse = await call(owner.token, 'DELETE', `/services/vps/iso/${iso.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json()).toMatchObject({ error: 'iso_in_use', message: VpsText.isoInUse });
      expect((await isoList(owner.token)).map((i) => i.id)).toContain(iso.id);
      expect((await detail(owner.token, mine.id)).vps.iso).toBe(iso.name);

      await call(owner.token, 'POST', `/services/vps/${mine.id}/insert`, { iso: '', sec_iso: '' });
      expect((await call(owner.token, 'DELETE', `/services/vps/iso/${iso.id}`)).statusCode).toBe(200);
      expect((await isoList(owner.token)).map((i) => i.id)).not.toContain(iso.id);
      expect((await call(owner.token, 'DELETE', `/services/vps/iso/${iso.id}`)).statusCode).toBe(404);
    });

    it("refuses to insert another customer's ISO, or one still downloading", async () => {
      const mine = await vpsService(owner.id);
      await vpsService(other.id);
      const theirs = (await call(other.token, 'POST', '/services/vps/iso/add', { url: isoUrl() })).json().iso;
      const queued = (await call(owner.token, 'POST', '/services/vps/iso/add', { url: isoUrl() })).json().iso;
      await sim.advance(MINUTE / 2);

      const early = await call(owner.token, 'POST', `/services/vps/${mine.id}/insert`, {
        iso: queued.name,
        sec_iso: '',
      });
      expect(early.statusCode).toBe(422);
      expect(early.json().errors).toEqual({ iso: [VpsText.isoNotOwned] });

      await sim.advance(3 * MINUTE);
      const foreign = await call(owner.token, 'POST', `/services/vps/${mine.id}/insert`, {
        iso: '',
        sec_iso: theirs.name,
      });
      expect(foreign.statusCode).toBe(422);
      expect(foreign.json().errors).toEqual({ sec_iso: [VpsText.isoNotOwned] });
      expect((await detail(owner.token, mine.id)).vps).toMatchObject({ iso: '', sec_iso: '' });

      const bad = await call(owner.token, 'POST', `/services/vps/${mine.id}/insert`, { iso: 5 });
      expect(bad.statusCode).toBe(422);
    });

    it('keeps an account to its ISO limit', async () => {
      const customer = await account();
      await vpsService(customer.id);
      for (let i = 0; i < VPS_ISO_LIMIT; i += 1) {
        const added = await call(customer.token, 'POST', '/services/vps/iso/add', { url: isoUrl() });
        expect(added.statusCode, added.body).toBe(200);
      }
      const refused = await call(customer.token, 'POST', '/services/vps/iso/add', { url: isoUrl() });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(VpsText.isoLimitReached);
      expect(await isoList(customer.token)).toHaveLength(VPS_ISO_LIMIT);
    });

    it('lists nothing to, and takes no ISO from, an account without a first-generation VPS', async () => {
      const customer = await account();
      await createService(t, customer.id, { provider: 'proxmox', upstreamId: '101' });
      expect(await isoList(customer.token)).toEqual([]);
      const refused = await call(customer.token, 'POST', '/services/vps/iso/add', { url: isoUrl() });
      expect(refused.statusCode).toBe(403);
    });

    it('applies the sub-account whitelist to the ISO library', async () => {
      const vps = await vpsService(owner.id);
      const sub = async (serviceWhitelist: number[] | null) => {
        const user = await createUser(t, {
          parentId: owner.id,
          permissions: allPermissions,
          serviceWhitelist,
        });
        return { id: user.id, token: await loginToken(t.app, user.email, user.password) };
      };
      const inside = await sub([vps.id]);
      const outside = await sub([]);
      const ownersIso = (await call(owner.token, 'POST', '/services/vps/iso/add', { url: isoUrl() })).json()
        .iso;
      await sim.advance(3 * MINUTE);

      expect(await isoList(outside.token)).toEqual([]);
      expect((await call(outside.token, 'POST', '/services/vps/iso/add', { url: isoUrl() })).statusCode).toBe(
        403,
      );
      expect((await call(outside.token, 'DELETE', `/services/vps/iso/${ownersIso.id}`)).statusCode).toBe(404);

      expect((await isoList(inside.token)).map((i) => i.id)).toContain(ownersIso.id);
      const his = (await call(inside.token, 'POST', '/services/vps/iso/add', { url: isoUrl() })).json().iso;
      const [row] = await t.database.db.select().from(vpsIsos).where(eq(vpsIsos.uuid, his.uuid));
      expect(row).toMatchObject({ userId: owner.id, addedBy: inside.id });
      await sim.advance(3 * MINUTE);

      // The rule of both generations: an ISO in a drive of any of the account's servers stays,
      // even one outside the sub-account's whitelist; one in no drive may go, whoever added it.
      const elsewhere = await vpsService(owner.id);
      await call(owner.token, 'POST', `/services/vps/${elsewhere.id}/insert`, {
        iso: ownersIso.name,
        sec_iso: '',
      });
      const inUse = await call(inside.token, 'DELETE', `/services/vps/iso/${ownersIso.id}`);
      expect(inUse.statusCode).toBe(409);
      expect(inUse.json().error).toBe('iso_in_use');
      expect((await detail(owner.token, elsewhere.id)).vps.iso).toBe(ownersIso.name);

      await call(owner.token, 'POST', `/services/vps/${elsewhere.id}/insert`, { iso: '', sec_iso: '' });
      expect((await call(inside.token, 'DELETE', `/services/vps/iso/${ownersIso.id}`)).statusCode).toBe(200);
      expect((await call(owner.token, 'DELETE', `/services/vps/iso/${his.id}`)).statusCode).toBe(200);
      const left = (await isoList(owner.token)).map((i) => i.id);
      expect(left).not.toContain(ownersIso.id);
      expect(left).not.toContain(his.id);
    });
  });

  describe('boot order, templates, reinstall, root password, stats and console', () => {
    it('sets the boot order, and refuses an unknown one', async () => {
      const service = await vpsService(owner.id);
      expect(
        (await call(owner.token, 'POST', `/services/vps/${service.id}/boot`, { order: 'dca' })).statusCode,
      ).toBe(200);
      expect((await detail(owner.token, service.id)).vps.boot).toBe('dca');
      for (const payload of [{ order: 'abc' }, { order: '' }, {}]) {
        const refused = await call(owner.token, 'POST', `/services/vps/${service.id}/boot`, payload);
        expect(refused.statusCode).toBe(422);
        expect(refused.json().message).toBe(VpsText.bootOrderInvalid);
      }
      expect((await detail(owner.token, service.id)).vps.boot).toBe('dca');
    });

    it('lists the OS templates and reinstalls one; the VPS is locked meanwhile', async () => {
      const service = await vpsService(owner.id);
      const { templates } = (await call(owner.token, 'GET', `/services/vps/${service.id}/templates`)).json();
      expect(templates).toContainEqual({
        osid: '1001',
        name: 'Ubuntu 24.04 LTS',
        type: 'standard',
        ssh_keys_allowed: true,
      });

      const rebuild = (payload: object) =>
        call(owner.token, 'POST', `/services/vps/${service.id}/rebuild`, payload);
      const mismatch = await rebuild({ osid: '1001', password: 'Fresh-Pass9', password_confirm: 'other' });
      expect(mismatch.statusCode).toBe(422);
      expect(mismatch.json().errors).toHaveProperty('password_confirm');
      const short = await rebuild({ osid: '1001', password: 'x', password_confirm: 'x' });
      expect(short.statusCode).toBe(422);
      const unknown = await rebuild({
        osid: '4242',
        password: 'Fresh-Pass9',
        password_confirm: 'Fresh-Pass9',
      });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors).toHaveProperty('osid');
      expect((await detail(owner.token, service.id)).vps.locked).toBe('');

      expect(
        (await rebuild({ osid: '1001', password: 'Fresh-Pass9', password_confirm: 'Fresh-Pass9' }))
          .statusCode,
      ).toBe(200);
      expect((await detail(owner.token, service.id)).vps.locked).toBe('Reinstalling OS');
      const locked = await call(owner.token, 'POST', `/services/vps/${service.id}/start`);
      expect(locked.statusCode).toBe(409);
      expect(locked.json().error).toBe('vps_locked');
      await sim.advance(3 * MINUTE);
      expect((await detail(owner.token, service.id)).vps).toMatchObject({ locked: '', osid: '1001' });
    });

    it('resets the root password and answers the new one, uncached', async () => {
      const service = await vpsService(owner.id);
      const reset = await call(owner.token, 'POST', `/services/vps/${service.id}/reset-password`);
      expect(reset.statusCode).toBe(200);
      expect(reset.json().password).toMatch(/^[A-Za-z].{15}$/);
      expect(reset.headers['cache-control']).toBe('no-store');
      const state = (await sim.control('GET', `/virtualizor/vps/${nextVpsId}`)) as {
        vps: { rootPasswordSha256: string };
      };
      const { createHash } = await import('node:crypto');
      expect(state.vps.rootPasswordSha256).toBe(
        createHash('sha256').update(reset.json().password).digest('hex'),
      );
    });

    it('answers a month of usage rows, and refuses a malformed month', async () => {
      const service = await vpsService(owner.id);
      const now = new Date();
      const month = `${now.getUTCFullYear()}${String(now.getUTCMonth() + 1).padStart(2, '0')}`;
      const stats = await call(owner.token, 'GET', `/services/vps/${service.id}/stats/${month}`);
      expect(stats.statusCode).toBe(200);
      expect(stats.json().month).toBe(month);
      expect(stats.json().rows.length).toBeGreaterThan(0);
      expect(stats.json().rows[0]).toHaveLength(12);
      for (const bad of ['2025', '202513', '2025-01', 'abcdef']) {
        expect(
          (await call(owner.token, 'GET', `/services/vps/${service.id}/stats/${bad}`)).statusCode,
          bad,
        ).toBe(422);
      }
    });

    it('gives what opens the VNC console, uncached', async () => {
      const service = await vpsService(owner.id);
      const vnc = await call(owner.token, 'GET', `/services/vps/${service.id}/vnc`);
      expect(vnc.statusCode).toBe(200);
      expect(vnc.json()).toMatchObject({
        token: expect.stringMatching(/^[0-9a-f]{32}$/),
        pass: expect.any(String),
      });
      expect(vnc.headers['cache-control']).toBe('no-store');
    });
  });
});
