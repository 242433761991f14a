import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POWER_SECONDS } from './power.ts';
import { serverSpec, startSimulator, type TestSimulator } from './test-fixtures.ts';

describe('simulated Tenantos API', () => {
  let sim: TestSimulator;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createServer({ id: 1 });
  });
  afterEach(() => sim.app.close());

  describe('authentication', () => {
    it('refuses calls without the API key, or with a wrong one, in the upstream shape', async () => {
      const missing = await sim.app.inject({ url: '/api/servers/1' });
      expect(missing.statusCode).toBe(401);
      expect(missing.json()).toEqual({ message: 'Unauthenticated.' });
      const wrong = await sim.app.inject({
        url: '/api/servers/1',
        headers: { authorization: 'Bearer nope' },
      });
      expect(wrong.statusCode).toBe(401);
      const power = await sim.app.inject({ url: '/api/servers/1/power/setPowerOff' });
      expect(power.statusCode).toBe(401);
      expect((await sim.call('GET', '/api/servers/1/power/getPowerStatus')).body.result).toBe('on');
    });
  });

  describe('control endpoint', () => {
    it('creates once and redefines on a second call, keeping the live state', async () => {
      await sim.call('PUT', '/api/servers/1', { nickname: 'web-1' });
      await sim.call('GET', '/api/servers/1/power/setPowerOff');
      const again = await sim.app.inject({
        method: 'POST',
        url: '/_control/tenantos/servers',
        payload: serverSpec({ id: 1, memoryMb: 131072 }),
      });
      expect(again.statusCode).toBe(200);
      const detail = (await sim.call('GET', '/api/servers/1')).body.result;
      expect(detail.detailedHardwareInformation.memory.value).toBe(131072);
      expect(detail.nickname).toBe('web-1');
      expect((await sim.call('GET', '/api/servers/1/power/getPowerStatus')).body.result).toBe('powering off');
      const list = (await sim.app.inject({ url: '/_control/tenantos/servers' })).json();
      expect(list.servers).toHaveLength(1);
    });

    it('rejects a spec whose addresses are outside their subnet', async () => {
      const response = await sim.app.inject({
        method: 'POST',
        url: '/_control/tenantos/servers',
        payload: serverSpec({
          id: 2,
          subnets: [{ subnet: '198.51.100.0', cidr: 30, gw: '', ips: ['198.51.100.9'] }],
        }),
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/not in 198\.51\.100\.0\/30/);
    });

    it('shows one server, and 404 for an unknown id (what seeding checks first)', async () => {
      const one = await sim.app.inject({ url: '/_control/tenantos/servers/1' });
      expect(one.statusCode).toBe(200);
      expect(one.json().server.id).toBe(1);
      expect((await sim.app.inject({ url: '/_control/tenantos/servers/99' })).statusCode).toBe(404);
    });

    it('removes a server', async () => {
      expect(
        (await sim.app.inject({ method: 'DELETE', url: '/_control/tenantos/servers/1' })).statusCode,
      ).toBe(204);
      expect((await sim.call('GET', '/api/servers/1')).status).toBe(404);
    });
  });

  describe('server detail', () => {
    it('describes hardware, providers and every IP assignment with its subnet', async () => {
      const server = (await sim.call('GET', '/api/servers/1')).body.result;
      expect(server).toMatchObject({ id: 1, primaryip: '203.0.113.10', servertype: 'dedicated' });
      // Tenantos's units: the clock in MHz, memory and disks in MB (2^20 bytes), as strings where it sends them.
      expect(server.detailedHardwareInformation).toMatchObject({
        cpu: { model: 'AMD EPYC 7443P 24-Core Processor', valueType: 'MHz', cores: '24' },
        memory: { value: 65536, valueType: 'mb' },
        disk: { value: 2 * 915527, count: 2, valueType: 'mb' },
      });
      expect(server.detailedHardwareInformation.disk.details).toEqual([
        { model: 'Samsung PM9A3', size: '915527', type: 'NVMe' },
        { model: 'Samsung PM9A3', size: '915527', type: 'NVMe' },
      ]);
      const v6 = server.ipassignments.find(
        (a: { ipAttributes: { isIpv6: boolean } }) => a.ipAttributes.isIpv6,
      );
      expect(v6.subnetinformation).toMatchObject({ cidr: 64, netmask: 'ffff:ffff:ffff:ffff::' });
      const internal = server.ipassignments.find((a: { ip: string }) => a.ip === '192.168.10.42');
      expect(internal.subnetinformation).toMatchObject({
        netmask: '255.255.255.0',
        type: 'private',
        rdnsAvailable: 0,
      });
      // Flags are 0/1, as Tenantos sends them.
      expect(internal.ipAttributes).toEqual({ isIpv4: 1, isIpv6: 0, isSubnet: 0 });
      expect(v6.subnetinformation.rdnsAvailable).toBe(1);
      const list = (await sim.call('GET', '/api/servers/1/ipassignments')).body.result;
      expect(list).toEqual(server.ipassignments);
    });

    it('sets the nickname', async () => {
      const updated = await sim.call('PUT', '/api/servers/1', { nickname: '  db-primary ' });
      expect(updated.body.result.nickname).toBe('db-primary');
      expect((await sim.call('GET', '/api/servers/1')).body.result.nickname).toBe('db-primary');
    });
  });

  describe('server list', () => {
    beforeEach(async () => {
      await sim.createServer({ id: 3, tags: ['Internal', 'Database'] });
      await sim.createServer({
        id: 2,
        tags: ['Internal'],
        subnets: [{ subnet: '198.51.100.8', cidr: 29, gw: '198.51.100.9', ips: ['198.51.100.10'] }],
      });
    });

    it('lists every server in id order, each as the detail shows it, beside "success"', async () => {
      const { status, body } = await sim.call('GET', '/api/servers');
      expect(status).toBe(200);
      expect(body.message).toBe('success');
      expect(body.result.map((server: { id: number }) => server.id)).toEqual([1, 2, 3]);
      expect(body.result[0]).toEqual((await sim.call('GET', '/api/servers/1')).body.result);
      expect(body.result[0]).toMatchObject({
        typeOfServer: 'dedicated',
        cachedPowerstatus: 'online',
        tags: [],
        trafficStatistics: {
          '1d': expect.stringMatching(/^\d+\.\d\d$/),
          '30d': expect.stringMatching(/^\d+\.\d\d$/),
          '95th_total_30d': expect.stringMatching(/^\d+\.\d\d$/),
        },
        lastBwrate: { in: expect.stringMatching(/^\d+\.\d\d$/), out: expect.stringMatching(/^\d+\.\d\d$/) },
      });
      const { trafficStatistics } = body.result[0];
      expect(Number(trafficStatistics['30d'])).toBeGreaterThan(Number(trafficStatistics['7d']));
      const unauthenticated = await sim.app.inject({ url: '/api/servers' });
      expect(unauthenticated.statusCode).toBe(401);
    });

    it('finds servers owning all the given tags, and lists the tags in use', async () => {
      const ids = async (tags: string[]) =>
        (await sim.call('POST', '/api/servers/getByTags', { tags })).body.result.map(
          (s: { id: number }) => s.id,
        );
      expect(await ids(['Internal'])).toEqual([2, 3]);
      expect(await ids(['Internal', 'Database'])).toEqual([3]);
      expect(await ids(['Nothing'])).toEqual([]);
      const refused = await sim.call('POST', '/api/servers/getByTags', {});
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toHaveProperty('tags');
      expect((await sim.call('GET', '/api/servers/tags')).body.result).toEqual(['Database', 'Internal']);
    });

    it('keeps tags and description the customer sets', async () => {
      const updated = await sim.call('PUT', '/api/servers/1', {
        tags: ['Web', 'Web'],
        description: 'Front end',
      });
      expect(updated.body.result).toMatchObject({ tags: ['Web'], description: 'Front end' });
      await sim.createServer({ id: 1 });
      expect((await sim.call('GET', '/api/servers/1')).body.result.tags).toEqual(['Web']);
    });

    it('finds the server an address is assigned to', async () => {
      expect((await sim.call('GET', '/api/servers/getByIp/198.51.100.10')).body.result.id).toBe(2);
      expect((await sim.call('GET', '/api/servers/getByIp/2001:db8:42::2')).body.result.id).toBe(1);
      expect((await sim.call('GET', '/api/servers/getByIp/192.0.2.99')).status).toBe(404);
      expect((await sim.call('GET', '/api/servers/getByIp/not-an-ip')).status).toBe(404);
    });
  });

  describe('reverse DNS', () => {
    it('stores records per IP and reads them back for a list of IPs', async () => {
      const saved = await sim.call('POST', '/api/servers/1/ipassignments/rdns', {
        ip_list: ['203.0.113.10', '2001:db8:42::25'],
        hostname_list: ['mail.example.net', 'v6.example.net'],
        ttl_list: [600, 3600],
      });
      expect(saved.status).toBe(200);
      const read = await sim.call(
        'GET',
        '/api/servers/1/ipassignments/rdns?ip_list=203.0.113.10,203.0.113.11',
      );
      expect(read.body.result).toEqual([
        { ip: '203.0.113.10', hostname: 'mail.example.net', ttl: 600 },
        { ip: '203.0.113.11', hostname: '', ttl: 3600 },
      ]);
      const v6 = await sim.call('GET', '/api/servers/1/ipassignments/rdns?ip_list=2001:db8:42::25');
      expect(v6.body.result[0].hostname).toBe('v6.example.net');
    });

    it('reads and sets one record in the documented form: POST rdns {ip}, PUT ipassignments/{id}', async () => {
      const read = async (ip: string) =>
        (await sim.call('POST', '/api/servers/1/ipassignments/rdns', { ip })).body.result;
      expect(await read('203.0.113.11')).toEqual({ ptrRecord: '' });

      // The id in the path is not used for identification: `ip` is.
      const set = await sim.call('PUT', '/api/servers/1/ipassignments/0', {
        ip: '203.0.113.11',
        ptrRecord: 'shop.example.net',
      });
      expect(set.status).toBe(200);
      expect(await read('203.0.113.11')).toEqual({ ptrRecord: 'shop.example.net' });

      const inSubnet = await sim.call('PUT', '/api/servers/1/ipassignments/0', {
        ip: '2001:db8:42::/64',
        subnetIp: '2001:db8:42::99',
        ptrRecord: 'v6.example.net',
      });
      expect(inSubnet.body.result).toEqual({ ip: '2001:db8:42::99', ptrRecord: 'v6.example.net' });

      await sim.call('PUT', '/api/servers/1/ipassignments/0', { ip: '203.0.113.11', setPtrTemplate: true });
      expect(await read('203.0.113.11')).toEqual({ ptrRecord: '' });

      const foreign = await sim.call('POST', '/api/servers/1/ipassignments/rdns', { ip: '198.51.100.1' });
      expect(foreign.status).toBe(422);
      expect(foreign.body.errors).toHaveProperty('ip');
      const bad = await sim.call('PUT', '/api/servers/1/ipassignments/0', {
        ip: '203.0.113.11',
        ptrRecord: 'x y',
      });
      expect(bad.status).toBe(422);
      expect(bad.body.errors).toHaveProperty('ptrRecord');
      const privateIp = await sim.call('PUT', '/api/servers/1/ipassignments/0', {
        ip: '192.168.10.42',
        ptrRecord: 'in.example.net',
      });
      expect(privateIp.body.errors).toHaveProperty('ip');
    });

    it('refuses private, foreign and malformed entries without saving any', async () => {
      const refused = await sim.call('POST', '/api/servers/1/ipassignments/rdns', {
        ip_list: ['203.0.113.11', '192.168.10.42', '198.51.100.1'],
        hostname_list: ['ok.example.net', 'internal.example.net', 'x.example.net'],
      });
      expect(refused.status).toBe(422);
      expect(Object.keys(refused.body.errors)).toEqual(['ip_list.1', 'ip_list.2']);
      const bad = await sim.call('POST', '/api/servers/1/ipassignments/rdns', {
        ip_list: ['203.0.113.11'],
        hostname_list: ['not a host'],
      });
      expect(bad.body.errors).toHaveProperty('hostname_list.0');
      const read = await sim.call('GET', '/api/servers/1/ipassignments/rdns?ip_list=203.0.113.11');
      expect(read.body.result[0].hostname).toBe('');
    });
  });

  describe('network statistics', () => {
    const stats = async (predefined: string, mode = 'graph') =>
      (await sim.call('POST', `/api/servers/1/stats/network/${mode}`, { predefined })).body.result;

    it('has history for every range, evenly spaced and alive', async () => {
      const expected: Record<string, [count: number, step: number]> = {
        '1h': [60, 60],
        '24h': [288, 300],
        '14days': [336, 3600],
        '30days': [360, 7200],
      };
      for (const [mode, [count, step]] of Object.entries(expected)) {
        const { stats: samples, summary } = await stats(mode);
        expect(samples).toHaveLength(count);
        expect(samples[1].time - samples[0].time).toBe(step);
        const rates = new Set(samples.map((s: { bwrate_out: number }) => s.bwrate_out));
        expect(rates.size).toBeGreaterThan(count / 2);
        expect(
          samples.every(
            (s: { bwrate_in: number; bwrate_out: number }) => s.bwrate_in > 0 && s.bwrate_out > 0,
          ),
        ).toBe(true);
        expect(summary.total).toBe(summary.traffic_in + summary.traffic_out);
      }
    });

    it('answers the same samples for the same time and moves on with the clock', async () => {
      const first = await stats('24h');
      expect(await stats('24h')).toEqual(first);
      await sim.advanceSeconds(600);
      const later = await stats('24h');
      expect(later.stats[0].time).toBe(first.stats[2].time);
      expect(later.stats[0]).toEqual(first.stats[2]);
    });

    it('totals the current month day by day (text) or in five-minute samples (graph)', async () => {
      const month = await stats('currentMonth', 'text');
      expect(month.summary.total).toBeGreaterThan(0);
      expect(month.stats).toHaveLength(new Date().getUTCDate());
      expect(month.stats.slice(1).every((s: { time: number }) => s.time % 86_400 === 0)).toBe(true);
      const graph = await stats('currentMonth');
      expect(graph.summary.total / month.summary.total).toBeCloseTo(1, 2);
      expect((await stats('today')).stats.length).toBeLessThanOrEqual(288);
    });

    it('falls silent while the server is off', async () => {
      await sim.call('GET', '/api/servers/1/power/setPowerOff');
      await sim.advanceSeconds(POWER_SECONDS.off + 2 * 3600);
      const hour = await stats('1h');
      expect(hour.stats.at(-1).traffic_out).toBe(0);
      expect(hour.stats[0].traffic_out).toBe(0);
    });

    it('moves the monthly traffic the spec gives, counted in bits', async () => {
      await sim.createServer({ id: 3, monthlyTrafficGb: 3000 });
      const { summary } = (
        await sim.call('POST', '/api/servers/3/stats/network/graph', { predefined: '30days' })
      ).body.result;
      // 3000 GB (in plus out) in an average month of 30.44 days, in bits, over 30 days.
      const expectedBits = 3000e9 * 8 * (30 / (365.25 / 12));
      expect(summary.total / expectedBits).toBeGreaterThan(0.97);
      expect(summary.total / expectedBits).toBeLessThan(1.03);
    });

    it('keeps a server without a stated volume to what a 10 TB plan allows', async () => {
      for (const id of [1, 1001, 1002, 4242]) {
        await sim.createServer({ id });
        const { summary } = (
          await sim.call('POST', `/api/servers/${id}/stats/network/text`, { predefined: '30days' })
        ).body.result;
        const terabytes = summary.total / 8 / 1e12;
        expect(terabytes).toBeGreaterThan(1.5);
        expect(terabytes).toBeLessThan(8.5);
      }
    });

    it('refuses an unknown mode', async () => {
      expect(
        (await sim.call('POST', '/api/servers/1/stats/network/forever', { predefined: '24h' })).status,
      ).toBe(422);
      const range = await sim.call('POST', '/api/servers/1/stats/network/graph', { predefined: 'year' });
      expect(range.status).toBe(422);
      expect(range.body.errors).toHaveProperty('predefined');
      expect((await sim.call('POST', '/api/servers/1/stats/network/graph', {})).status).toBe(422);
    });
  });

  describe('console', () => {
    it('gives a ticket URL on the simulator that opens a page saying it is simulated', async () => {
      const started = await sim.call(
        'GET',
        '/api/servers/1/console/start?consoleMode=web&authorizedIp=192.0.2.7',
      );
      expect(started.body.result.token).toEqual(expect.any(String));
      const url = new URL(started.body.result.accessUrl);
      expect(url.pathname).toMatch(new RegExp(`/${started.body.result.token}$`));
      const page = await sim.app.inject({ url: url.pathname });
      expect(page.statusCode).toBe(200);
      expect(page.body).toContain('simulator');
      await sim.advanceSeconds(3600);
      expect((await sim.app.inject({ url: url.pathname })).statusCode).toBe(404);
    });

    it('refuses a server without a console provider', async () => {
      await sim.createServer({ id: 2, powerProvider: null });
      expect((await sim.call('GET', '/api/servers/2/console/start')).status).toBe(422);
    });
  });
});

describe('simulated Tenantos persistence', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'tenantos-state-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('keeps servers, power, installs and rDNS across a restart, and goes on from there', async () => {
    const stateFile = path.join(dir, 'state.json');
    const first = await startSimulator({ stateFile });
    await first.createServer({ id: 7 });
    await first.call('PUT', '/api/servers/7', { nickname: 'kept' });
    await first.call('POST', '/api/servers/7/ipassignments/rdns', {
      ip_list: ['203.0.113.10'],
      hostname_list: ['kept.example.net'],
    });
    await first.call('POST', '/api/servers/7/provisioning/startReinstallation', {
      profileId: 7,
      rootpassword: 'pw',
    });
    await first.advanceSeconds(40);
    const before = (await first.call('GET', '/api/servers/7/provisioning/getInstallStatus')).body.result;
    await first.app.close();

    const second = await startSimulator({ stateFile });
    const detail = (await second.call('GET', '/api/servers/7')).body.result;
    expect(detail).toMatchObject({ nickname: 'kept', rescueBootRunning: 1 });
    const status = (await second.call('GET', '/api/servers/7/provisioning/getInstallStatus')).body.result;
    expect(status).toMatchObject({ active: true, message: before.message });
    expect(status.percent).toBeGreaterThanOrEqual(before.percent);
    const rdns = (await second.call('GET', '/api/servers/7/ipassignments/rdns?ip_list=203.0.113.10')).body
      .result;
    expect(rdns[0].hostname).toBe('kept.example.net');
    await second.advanceSeconds(120);
    expect(
      (await second.call('GET', '/api/servers/7/provisioning/getInstallStatus')).body.result.active,
    ).toBe(false);
    await second.app.close();
  });
});
