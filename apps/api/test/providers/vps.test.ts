import { createHash } from 'node:crypto';
import {
  vpsDetailSchema,
  vpsIsoSchema,
  vpsStatsSchema,
  vpsTemplateSchema,
  vpsVncSchema,
  VPS_STAT_COLUMNS,
} from '@rackdesk/contract';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildDatacenter, defaultCredentials } from '@rackdesk/datacenter';
import { AppError } from '../../src/http/errors.ts';
import { UpstreamError } from '../../src/providers/upstream-error.ts';
import { VirtualizorClient } from '../../src/providers/vps/index.ts';

const VPS = 7001;
const MINUTE = 60_000;
/** The panel account the ISOs are added for. */
const OWNER = 41;

describe('VirtualizorClient against the datacenter simulator', () => {
  let sim: FastifyInstance;
  let baseUrl: string;
  let client: VirtualizorClient;

  function clientWith(options: Partial<ConstructorParameters<typeof VirtualizorClient>[0]> = {}) {
    return new VirtualizorClient({
      baseUrl,
      apiKey: defaultCredentials.virtualizor.apiKey,
      apiPass: defaultCredentials.virtualizor.apiPass,
      timeoutMs: 5_000,
      ...options,
    });
  }

  async function control(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${baseUrl}/_control${path}`, {
      method,
      headers: body === undefined ? {} : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return response.status === 204 ? undefined : response.json();
  }

  const advance = (ms: number) => control('POST', '/clock/advance', { ms });
  const fault = (spec: Record<string, unknown>) =>
    control('POST', '/faults', { upstream: 'virtualizor', ...spec });

  /** What the simulator holds for the VPS, beyond what the API shows. */
  async function simulated(vpsid = VPS): Promise<{ rootPasswordSha256: string; hostname: string }> {
    const answer = (await control('GET', `/virtualizor/vps/${vpsid}`)) as {
      vps: { rootPasswordSha256: string; hostname: string };
    };
    return answer.vps;
  }

  async function failure(promise: Promise<unknown>): Promise<AppError> {
    const error = await promise.then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }

  beforeAll(async () => {
    sim = await buildDatacenter({ timeScale: 1 });
    await sim.listen({ host: '127.0.0.1', port: 0 });
    const address = sim.server.address();
    if (!address || typeof address === 'string') throw new Error('The simulator has no port');
    baseUrl = `http://127.0.0.1:${address.port}`;
    client = clientWith();
  });
  afterAll(() => sim.close());

  beforeEach(async () => {
    await control('POST', '/virtualizor/vps', {
      vpsid: VPS,
      hostname: 'web1.example.com',
      cores: 2,
      ram: 2048,
      space: 40,
      bandwidth: 1000,
      osid: 1011,
      rootPassword: 'initial-Pass1',
    });
  });
  afterEach(() => control('DELETE', '/faults'));

  describe('reads', () => {
    it('reads the VPS detail in the spec shape', async () => {
      const detail = vpsDetailSchema.parse(await client.getVps(VPS));
      expect(detail).toMatchObject({
        hostname: 'web1.example.com',
        locked: '',
        cores: 2,
        ram: 2048,
        space: 40,
        osid: '1011',
        boot: 'cda',
        iso: '',
        sec_iso: '',
      });
      expect(detail.os_name).toContain('debian');
      expect(Object.values(detail.ips)).toContain(`203.0.113.${(VPS % 250) + 2}`);
      const status = detail.vm_status;
      expect(status.status).toBe(1);
      expect(status.used_cpu).toBeGreaterThan(0);
      expect(status.used_cpu).toBeLessThanOrEqual(100);
      expect(status.used_disk).toBeGreaterThan(0);
      expect(status.used_disk).toBeLessThan(status.disk);
      expect(status.disk).toBe(40);
      expect(status.bandwidth).toBe(1000);
      expect(status.used_bandwidth).toBeGreaterThanOrEqual(0);
      expect(status.uptime).toBeGreaterThan(0);
    });

    it('answers an unknown VPS with a 404', async () => {
      expect((await failure(client.getVps(999_999))).statusCode).toBe(404);
    });

    it('reads five-minute usage rows of the previous and the current month', async () => {
      const now = new Date();
      const months = [new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)), now].map(
        (date) => `${date.getUTCFullYear()}${String(date.getUTCMonth() + 1).padStart(2, '0')}`,
      );
      for (const month of months) {
        const stats = vpsStatsSchema.parse(await client.getStats(VPS, month));
        expect(stats.month).toBe(month);
        expect(stats.rows.length).toBeGreaterThan(0);
        const times = stats.rows.map((row) => row[VPS_STAT_COLUMNS.time]!);
        expect(times.slice(1).every((time, index) => time - times[index]! === 300)).toBe(true);
        for (const row of stats.rows.slice(0, 50)) {
          expect(row[VPS_STAT_COLUMNS.cpu]).toBeGreaterThan(0);
          expect(row[VPS_STAT_COLUMNS.cpu]).toBeLessThanOrEqual(100);
          for (const column of ['netIn', 'netOut', 'read', 'write'] as const) {
            expect(row[VPS_STAT_COLUMNS[column]]).toBeGreaterThan(0);
          }
        }
      }
    });

    it('lists the OS templates', async () => {
      const templates = (await client.listTemplates(VPS)).map((template) =>
        vpsTemplateSchema.parse(template),
      );
      expect(templates).toContainEqual({
        osid: '1001',
        name: 'Ubuntu 24.04 LTS',
        type: 'standard',
        ssh_keys_allowed: true,
      });
      expect(templates.find((template) => template.name.startsWith('Windows'))?.ssh_keys_allowed).toBe(false);
    });

    it('gives what opens a VNC console', async () => {
      const vnc = vpsVncSchema.parse(await client.getVnc(VPS));
      expect(vnc.token).toMatch(/^[0-9a-f]{32}$/);
      expect(vnc.pass.length).toBeGreaterThan(0);
      expect(vnc.host).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    });
  });

  describe('writes', () => {
    it('changes the hostname, and refuses an invalid one on the hostname field', async () => {
      await client.changeHostname(VPS, 'db1.example.net');
      expect((await client.getVps(VPS)).hostname).toBe('db1.example.net');
      const error = await failure(client.changeHostname(VPS, 'not a hostname!'));
      expect(error.statusCode).toBe(422);
      expect(error.body.errors).toHaveProperty('hostname');
    });

    it('powers off, starts and restarts, each completing as the clock moves', async () => {
      await client.powerOff(VPS);
      await advance(5_000);
      expect((await client.getVps(VPS)).vm_status.status).toBe(0);

      await client.start(VPS);
      expect((await client.getVps(VPS)).vm_status.status).toBe(0);
      await advance(15_000);
      const started = await client.getVps(VPS);
      expect(started.vm_status.status).toBe(1);

      await advance(10 * MINUTE);
      await client.restart(VPS);
      await advance(15_000);
      const restarted = await client.getVps(VPS);
      expect(restarted.vm_status.status).toBe(1);
      expect(restarted.vm_status.uptime).toBeLessThan(60);
    });

    it('refuses a second power action while the first runs with a 409', async () => {
      await client.restart(VPS);
      const error = await failure(client.powerOff(VPS));
      expect(error.statusCode).toBe(409);
      await advance(15_000);
      await client.powerOff(VPS);
    });

    it('adds an ISO that is queued, then complete, and deletes it', async () => {
      const added = vpsIsoSchema.parse(
        await client.addIso(OWNER, 'https://mirror.example.org/images/rescue%20cd.iso'),
      );
      expect(added).toMatchObject({ name: 'rescue-cd.iso', upload_status: 'queued' });
      expect(await client.listIsos()).toContainEqual(added);

      await advance(3 * MINUTE);
      const listed = (await client.listIsos()).find((iso) => iso.id === added.id);
      expect(listed?.upload_status).toBe('complete');

      await client.deleteIso(added.id);
      expect((await client.listIsos()).map((iso) => iso.id)).not.toContain(added.id);
      expect((await failure(client.deleteIso(added.id))).statusCode).toBe(404);
    });

    it('refuses an ISO URL that is not http(s) on the url field', async () => {
      const error = await failure(client.addIso(OWNER, 'ftp://mirror.example.org/x.iso'));
      expect(error.statusCode).toBe(422);
      expect(error.body.errors).toHaveProperty('url');
    });

    it('inserts downloaded ISOs and sets the boot order, each keeping the other', async () => {
      const primary = await client.addIso(OWNER, 'https://mirror.example.org/installer-a.iso');
      const secondary = await client.addIso(OWNER, 'https://mirror.example.org/drivers-a.iso');
      const early = await failure(client.insertIsos(VPS, OWNER, { iso: primary.name, sec_iso: '' }));
      expect(early.statusCode).toBe(422);
      await advance(3 * MINUTE);

      await client.insertIsos(VPS, OWNER, { iso: primary.name, sec_iso: secondary.name });
      await client.setBootOrder(VPS, 'dca');
      let detail = await client.getVps(VPS);
      expect(detail).toMatchObject({ boot: 'dca', iso: primary.name, sec_iso: secondary.name });

      await client.insertIsos(VPS, OWNER, { iso: '', sec_iso: secondary.name });
      detail = await client.getVps(VPS);
      expect(detail).toMatchObject({ boot: 'dca', iso: '', sec_iso: secondary.name });
      await client.deleteIso(primary.id);
      await client.deleteIso(secondary.id);
    });

    it("keeps each owner's ISO file names apart on the platform, showing them without the prefix", async () => {
      const mine = await client.addIso(OWNER, 'https://mirror.example.org/shared-name.iso');
      const theirs = await client.addIso(OWNER + 1, 'https://mirror.example.org/shared-name.iso');
      expect([mine.name, theirs.name]).toEqual(['shared-name.iso', 'shared-name.iso']);
      expect(mine.uuid).not.toBe(theirs.uuid);
      const again = await failure(client.addIso(OWNER, 'https://mirror.example.org/shared-name.iso'));
      expect(again.statusCode).toBe(422);

      await advance(3 * MINUTE);
      await client.insertIsos(VPS, OWNER, { iso: 'shared-name.iso', sec_iso: '' });
      expect((await client.getVps(VPS)).iso).toBe('shared-name.iso');
      const state = (await control('GET', `/virtualizor/vps/${VPS}`)) as { vps: { iso: string } };
      expect(state.vps.iso).toBe(`u${OWNER}-shared-name.iso`);
      await client.insertIsos(VPS, OWNER, { iso: '', sec_iso: '' });
      await client.deleteIso(mine.id);
      await client.deleteIso(theirs.id);
    });

    it('reinstalls: the VPS is locked meanwhile and comes back with the new OS', async () => {
      await client.reinstall(VPS, { osid: '1001', password: 'Fresh-Pass9' });
      const during = await client.getVps(VPS);
      expect(during.locked).toBe('Reinstalling OS');
      expect((await failure(client.start(VPS))).statusCode).toBe(409);

      await advance(3 * MINUTE);
      const after = await client.getVps(VPS);
      expect(after.locked).toBe('');
      expect(after.osid).toBe('1001');
      expect(after.vm_status.status).toBe(1);
      expect((await simulated()).rootPasswordSha256).toBe(sha256('Fresh-Pass9'));
    });

    it('refuses a reinstall with an unknown template on the osid field', async () => {
      const error = await failure(client.reinstall(VPS, { osid: '4242', password: 'Fresh-Pass9' }));
      expect(error.statusCode).toBe(422);
      expect(error.body.errors).toHaveProperty('osid');
      expect((await client.getVps(VPS)).locked).toBe('');
    });

    it('resets the root password to a generated one, or to the one given, and returns it', async () => {
      const generated = await client.resetPassword(VPS);
      expect(generated.password).toMatch(/^[A-Za-z].{15}$/);
      expect((await simulated()).rootPasswordSha256).toBe(sha256(generated.password));
      const chosen = await client.resetPassword(VPS, 'Chosen-Pass7');
      expect(chosen).toEqual({ password: 'Chosen-Pass7' });
      expect((await simulated()).rootPasswordSha256).toBe(sha256('Chosen-Pass7'));
    });
  });

  describe('failures', () => {
    it('reports refused credentials as an upstream failure', async () => {
      const error = await failure(clientWith({ apiPass: 'wrong' }).getVps(VPS));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error.statusCode).toBe(502);
    });

    it('absorbs a single 500 on a read by retrying it', async () => {
      await fault({ mode: 'error', count: 1, method: 'GET' });
      expect((await client.getVps(VPS)).hostname).toBe('web1.example.com');
    });

    it('turns a read that keeps failing into a 502', async () => {
      await fault({ mode: 'error', count: 3, method: 'GET' });
      const error = await failure(client.listIsos());
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error.statusCode).toBe(502);
    });

    it('does not retry a write hit by a 500, and changes nothing', async () => {
      await fault({ mode: 'error', count: 1, method: 'POST', pathContains: 'act=hostname' });
      const error = await failure(client.changeHostname(VPS, 'changed.example.com'));
      expect(error).toBeInstanceOf(UpstreamError);
      expect(error.statusCode).toBe(502);
      expect((await simulated()).hostname).toBe('web1.example.com');
      // The fault hit once; a retry would have gone through and changed the hostname.
      await fault({ mode: 'error', count: 1, method: 'POST', pathContains: 'act=poweroff' });
      expect((await failure(client.powerOff(VPS))).statusCode).toBe(502);
      await advance(5_000);
      expect((await client.getVps(VPS)).vm_status.status).toBe(1);
    });

    it('answers 504 when the platform does not answer in time', async () => {
      const impatient = clientWith({ timeoutMs: 300 });
      await fault({ mode: 'timeout', count: 1, method: 'POST' });
      const write = await failure(impatient.start(VPS));
      expect(write).toBeInstanceOf(UpstreamError);
      expect(write.statusCode).toBe(504);
      await fault({ mode: 'timeout', count: 3, method: 'GET' });
      expect((await failure(impatient.getVps(VPS))).statusCode).toBe(504);
    });

    it('still succeeds when the platform is slow but within the timeout', async () => {
      await fault({ mode: 'slow', count: 2, delayMs: 300 });
      expect((await client.getVps(VPS)).hostname).toBe('web1.example.com');
      await client.changeHostname(VPS, 'slow.example.com');
      expect((await client.getVps(VPS)).hostname).toBe('slow.example.com');
    });
  });
});

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
