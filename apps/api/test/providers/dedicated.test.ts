import type { AddressInfo } from 'node:net';
import {
  dedicatedBandwidthRanges,
  dedicatedBandwidthSampleSchema,
  dedicatedOsTemplateSchema,
  dedicatedRebuildStatusSchema,
  dedicatedServerSchema,
} from '@rackdesk/contract';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../src/http/errors.ts';
import { TenantosClient } from '../../src/providers/dedicated/index.ts';
import { UpstreamError } from '../../src/providers/upstream-error.ts';

/** Server specs as the demo seed sends them to the simulator's control API. */
const specs = {
  ipmi: {
    id: 1042,
    servername: 'NYC-DED-1042',
    hostname: 'ded1042.nyc.example.net',
    cpu: { model: 'AMD EPYC 7443P 24-Core Processor', cores: 24 },
    memoryMb: 65536,
    disks: [
      { sizeGb: 960, type: 'NVMe' },
      { sizeGb: 960, type: 'NVMe' },
      { sizeGb: 8000, type: 'HDD' },
    ],
    subnets: [
      {
        subnet: '203.0.113.8',
        cidr: 29,
        gw: '203.0.113.9',
        ips: ['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13'],
      },
      { subnet: '2001:db8:42::', cidr: 64, gw: '2001:db8:42::1', ips: ['2001:db8:42::2'] },
      { subnet: '192.168.10.0', cidr: 24, gw: '', ips: ['192.168.10.42'] },
    ],
    powerProvider: 'ipmi',
    bmcReset: true,
  },
  noIpmi: {
    id: 1043,
    servername: 'CHI-DED-1043',
    hostname: 'ded1043.chi.example.net',
    cpu: { model: 'Intel Xeon Platinum 8380', cores: 40 },
    memoryMb: 1_572_864,
    disks: [{ sizeGb: 3840, type: 'SSD' }],
    subnets: [{ subnet: '198.51.100.0', cidr: 30, gw: '198.51.100.1', ips: ['198.51.100.2'] }],
    powerProvider: null,
  },
  pdu: {
    id: 1044,
    servername: 'NYC-DED-1044',
    hostname: 'ded1044.nyc.example.net',
    cpu: { model: 'Intel Xeon E-2388G', cores: 8 },
    memoryMb: 32768,
    disks: [{ sizeGb: 480, type: 'SSD' }],
    subnets: [{ subnet: '198.51.100.8', cidr: 29, gw: '198.51.100.9', ips: ['198.51.100.10'] }],
    powerProvider: 'pdu',
  },
};
const IPMI = specs.ipmi.id;

describe('TenantosClient against the datacenter simulator', () => {
  let sim: FastifyInstance;
  let baseUrl: string;
  let client: TenantosClient;
  const clientWith = (options: { apiKey?: string; timeoutMs?: number }) =>
    new TenantosClient({
      baseUrl,
      apiKey: options.apiKey ?? defaultCredentials.tenantos.apiKey,
      timeoutMs: options.timeoutMs ?? 5_000,
    });

  const control = async (method: 'POST' | 'DELETE', url: string, payload?: object) => {
    const response = await sim.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(response.statusCode, response.body).toBeLessThan(300);
  };
  /** Puts a server back to its seeded state: forget it, then seed it again. */
  const reseed = async (spec: { id: number }) => {
    await sim.inject({ method: 'DELETE', url: `/_control/tenantos/servers/${spec.id}` });
    await control('POST', '/_control/tenantos/servers', spec);
  };
  const advanceSeconds = (seconds: number) =>
    control('POST', '/_control/clock/advance', { ms: Math.round(seconds * 1000) });
  const fault = (spec: Record<string, unknown>) =>
    control('POST', '/_control/faults', { upstream: 'tenantos', ...spec });

  beforeAll(async () => {
    sim = await buildDatacenter({ timeScale: 1 });
    await sim.listen({ host: '127.0.0.1', port: 0 });
    baseUrl = `http://127.0.0.1:${(sim.server.address() as AddressInfo).port}`;
    client = clientWith({});
  });
  afterAll(() => sim.close());
  beforeEach(async () => {
    for (const spec of Object.values(specs)) await reseed(spec);
  });
  afterEach(() => control('DELETE', '/_control/faults'));

  describe('server detail', () => {
    it('returns the spec shape with hardware, providers and every IP assignment', async () => {
      const server = await client.getServer(IPMI);
      expect(dedicatedServerSchema.parse(server)).toEqual(server);
      expect(server).toMatchObject({
        srv_id: IPMI,
        servername: 'NYC-DED-1042',
        hostname: 'ded1042.nyc.example.net',
        nickname: '',
        primaryip: '203.0.113.10',
        powerprovider: { type: 'ipmi' },
        consoleprovider: { type: 'ipmi' },
      });
      expect(server.powerprovider?.supportedFeatures).toEqual([
        'status',
        'powerOn',
        'powerOff',
        'powerReset',
        'resetBmc',
      ]);
      expect(server.detailedHardwareInformation).toEqual({
        cpu: { model: 'AMD EPYC 7443P 24-Core Processor' },
        memory: { value: 65536 },
        disk: [
          { size: 960, type: 'NVMe' },
          { size: 960, type: 'NVMe' },
          { size: 8000, type: 'HDD' },
        ],
      });
      const v4 = server.ipassignments.filter(
        (a) => a.ipAttributes.isIpv4 && a.subnetinformation.type === 'public',
      );
      expect(v4.map((a) => a.ip)).toEqual(['203.0.113.10', '203.0.113.11', '203.0.113.12', '203.0.113.13']);
      expect(v4[0]!.subnetinformation).toEqual({
        subnet: '203.0.113.8',
        cidr: 29,
        gw: '203.0.113.9',
        netmask: '255.255.255.248',
        type: 'public',
      });
      const v6 = server.ipassignments.find((a) => a.ipAttributes.isIpv6);
      expect(v6).toMatchObject({ ip: '2001:db8:42::2', subnetinformation: { cidr: 64 } });
      const internal = server.ipassignments.find((a) => a.ip.startsWith('192.168.'));
      expect(internal?.subnetinformation).toMatchObject({ type: 'private', gw: '' });
    });

    it('has no power or console provider for a server without IPMI, and memory of 1.5 TB in MB', async () => {
      const server = await client.getServer(specs.noIpmi.id);
      expect(server.powerprovider).toBeNull();
      expect(server.consoleprovider).toBeNull();
      expect(server.detailedHardwareInformation.memory.value / 1024).toBeGreaterThanOrEqual(1024);
    });

    it('offers no BMC reset on a power provider that is not IPMI', async () => {
      const server = await client.getServer(specs.pdu.id);
      expect(server.powerprovider).toEqual({
        type: 'pdu',
        supportedFeatures: ['status', 'powerOn', 'powerOff', 'powerReset'],
      });
    });

    it('turns an unknown server into a 404, not an upstream failure', async () => {
      const failure = client.getServer(999_999);
      await expect(failure).rejects.toBeInstanceOf(AppError);
      await expect(failure).rejects.not.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({ statusCode: 404 });
    });

    it('sets the nickname, seen by the next read', async () => {
      await client.setNickname(IPMI, 'database primary');
      expect((await client.getServer(IPMI)).nickname).toBe('database primary');
    });
  });

  describe('reinstall and rescue', () => {
    it('lists templates in the spec shape, with rescue and password-reset ones flagged', async () => {
      const templates = await client.listTemplates(IPMI);
      for (const template of templates) expect(dedicatedOsTemplateSchema.parse(template)).toEqual(template);
      const installable = templates.filter((t) => !t.isRescue && !t.isPasswordResetProfile);
      expect(installable.length).toBeGreaterThan(3);
      expect(installable.every((t) => t.disklayouts.length > 0 && t.features.set_root_password)).toBe(true);
      expect(templates.some((t) => t.isRescue === 1)).toBe(true);
      expect(templates.some((t) => t.isPasswordResetProfile === 1)).toBe(true);
    });

    it('reads idle before any rebuild', async () => {
      expect(await client.getRebuildStatus(IPMI)).toEqual({
        active: false,
        percent: 0,
        message: '',
        update_time: null,
        cancellable: false,
      });
    });

    it('progresses a reinstall as the clock moves, cancellable only early, then finishes', async () => {
      const [template] = (await client.listTemplates(IPMI)).filter(
        (t) => !t.isRescue && !t.isPasswordResetProfile,
      );
      await client.startRebuild(IPMI, {
        template: template!.id,
        disk_layout: template!.disklayouts[0]!.id,
        password: 'Xk3!pq_9Lm',
      });
      const early = await client.getRebuildStatus(IPMI);
      expect(dedicatedRebuildStatusSchema.parse(early)).toEqual(early);
      expect(early).toMatchObject({ active: true, cancellable: true });
      expect(early.update_time).toBeGreaterThan(1_600_000_000);

      await advanceSeconds(150);
      const middle = await client.getRebuildStatus(IPMI);
      expect(middle.active).toBe(true);
      expect(middle.percent).toBeGreaterThan(early.percent);
      expect(middle.message).not.toBe(early.message);
      expect(middle.cancellable).toBe(false);
      await expect(client.stopRebuild(IPMI)).rejects.toMatchObject({ statusCode: 409 });

      let status = middle;
      for (let minutes = 0; status.active && minutes < 30; minutes += 1) {
        await advanceSeconds(60);
        status = await client.getRebuildStatus(IPMI);
      }
      expect(status).toMatchObject({ active: false, percent: 100, cancellable: false });
      expect((await client.getPowerStatus(IPMI)).status).toBe('online');
    });

    it('stops a reinstall that is still early', async () => {
      await client.startRebuild(IPMI, { template: 1, password: 'pw' });
      await advanceSeconds(10);
      await client.stopRebuild(IPMI);
      expect(await client.getRebuildStatus(IPMI)).toMatchObject({ active: false, cancellable: false });
      await expect(client.stopRebuild(IPMI)).rejects.toMatchObject({ statusCode: 409 });
    });

    it('enters rescue mode with a rescue template', async () => {
      const rescue = (await client.listTemplates(IPMI)).find(
        (t) => t.isRescue && t.features.set_root_password,
      );
      await client.startRebuild(IPMI, { template: rescue!.id, password: 'rescue-pw' });
      expect((await client.getRebuildStatus(IPMI)).active).toBe(true);
      await advanceSeconds(120);
      expect(await client.getRebuildStatus(IPMI)).toMatchObject({ active: false, percent: 100 });
    });

    it('passes on the reason when a rebuild is refused', async () => {
      await expect(client.startRebuild(IPMI, { template: 1 })).rejects.toMatchObject({
        statusCode: 422,
        message: expect.stringMatching(/password/i),
      });
      await expect(client.startRebuild(IPMI, { template: 424_242, password: 'pw' })).rejects.toMatchObject({
        statusCode: 422,
      });
      await client.startRebuild(IPMI, { template: 1, password: 'pw' });
      await expect(client.startRebuild(IPMI, { template: 1, password: 'pw' })).rejects.toMatchObject({
        statusCode: 409,
      });
    });
  });

  describe('power', () => {
    it('powers off and on through transitions that settle as the clock moves', async () => {
      expect(await client.getPowerStatus(IPMI)).toEqual({ status: 'online' });
      await client.powerOff(IPMI);
      expect((await client.getPowerStatus(IPMI)).status).toBe('stopping');
      await advanceSeconds(30);
      expect((await client.getPowerStatus(IPMI)).status).toBe('offline');
      await client.powerOn(IPMI);
      expect((await client.getPowerStatus(IPMI)).status).toBe('starting');
      await advanceSeconds(30);
      expect((await client.getPowerStatus(IPMI)).status).toBe('online');
    });

    it('reboots with a power reset', async () => {
      await client.powerReset(IPMI);
      expect((await client.getPowerStatus(IPMI)).status).toBe('rebooting');
      await advanceSeconds(30);
      expect((await client.getPowerStatus(IPMI)).status).toBe('online');
    });

    it('resets the BMC: status unknown and commands refused until it is back', async () => {
      await client.resetBmc(IPMI);
      expect((await client.getPowerStatus(IPMI)).status).toBe('unknown');
      await expect(client.powerOff(IPMI)).rejects.toMatchObject({ statusCode: 409 });
      await advanceSeconds(120);
      expect((await client.getPowerStatus(IPMI)).status).toBe('online');
    });

    it('refuses power calls the provider cannot do', async () => {
      await expect(client.powerOn(specs.noIpmi.id)).rejects.toMatchObject({ statusCode: 422 });
      await expect(client.resetBmc(specs.pdu.id)).rejects.toMatchObject({ statusCode: 422 });
    });
  });

  describe('console', () => {
    it.each(['web', 'standard'] as const)(
      'gives a %s console URL that opens a simulated console',
      async (mode) => {
        const { accessUrl } = await client.startConsole(IPMI, mode);
        expect(accessUrl.startsWith(baseUrl)).toBe(true);
        const page = await fetch(accessUrl);
        expect(page.status).toBe(200);
        expect(await page.text()).toMatch(/simulat/i);
      },
    );

    it('refuses a server without a console provider', async () => {
      await expect(client.startConsole(specs.noIpmi.id, 'web')).rejects.toMatchObject({ statusCode: 422 });
    });
  });

  describe('bandwidth', () => {
    it.each(dedicatedBandwidthRanges)('returns live %s samples in the spec shape', async (range) => {
      const samples = await client.getBandwidth(IPMI, range);
      expect(samples.length).toBeGreaterThan(24);
      for (const sample of samples) expect(dedicatedBandwidthSampleSchema.parse(sample)).toEqual(sample);
      const times = samples.map((s) => s.time);
      expect(times).toEqual([...times].sort((a, b) => a - b));
      expect(samples.every((s) => s.bwrate_out > 0 && s.traffic_in > 0)).toBe(true);
      const span = times.at(-1)! - times[0]!;
      const expectedSpan = { '1h': 3600, '24h': 86_400, '14days': 14 * 86_400, '30days': 30 * 86_400 }[range];
      expect(span).toBeGreaterThan(expectedSpan * 0.9);
    });

    it('sums the month so far, and the sum moves on as time passes', async () => {
      const before = await client.getBandwidthSummary(IPMI);
      expect(before.total).toBeGreaterThan(0);
      await advanceSeconds(6 * 3600);
      // More traffic was counted, or the month turned over and counting began again.
      expect((await client.getBandwidthSummary(IPMI)).total).not.toBe(before.total);
    });
  });

  describe('reverse DNS', () => {
    it('reads the entries of the IPs asked for', async () => {
      expect(await client.getRdns(IPMI, ['203.0.113.10', '203.0.113.11'])).toEqual([
        { ip: '203.0.113.10', host: '', ttl: 3600 },
        { ip: '203.0.113.11', host: '', ttl: 3600 },
      ]);
      expect(await client.getRdns(IPMI, [])).toEqual([]);
    });

    it('saves entries, seen by the next read', async () => {
      const saved = await client.saveRdns(IPMI, [
        { ip: '203.0.113.10', host: 'mail.example.net', ttl: 600 },
        { ip: '2001:db8:42::2', host: 'v6.example.net' },
      ]);
      expect(saved).toEqual([
        { ip: '203.0.113.10', host: 'mail.example.net', ttl: 600 },
        { ip: '2001:db8:42::2', host: 'v6.example.net', ttl: 3600 },
      ]);
      expect(await client.getRdns(IPMI, ['203.0.113.10', '2001:db8:42::2'])).toEqual(saved);
    });

    it('refuses an internal address and saves nothing of the request', async () => {
      const refused = client.saveRdns(IPMI, [
        { ip: '203.0.113.11', host: 'ok.example.net' },
        { ip: '192.168.10.42', host: 'internal.example.net' },
      ]);
      await expect(refused).rejects.toMatchObject({ statusCode: 422 });
      expect((await client.getRdns(IPMI, ['203.0.113.11']))[0]!.host).toBe('');
    });
  });

  describe('upstream failures', () => {
    it('reports a wrong API key as an upstream error, not as the customer’s fault', async () => {
      const failure = clientWith({ apiKey: 'wrong-key' }).getServer(IPMI);
      await expect(failure).rejects.toBeInstanceOf(UpstreamError);
      await expect(failure).rejects.toMatchObject({
        statusCode: 502,
        detail: expect.stringContaining('401'),
      });
    });

    it('gives 502 when the upstream keeps failing a read', async () => {
      await fault({ mode: 'error', count: 3 });
      await expect(client.getServer(IPMI)).rejects.toMatchObject({
        name: 'UpstreamError',
        statusCode: 502,
      });
    });

    it('absorbs a single 500 on a read with a retry, GET or POST alike', async () => {
      await fault({ mode: 'error', count: 1 });
      expect((await client.getServer(IPMI)).srv_id).toBe(IPMI);
      await fault({ mode: 'error', count: 1, pathContains: '/stats/network/' });
      expect((await client.getBandwidth(IPMI, '24h')).length).toBeGreaterThan(0);
    });

    it('does not retry a power command hit by a 500, and nothing changes', async () => {
      await fault({ mode: 'error', count: 1, pathContains: '/power/setPowerOff' });
      await expect(client.powerOff(IPMI)).rejects.toMatchObject({ name: 'UpstreamError', statusCode: 502 });
      // A retry would have gone through and left the server stopping.
      expect((await client.getPowerStatus(IPMI)).status).toBe('online');
    });

    it('does not retry a rebuild hit by a 500, and no rebuild starts', async () => {
      await fault({ mode: 'error', count: 1, pathContains: 'startReinstallation' });
      await expect(client.startRebuild(IPMI, { template: 1, password: 'pw' })).rejects.toBeInstanceOf(
        UpstreamError,
      );
      expect((await client.getRebuildStatus(IPMI)).active).toBe(false);
    });

    it('gives 504 when the upstream does not answer in time', async () => {
      const impatient = clientWith({ timeoutMs: 300 });
      await fault({ mode: 'timeout', count: 1, pathContains: '/power/setPowerOn' });
      await expect(impatient.powerOn(IPMI)).rejects.toMatchObject({ name: 'UpstreamError', statusCode: 504 });
      await fault({ mode: 'timeout', count: 3 });
      await expect(impatient.getServer(IPMI)).rejects.toMatchObject({ statusCode: 504 });
    });

    it('still succeeds when the upstream is slow but within the timeout', async () => {
      await fault({ mode: 'slow', count: 2, delayMs: 300 });
      expect((await client.getServer(IPMI)).srv_id).toBe(IPMI);
      await client.powerReset(IPMI);
      expect((await client.getPowerStatus(IPMI)).status).toBe('rebooting');
    });
  });
});
