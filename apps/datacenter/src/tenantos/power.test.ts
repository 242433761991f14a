import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { POWER_SECONDS } from './power.ts';
import { startSimulator, type TestSimulator } from './test-fixtures.ts';

describe('simulated Tenantos power', () => {
  let sim: TestSimulator;
  const status = async (id = 1) =>
    (await sim.call('GET', `/api/servers/${id}/power/getPowerStatus`)).body.result;
  const command = (method: string, id = 1) => sim.call('GET', `/api/servers/${id}/power/${method}`);

  beforeEach(async () => {
    sim = await startSimulator();
    await sim.createServer({ id: 1 });
  });
  afterEach(() => sim.app.close());

  it('powers off through a transition, then reads off and back on the same way', async () => {
    expect(await status()).toBe('on');
    expect((await command('setPowerOff')).status).toBe(200);
    expect(await status()).toBe('powering off');
    await sim.advanceSeconds(POWER_SECONDS.off + 1);
    expect(await status()).toBe('off');

    await command('setPowerOn');
    expect(await status()).toBe('powering on');
    await sim.advanceSeconds(POWER_SECONDS.on + 1);
    expect(await status()).toBe('on');
  });

  it('reads resetting during a reset and on afterwards', async () => {
    await command('setPowerReset');
    expect(await status()).toBe('resetting');
    await sim.advanceSeconds(POWER_SECONDS.reset - 2);
    expect(await status()).toBe('resetting');
    await sim.advanceSeconds(3);
    expect(await status()).toBe('on');
  });

  it('scales durations with the time scale', async () => {
    const quick = await startSimulator({ timeScale: 0.1 });
    await quick.createServer({ id: 1 });
    await quick.call('GET', '/api/servers/1/power/setPowerOff');
    await quick.advanceSeconds(POWER_SECONDS.off * 0.1 + 0.1);
    expect((await quick.call('GET', '/api/servers/1/power/getPowerStatus')).body.result).toBe('off');
    await quick.app.close();
  });

  it('reads unknown while the BMC resets and refuses commands until it is back', async () => {
    expect((await command('setBmcReset')).status).toBe(200);
    expect(await status()).toBe('unknown');
    const refused = await command('setPowerOff');
    expect(refused.status).toBe(409);
    expect(refused.body.message).toMatch(/BMC/);
    await sim.advanceSeconds(POWER_SECONDS.bmcReset + 1);
    expect(await status()).toBe('on');
    expect((await command('setPowerOff')).status).toBe(200);
  });

  it('offers no power calls for a server without a power provider', async () => {
    await sim.createServer({ id: 2, powerProvider: null });
    const detail = (await sim.call('GET', '/api/servers/2')).body.result;
    expect(detail.powerprovider).toBeNull();
    expect(detail.consoleprovider).toBeNull();
    const refused = await command('getPowerStatus', 2);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe('No power provider is assigned to this server.');
  });

  it('lists setBmcReset only for IPMI providers that support it', async () => {
    await sim.createServer({ id: 3, powerProvider: 'pdu' });
    await sim.createServer({ id: 4, bmcReset: false });
    const features = async (id: number) =>
      (await sim.call('GET', `/api/servers/${id}`)).body.result.powerprovider.supportedFeatures;
    expect(await features(1)).toContain('setBmcReset');
    expect(await features(3)).not.toContain('setBmcReset');
    expect(await features(4)).not.toContain('setBmcReset');
    expect((await command('setBmcReset', 3)).status).toBe(422);
    expect((await command('setPowerOff', 3)).status).toBe(200);
  });

  it('answers 404 for an unknown power method or server', async () => {
    expect((await command('explode')).status).toBe(404);
    expect((await command('getPowerStatus', 99)).status).toBe(404);
  });
});
