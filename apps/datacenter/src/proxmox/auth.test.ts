import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AUTHORIZATION, type SimulatorKit, startSimulator } from './sim-test-kit.ts';

describe('Proxmox API token authentication', () => {
  let sim: SimulatorKit;
  beforeEach(async () => {
    sim = await startSimulator();
  });
  afterEach(() => sim.close());

  it('refuses a call without credentials with 401, the reason in the status line and no body', async () => {
    const response = await sim.app.inject({ method: 'GET', url: '/api2/json/cluster/resources' });
    expect(response.statusCode).toBe(401);
    expect(response.statusMessage).toBe('No ticket');
    // Proxmox sends the status line alone: no data, no content type.
    expect(response.body).toBe('');
    expect(response.headers['content-type']).toBeUndefined();
  });

  it('refuses a wrong secret and a token in another scheme', async () => {
    for (const authorization of [
      AUTHORIZATION.replace(/=[^=]+$/, '=wrong-secret'),
      AUTHORIZATION.replace('PVEAPIToken=', 'Bearer '),
    ]) {
      const response = await sim.app.inject({
        method: 'GET',
        url: '/api2/json/cluster/resources',
        headers: { authorization },
      });
      expect(response.statusCode).toBe(401);
      expect(response.statusMessage).toBe(
        authorization.startsWith('Bearer') ? 'No ticket' : 'Authentication failed!',
      );
    }
  });

  it('answers the right token with Proxmox data wrapped in {data}', async () => {
    const { status, data } = await sim.pve('GET', '/cluster/resources?type=node');
    expect(status).toBe(200);
    expect(data.map((n: { node: string }) => n.node).sort()).toEqual(['pve-chi-1', 'pve-nyc-1']);
  });

  it('keeps its control endpoints outside the Proxmox authentication', async () => {
    const { status } = await sim.control('POST', '/proxmox/nodes', {
      node: 'pve-nyc-2',
      location: 'New York',
    });
    expect(status).toBe(201);
  });
});
