import { dedicatedBandwidthRanges, dedicatedDetailResponseSchema } from '@rackdesk/contract';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createDedicatedService, publicIps, resetServer } from './support/dedicated-servers.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const IPMI = 1111;
const NO_IPMI = 1112;
const PDU = 1113;
const MISSING = 1119;

/** A password the reinstall form could have generated. */
const PASSWORD = 'K7#mq_Zt2=pR!x';

describe('dedicated server page API, through the Tenantos adapter and the simulator', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let token: string;
  const id = {} as Record<'ipmi' | 'noIpmi' | 'pdu' | 'missing' | 'pending', number>;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    token = await loginToken(t.app, owner.email, owner.password);
    id.ipmi = (await createDedicatedService(t, owner.id, IPMI)).id;
    id.noIpmi = (await createDedicatedService(t, owner.id, NO_IPMI, { configOptions: [] })).id;
    id.pdu = (await createDedicatedService(t, owner.id, PDU)).id;
    id.missing = (await createDedicatedService(t, owner.id, MISSING)).id;
    id.pending = (await createDedicatedService(t, owner.id, 0, { status: 'Pending', upstreamId: null })).id;
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });
  beforeEach(async () => {
    await resetServer(sim, IPMI, 'ipmi');
    await resetServer(sim, NO_IPMI, 'none');
    await resetServer(sim, PDU, 'pdu');
  });
  afterEach(() => sim.control('DELETE', '/faults'));

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
  const url = (serviceId: number, rest = '') => `/api/services/dedicated/${serviceId}${rest}`;
  const rebuildStatus = async () => (await call('GET', url(id.ipmi, '/rebuild/status'))).json();
  const powerStatus = async (serviceId = id.ipmi) =>
    (await call('POST', url(serviceId, '/power/status'))).json().status;
  const advanceSeconds = (seconds: number) => sim.advance(seconds * 1000);

  describe('GET services/dedicated/{id}', () => {
    it('answers the billing and the server in the spec shape', async () => {
      const response = await call('GET', url(id.ipmi));
      expect(response.statusCode).toBe(200);
      const body = dedicatedDetailResponseSchema.parse(response.json());
      expect(body.billing).toMatchObject({
        id: id.ipmi,
        groupname: 'Instant Dedicated Servers - New York',
        status: 'Active',
        configoptions: { configoption: [{ option: 'Bandwidth', value: '10' }] },
      });
      expect(body.server).toMatchObject({
        srv_id: IPMI,
        hostname: `ded${IPMI}.example.net`,
        nickname: '',
        powerprovider: { type: 'ipmi', supportedFeatures: expect.arrayContaining(['resetBmc']) },
        consoleprovider: { type: 'ipmi' },
        detailedHardwareInformation: { memory: { value: 65_536 } },
      });
      expect(body.server.ipassignments.map((a) => a.ip)).toEqual(
        expect.arrayContaining([...publicIps(IPMI), `2001:db8:${IPMI % 200}::2`]),
      );
    });

    it('shows a server without IPMI as having no power or console provider', async () => {
      const { server } = (await call('GET', url(id.noIpmi))).json();
      expect(server.powerprovider).toBeNull();
      expect(server.consoleprovider).toBeNull();
      expect(server.detailedHardwareInformation.memory.value).toBe(1_572_864);
    });

    it('answers 404 when the upstream has no such server, so the page falls back', async () => {
      await sim.control('DELETE', `/tenantos/servers/${MISSING}`);
      expect((await call('GET', url(id.missing))).statusCode).toBe(404);
    });

    it('answers 404 for a dedicated service that is not provisioned yet', async () => {
      expect((await call('GET', url(id.pending))).statusCode).toBe(404);
    });

    it('answers 422 for an id that cannot name a service', async () => {
      expect((await call('GET', '/api/services/dedicated/abc')).statusCode).toBe(422);
      expect((await call('GET', '/api/services/dedicated/-4')).statusCode).toBe(422);
    });

    it('turns an upstream outage into a 502 with a message, never a 500', async () => {
      await sim.control('POST', '/faults', { upstream: 'tenantos', mode: 'error', count: 10 });
      const response = await call('GET', url(id.ipmi));
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/not responding/);
    });
  });

  describe('PATCH services/dedicated/{id} (nickname)', () => {
    it('sets the nickname, trimmed, and the detail shows it', async () => {
      const response = await call('PATCH', url(id.ipmi), { hostname: '  db primary  ' });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({
        message: 'Successfully changed the server nickname.',
        nickname: 'db primary',
      });
      expect((await call('GET', url(id.ipmi))).json().server.nickname).toBe('db primary');
    });

    it('refuses a missing or too long nickname with 422, changing nothing', async () => {
      await call('PATCH', url(id.ipmi), { hostname: 'kept' });
      for (const payload of [{}, { hostname: 'x'.repeat(256) }, { hostname: 42 }]) {
        const response = await call('PATCH', url(id.ipmi), payload);
        expect(response.statusCode).toBe(422);
        expect(response.json().errors.hostname).toBeDefined();
      }
      expect((await call('GET', url(id.ipmi))).json().server.nickname).toBe('kept');
    });
  });

  describe('templates and rebuild', () => {
    it('lists reinstall, rescue and password-reset templates', async () => {
      const { templates } = (await call('GET', url(id.ipmi, '/templates'))).json();
      expect(templates.some((x: { isRescue: number }) => x.isRescue === 1)).toBe(true);
      expect(templates.some((x: { isPasswordResetProfile: number }) => x.isPasswordResetProfile === 1)).toBe(
        true,
      );
      expect(templates.find((x: { id: number }) => x.id === 1)).toMatchObject({
        name: 'Debian 12 (Bookworm)',
        disklayouts: expect.arrayContaining([{ id: 2, name: 'Software RAID 1' }]),
        features: { set_root_password: true },
      });
    });

    it.each([
      ['no template', { password: PASSWORD }, 'template', 'Please select a template!'],
      ['an empty template', { template: '', password: PASSWORD }, 'template', 'Please select a template!'],
      ['an unknown template', { template: 4242, password: PASSWORD }, 'template', 'not available'],
      // Numbers are JSON numbers: nothing is coerced into a template id.
      ['a template of true', { template: true, password: PASSWORD }, 'template', 'Please select a template!'],
      [
        'a template in a list',
        { template: [1], password: PASSWORD },
        'template',
        'Please select a template!',
      ],
      ['a template as text', { template: '1', password: PASSWORD }, 'template', 'Please select a template!'],
      ['a layout of true', { template: 2, disk_layout: true, password: PASSWORD }, 'disk_layout', 'Unknown'],
      ['no password', { template: 1 }, 'password', 'Please enter a password!'],
      ['an empty password', { template: 1, password: '' }, 'password', 'between 2 and 40'],
      ['a 1-character password', { template: 1, password: 'a' }, 'password', 'between 2 and 40'],
      ['a 41-character password', { template: 1, password: 'a'.repeat(41) }, 'password', 'between 2 and 40'],
      [
        'a layout of another template',
        { template: 3, disk_layout: 4, password: PASSWORD },
        'disk_layout',
        '',
      ],
      ['a rescue password of 2 characters', { template: 7, password: 'ab' }, 'password', 'between 3 and 40'],
      ['a rescue without its password', { template: 7 }, 'password', 'Please enter a password!'],
    ])('refuses a rebuild with %s (422), and no rebuild starts', async (_name, payload, field, text) => {
      const response = await call('POST', url(id.ipmi, '/rebuild'), payload);
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().errors[field]?.[0]).toContain(text);
      expect((await rebuildStatus()).active).toBe(false);
    });

    it('reinstalls with a layout and a password: progress is polled until it completes', async () => {
      const response = await call('POST', url(id.ipmi, '/rebuild'), {
        template: 2,
        disk_layout: 2,
        password: PASSWORD,
      });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('The OS reload has started.');
      const early = await rebuildStatus();
      expect(early).toMatchObject({ active: true, cancellable: true });

      const again = await call('POST', url(id.ipmi, '/rebuild'), { template: 1, password: PASSWORD });
      expect(again.statusCode).toBe(409);
      expect(again.json().message).toEqual(expect.any(String));

      let status = early;
      for (let step = 0; status.active && step < 20; step += 1) {
        await advanceSeconds(60);
        status = await rebuildStatus();
      }
      expect(status).toMatchObject({ active: false, percent: 100, cancellable: false });
    });

    it('sends no password to a template that sets none', async () => {
      const response = await call('POST', url(id.ipmi, '/rebuild'), { template: 8, password: 'ignored' });
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json().message).toBe('The server is booting into the rescue system.');
      expect((await rebuildStatus()).active).toBe(true);
    });

    it('enters rescue mode, which finishes by itself', async () => {
      const response = await call('POST', url(id.ipmi, '/rebuild'), { template: 7, password: 'abc' });
      expect(response.statusCode, response.body).toBe(200);
      await advanceSeconds(120);
      expect(await rebuildStatus()).toMatchObject({ active: false, percent: 100 });
    });

    it('cancels a reinstall while it is cancellable, and refuses once nothing runs', async () => {
      await call('POST', url(id.ipmi, '/rebuild'), { template: 1, password: PASSWORD });
      const stop = await call('GET', url(id.ipmi, '/rebuild/stop'));
      expect(stop.statusCode).toBe(200);
      expect(stop.json()).toEqual({ message: 'Rebuild Cancelled' });
      expect((await rebuildStatus()).active).toBe(false);
      const again = await call('GET', url(id.ipmi, '/rebuild/stop'));
      expect(again.statusCode).toBe(409);
    });

    it('refuses to cancel once the reinstall is past its cancellable steps', async () => {
      await call('POST', url(id.ipmi, '/rebuild'), { template: 1, password: PASSWORD });
      await advanceSeconds(150);
      expect((await rebuildStatus()).cancellable).toBe(false);
      expect((await call('GET', url(id.ipmi, '/rebuild/stop'))).statusCode).toBe(409);
      expect((await rebuildStatus()).active).toBe(true);
    });
  });

  describe('power and IPMI', () => {
    it('powers off and on, the status following through its transitions', async () => {
      expect(await powerStatus()).toBe('online');
      const off = await call('POST', url(id.ipmi, '/power/powerOff'));
      expect(off.statusCode).toBe(200);
      expect(off.json()).toEqual({ success: true });
      expect(await powerStatus()).toBe('stopping');
      await advanceSeconds(30);
      expect(await powerStatus()).toBe('offline');
      expect((await call('POST', url(id.ipmi, '/power/powerOn'))).statusCode).toBe(200);
      await advanceSeconds(30);
      expect(await powerStatus()).toBe('online');
    });

    it('reboots, and resets the BMC of an IPMI server', async () => {
      expect((await call('POST', url(id.ipmi, '/power/powerReset'))).statusCode).toBe(200);
      expect(await powerStatus()).toBe('rebooting');
      await advanceSeconds(30);
      expect((await call('POST', url(id.ipmi, '/power/resetBmc'))).statusCode).toBe(200);
      expect(await powerStatus()).toBe('unknown');
      // While the BMC restarts the upstream refuses commands; its reason is passed on.
      const refused = await call('POST', url(id.ipmi, '/power/powerOff'));
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toEqual(expect.any(String));
    });

    it('refuses every power call to a server without IPMI with a clear 422', async () => {
      for (const action of ['powerOn', 'powerOff', 'powerReset', 'resetBmc']) {
        const response = await call('POST', url(id.noIpmi, `/power/${action}`));
        expect(response.statusCode).toBe(422);
        expect(response.json().message).toBe(
          'This server has no remote power control. Please contact support.',
        );
      }
    });

    it('offers Reset BMC only to IPMI power providers', async () => {
      const response = await call('POST', url(id.pdu, '/power/resetBmc'));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('Reset BMC is available only for servers with IPMI.');
      expect((await call('POST', url(id.pdu, '/power/powerOff'))).statusCode).toBe(200);
    });

    it('knows no other power action', async () => {
      expect((await call('POST', url(id.ipmi, '/power/selfDestruct'))).statusCode).toBe(404);
    });

    it.each(['web', 'standard'])('launches a %s console', async (mode) => {
      const response = await call('GET', url(id.ipmi, `/console?mode=${mode}`));
      expect(response.statusCode).toBe(200);
      expect(response.json().accessUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/tenantos-console\//);
    });

    it('refuses a console without a console provider, or in an unknown mode', async () => {
      const none = await call('GET', url(id.noIpmi, '/console?mode=web'));
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe('This server has no IPMI console. Please contact support.');
      expect((await call('GET', url(id.pdu, '/console'))).statusCode).toBe(422);
      const mode = await call('GET', url(id.ipmi, '/console?mode=java'));
      expect(mode.statusCode).toBe(422);
      expect(mode.json().errors.mode).toEqual(['The mode must be web or standard.']);
    });

    it('does not retry a power command the upstream failed, and says so with a 502', async () => {
      await sim.control('POST', '/faults', {
        upstream: 'tenantos',
        mode: 'error',
        count: 1,
        pathContains: 'setPowerOff',
      });
      expect((await call('POST', url(id.ipmi, '/power/powerOff'))).statusCode).toBe(502);
      expect(await powerStatus()).toBe('online');
    });
  });

  describe('bandwidth', () => {
    it.each(dedicatedBandwidthRanges)('answers samples for %s', async (mode) => {
      const response = await call('GET', url(id.ipmi, `/bandwidth?mode=${mode}`));
      expect(response.statusCode).toBe(200);
      const { stats } = response.json();
      expect(stats.length).toBeGreaterThan(24);
      expect(Object.keys(stats[0]).sort()).toEqual(
        ['bwrate_in', 'bwrate_out', 'time', 'traffic_in', 'traffic_out'].sort(),
      );
    });

    it('defaults to 24h and refuses an unknown range', async () => {
      const fallback = (await call('GET', url(id.ipmi, '/bandwidth'))).json().stats;
      const day = (await call('GET', url(id.ipmi, '/bandwidth?mode=24h'))).json().stats;
      expect(fallback.length).toBe(day.length);
      const response = await call('GET', url(id.ipmi, '/bandwidth?mode=1y'));
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toBe('The mode must be 1h, 24h, 14days or 30days.');
    });

    it('sums the traffic since the start of the month', async () => {
      const response = await call('GET', url(id.ipmi, '/bandwidth/summary'));
      expect(response.statusCode).toBe(200);
      expect(response.json().total).toBeGreaterThan(0);
    });
  });
});
