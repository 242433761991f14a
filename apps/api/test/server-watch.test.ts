import { EventName } from '@rackdesk/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoMachines } from '../src/seed/demo-machines.ts';
import { openEventStream } from './support/event-stream.ts';
import {
  allPermissions,
  bearer,
  createService,
  createUser,
  eventually,
  loginToken,
} from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, quickJobs, type TestApp } from './support/test-app.ts';

const dedicatedSpec = demoMachines.find((m) => m.upstreamId === '1001')!.spec;
const vpsSpec = demoMachines.find((m) => m.upstreamId === '2001')!.spec;

/** The SSE frames of one event name, parsed, from everything a stream has read. */
function framesOf(text: string, name: string): Record<string, unknown>[] {
  return text
    .split('\n\n')
    .filter((frame) => frame.includes(`event: ${name}`))
    .map((frame) => JSON.parse(/data: (.*)/.exec(frame)![1]!) as Record<string, unknown>);
}

describe('server watch: actions followed upstream and told to open pages', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerId: number;
  let ownerToken: string;
  let subToken: string;
  let dedicatedId: number;
  let vpsId: number;

  beforeAll(async () => {
    sim = await startSimulator();
    await sim.control('POST', '/tenantos/servers', dedicatedSpec);
    await sim.control('POST', '/virtualizor/vps', vpsSpec);
    t = await createTestApp({ ...sim.env, ...quickJobs });
    const owner = await createUser(t);
    ownerId = owner.id;
    dedicatedId = (await createService(t, owner.id, { provider: 'tenantos', upstreamId: '1001' })).id;
    vpsId = (await createService(t, owner.id, { provider: 'virtualizor', upstreamId: '2001' })).id;
    // A sub-account that may see the VPS but not the dedicated server.
    const sub = await createUser(t, {
      parentId: owner.id,
      permissions: allPermissions,
      serviceWhitelist: [vpsId],
    });
    ownerToken = await loginToken(t.app, owner.email, owner.password);
    subToken = await loginToken(t.app, sub.email, sub.password);
  });
  /** Moves simulated time on in steps until `arrived` settles (an event the stream waits for). */
  async function advanceUntil(arrived: Promise<void>, stepMs: number) {
    let settled = false;
    const watched = arrived.finally(() => {
      settled = true;
    });
    await eventually(async () => {
      if (!settled) await sim.advance(stepMs);
      return settled;
    });
    await watched;
  }

  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  it('publishes the power state until it settles, to the owner and not outside a whitelist', async () => {
    const owner = await openEventStream(t.app, ownerToken);
    const sub = await openEventStream(t.app, subToken);
    await owner.readUntil('event: ready');
    await sub.readUntil('event: ready');

    await t.app.ctx.providers.dedicated.powerOff(1001);
    await t.app.ctx.serverWatch.watch({
      accountId: ownerId,
      serviceId: dedicatedId,
      provider: 'tenantos',
      upstreamId: '1001',
      kind: 'power',
      expect: 'off',
    });
    await owner.readUntil(`"serviceId":${dedicatedId}`);
    await sim.advance(60_000);
    await owner.readUntil('"status":"off"');

    const events = framesOf(owner.received(), EventName.serverPower);
    expect(events.at(-1)).toEqual({ serviceId: dedicatedId, status: 'off' });
    expect(framesOf(sub.received(), EventName.serverPower)).toEqual([]);
    owner.close();
    sub.close();
  });

  it('follows a dedicated reinstall with its progress to the end', async () => {
    const owner = await openEventStream(t.app, ownerToken);
    await owner.readUntil('event: ready');
    const [template] = (await t.app.ctx.providers.dedicated.listTemplates(1001)).filter(
      (profile) => !profile.isRescue && !profile.isPasswordResetProfile,
    );
    await t.app.ctx.providers.dedicated.startRebuild(1001, {
      template: template!.id,
      password: 'Install-Pass1',
    });
    await t.app.ctx.serverWatch.watch({
      accountId: ownerId,
      serviceId: dedicatedId,
      provider: 'tenantos',
      upstreamId: '1001',
      kind: 'rebuild',
    });
    await owner.readUntil('"state":"running"');
    // Move simulated time on in steps, so the watch sees the progress in between.
    await advanceUntil(owner.readUntil('"state":"completed"'), 30_000);
    const events = framesOf(owner.received(), EventName.serverTask);
    expect(events[0]).toMatchObject({ serviceId: dedicatedId, task: 'rebuild', state: 'running' });
    expect(events.at(-1)).toMatchObject({ task: 'rebuild', state: 'completed' });
    owner.close();
  });

  it('keeps watching through upstream failures, and a sub-account sees its whitelisted VPS', async () => {
    const sub = await openEventStream(t.app, subToken);
    await sub.readUntil('event: ready');
    await t.app.ctx.providers.vps.powerOff(2001);
    // The next reads of the VPS fail (retries included): the watch must look again later.
    await sim.control('POST', '/faults', { upstream: 'virtualizor', method: 'GET', mode: 'error', count: 6 });
    await t.app.ctx.serverWatch.watch({
      accountId: ownerId,
      serviceId: vpsId,
      provider: 'virtualizor',
      upstreamId: '2001',
      kind: 'power',
      expect: 'off',
    });
    await advanceUntil(sub.readUntil('"status":"off"'), 5_000);
    expect(framesOf(sub.received(), EventName.serverPower).at(-1)).toEqual({
      serviceId: vpsId,
      status: 'off',
    });
    sub.close();
  });

  it('is started by the dedicated and VPS routes themselves: a power action is followed to its end', async () => {
    const owner = await openEventStream(t.app, ownerToken);
    await owner.readUntil('event: ready');
    // Both machines are off after the tests above.
    for (const url of [
      `/api/services/dedicated/${dedicatedId}/power/powerOn`,
      `/api/services/vps/${vpsId}/start`,
    ]) {
      const response = await t.app.inject({ method: 'POST', url, headers: bearer(ownerToken) });
      expect(response.statusCode).toBe(200);
    }
    await advanceUntil(
      owner
        .readUntil(`{"serviceId":${dedicatedId},"status":"on"}`)
        .then(() => owner.readUntil(`{"serviceId":${vpsId},"status":"on"}`)),
      5_000,
    );
    owner.close();
  });

  it('follows a reinstall started through the VPS route, to its end', async () => {
    const owner = await openEventStream(t.app, ownerToken);
    await owner.readUntil('event: ready');
    const [template] = await t.app.ctx.providers.vps.listTemplates(2001);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/services/vps/${vpsId}/rebuild`,
      payload: {
        osid: String(template!.osid),
        password: 'Reinstall-Pass1',
        password_confirm: 'Reinstall-Pass1',
      },
      headers: bearer(ownerToken),
    });
    expect(response.statusCode).toBe(200);
    await advanceUntil(owner.readUntil('"state":"completed"'), 30_000);
    expect(framesOf(owner.received(), EventName.serverTask).at(-1)).toMatchObject({
      serviceId: vpsId,
      task: 'rebuild',
      state: 'completed',
    });
    owner.close();
  });
});
