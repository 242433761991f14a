import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION, type SimulatorKit, startSimulator } from './sim-test-kit.ts';

const get = (sim: SimulatorKit, url: string) =>
  sim.app.inject({ method: 'GET', url: `/api2/json${url}`, headers: { authorization: AUTHORIZATION } });

describe("Proxmox's answer conventions", () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createVm({ vmid: 100, node: 'pve-nyc-1', name: 'web01.demo.example' });
  });
  afterEach(() => sim.close());

  it("sends every answer, errors included, as Proxmox's exact JSON content type", async () => {
    for (const url of ['/version', '/nodes/pve-nyc-1/qemu/999/status/current', '/nodes/pve-nyc-1/nope']) {
      const response = await get(sim, url);
      expect(response.headers['content-type'], url).toBe('application/json;charset=UTF-8');
      expect(response.headers.server).toBe('pve-api-daemon/3.0');
    }
  });

  it('answers a method or path it does not implement with 501, like Proxmox', async () => {
    const response = await get(sim, '/nodes/x/foo?bar=1');
    expect(response.statusCode).toBe(501);
    expect(response.statusMessage).toBe("Method 'GET /nodes/x/foo' not implemented");
    expect(response.json()).toEqual({ data: null, message: "Method 'GET /nodes/x/foo' not implemented" });
    const patch = await sim.app.inject({
      method: 'PATCH',
      url: '/api2/json/version',
      headers: { authorization: AUTHORIZATION },
    });
    expect(patch.statusCode).toBe(501);
    expect(patch.statusMessage).toBe("Method 'PATCH /version' not implemented");
  });

  it('asks for credentials before it says a path does not exist', async () => {
    const response = await sim.app.inject({ method: 'GET', url: '/api2/json/nodes/x/foo' });
    expect(response.statusCode).toBe(401);
  });

  it("words parameter errors as Proxmox's schema validator does", async () => {
    const cases: [string, Record<string, string>][] = [
      ['/nodes/pve-nyc-1/qemu/100/rrddata', { timeframe: 'property is missing and it is not optional' }],
      [
        '/nodes/pve-nyc-1/qemu/100/rrddata?timeframe=century',
        {
          timeframe:
            "value 'century' does not have a value in the enumeration 'hour, day, week, month, year'",
        },
      ],
      [
        '/nodes/pve-nyc-1/qemu/42/status/current',
        { vmid: 'invalid format - value does not look like a valid VM ID\n' },
      ],
      ['/nodes/pve-nyc-1/qemu/abc/status/current', { vmid: "type check ('integer') failed - got 'abc'" }],
      [
        '/nodes/pve_nyc/qemu/100/status/current',
        { node: 'invalid format - value does not look like a valid node name\n' },
      ],
      ['/nodes/pve-nyc-1/tasks?limit=-1', { limit: 'value must have a minimum value of 0' }],
      ['/nodes/pve-nyc-1/tasks?errors=yes', { errors: "type check ('boolean') failed - got 'yes'" }],
      [
        '/nodes/pve-nyc-1/qemu/100/status/current?vmid=101',
        { vmid: 'duplicate parameter (already defined in URI) with conflicting values!' },
      ],
    ];
    for (const [url, errors] of cases) {
      const response = await get(sim, url);
      expect(response.statusCode, url).toBe(400);
      expect(response.statusMessage).toBe('Parameter verification failed.');
      expect(response.json(), url).toEqual({
        data: null,
        message: 'Parameter verification failed.\n',
        errors,
      });
    }
  });

  it('words configuration value errors the same way', async () => {
    const response = await sim.pve('PUT', '/nodes/pve-nyc-1/qemu/100/config', { cores: 0, memory: 'lots' });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      errors: {
        cores: 'value must have a minimum value of 1',
        memory: "type check ('integer') failed - got 'lots'",
      },
    });
  });
});
