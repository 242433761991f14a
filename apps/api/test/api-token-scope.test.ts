import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceCancellations, sshKeys } from '../src/db/schema/index.ts';
import { createApiToken } from './support/account-callers.ts';
import { createDedicatedService, resetServer } from './support/dedicated-servers.ts';
import { openEventStream } from './support/event-stream.ts';
import { bearer, createUser, loginToken } from './support/fixtures.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';
import { createVps2Service, LONG_ENOUGH_MS } from './support/vps2-servers.ts';

/**
 * The scope of API tokens: a read-only token reads everything its owner may read and changes
 * nothing; the rule is decided per route (`config.changes`, else the method), and every route
 * of the API is classified below.
 */

interface Operation {
  security?: unknown[];
  requestBody?: unknown;
  responses: Record<string, { description: string }>;
  operationId: string;
}
type Kind = 'public' | 'session' | 'reads' | 'changes';

/** Routes whose method says otherwise than what they do, as the spec has them. */
const changingReads = [
  'GET /api/billing/payment-intent',
  'GET /api/billing/setup-intent',
  'GET /api/services/dedicated/{id}/console',
  'GET /api/services/dedicated/{id}/rebuild/stop',
  'GET /api/services/vps/v2/{id}/backup/toggle',
  'GET /api/services/vps/v2/{id}/vnc',
  'GET /api/services/vps/{id}/vnc',
];
const readingWrites = ['POST /api/services/dedicated/{id}/power/status'];

const KEY = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAINENfB9+P1xBM1794XVT6vgMqo1mbDk8mteDcY9QwKki test@example';
const VMID = 7601;
const SERVER = 1161;

describe('API token scope', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let ownerId: number;
  let session: string;
  let readToken: string;
  let fullToken: string;
  let vps2: number;
  let dedicated: number;
  let routes: { name: string; kind: Kind; operation: Operation }[];

  const call = (token: string, method: string, url: string, payload?: object) =>
    t.app.inject({
      method: method as 'GET',
      url: `/api${url}`,
      headers: bearer(token),
      ...(payload ? { payload } : {}),
    });
  const vmStatus = async () =>
    (await call(session, 'GET', `/services/vps/v2/${vps2}`)).json().vps.status as string;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp(sim.env);
    const owner = await createUser(t);
    ownerId = owner.id;
    session = await loginToken(t.app, owner.email, owner.password);
    readToken = (await createApiToken(t.app, session, { description: 'Monitoring', scope: 'read' })).token;
    fullToken = (await createApiToken(t.app, session, { description: 'Automation' })).token;
    vps2 = (await createVps2Service(t, sim, owner.id, VMID)).id;
    await resetServer(sim, SERVER);
    dedicated = (await createDedicatedService(t, owner.id, SERVER)).id;

    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    routes = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => {
        const refusals = operation.responses['403']?.description ?? '';
        const kind: Kind =
          operation.security?.length === 0
            ? 'public'
            : refusals.includes('`session_required`')
              ? 'session'
              : refusals.includes('`read_only_token`')
                ? 'changes'
                : 'reads';
        return { name: `${method.toUpperCase()} ${path}`, kind, operation };
      }),
    );
  });
  afterAll(async () => {
    await t.close();
    await sim.close();
  });

  // A new route fails this test until its line is looked at (is it a read or a change?) and the
  // list rewritten: `npx vitest run --project api apps/api/test/api-token-scope.test.ts -u`.
  it('classifies every route of the API; a new one changes this list and must be looked at', async () => {
    const listing = routes.map(({ name, kind }) => `${name}: ${kind}`).sort();
    await expect(`${listing.join('\n')}\n`).toMatchFileSnapshot('./route-classification.txt');
  });

  it('decides by the method but for the routes the spec gives another one', () => {
    const byMethod = (name: string) => (/^(GET|HEAD) /.test(name) ? 'reads' : 'changes');
    const exceptions = routes
      .filter(({ kind }) => kind === 'reads' || kind === 'changes')
      .filter(({ name, kind }) => byMethod(name) !== kind)
      .map(({ name }) => name)
      .sort();
    expect(exceptions).toEqual([...changingReads, ...readingWrites].sort());
  });

  it('refuses a read-only token on every changing route, before the input is read', async () => {
    const changing = routes.filter(({ kind }) => kind === 'changes');
    expect(changing.length).toBeGreaterThan(30);
    for (const { name } of changing) {
      const [method, path] = name.split(' ') as [string, string];
      const response = await t.app.inject({
        method: method as 'POST',
        url: path.replaceAll(/\{\w+\}/g, String(vps2)),
        headers: bearer(readToken),
      });
      expect(response.statusCode, name).toBe(403);
      expect(response.json(), name).toEqual({
        error: 'read_only_token',
        message: 'This API token is read-only.',
      });
    }
  });

  it('lets a read-only token through on every reading route', async () => {
    const reading = routes.filter(
      ({ kind, operation }) => kind === 'reads' && operation.operationId !== 'streamEvents',
    );
    expect(reading.length).toBeGreaterThan(20);
    for (const { name } of reading) {
      const [method, path] = name.split(' ') as [string, string];
      const response = await t.app.inject({
        method: method as 'GET',
        url: path.replaceAll(/\{\w+\}/g, '999999'),
        headers: bearer(readToken),
      });
      // No such service here: whatever the answer, it is not the read-only refusal.
      expect(response.json().error, name).not.toBe('read_only_token');
    }
  });

  it('reads the services list, a server page, its power state and the event stream', async () => {
    const list = await call(readToken, 'GET', '/services');
    expect(list.statusCode).toBe(200);
    expect(list.json().products.product.map((p: { id: number }) => p.id)).toEqual([vps2, dedicated]);
    const page = await call(readToken, 'GET', `/services/vps/v2/${vps2}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().vps.status).toBe('running');
    const power = await call(readToken, 'POST', `/services/dedicated/${dedicated}/power/status`);
    expect(power.statusCode, power.body).toBe(200);
    expect(power.json().status).toBe('online');
    const events = await openEventStream(t.app, readToken);
    await events.readUntil('event: ready');
    events.close();
  });

  it('cannot power a server, cancel a service or change anything else, and nothing changes', async () => {
    const refused = async (method: string, url: string, payload?: object) => {
      const response = await call(readToken, method, url, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().error).toBe('read_only_token');
    };
    await refused('POST', `/services/vps/v2/${vps2}/powerOff`);
    await sim.advance(LONG_ENOUGH_MS);
    expect(await vmStatus()).toBe('running');

    await refused('POST', `/services/dedicated/${dedicated}/power/powerOff`);
    expect((await call(session, 'POST', `/services/dedicated/${dedicated}/power/status`)).json().status).toBe(
      'online',
    );

    await refused('POST', `/services/${vps2}/cancel`, { reason: 'Not needed', type: 'Immediate' });
    const cancellations = await t.database.db
      .select()
      .from(serviceCancellations)
      .where(eq(serviceCancellations.serviceId, vps2));
    expect(cancellations).toEqual([]);

    // A changing GET.
    await refused('GET', `/services/vps/v2/${vps2}/backup/toggle`);
    expect((await call(session, 'GET', `/services/vps/v2/${vps2}/backup/check`)).json()).toEqual({
      isEnabled: 0,
    });

    const hostname = (await call(session, 'GET', `/services/vps/v2/${vps2}`)).json().vps.hostname;
    await refused('PATCH', `/services/vps/v2/${vps2}/hostname`, { hostname: 'renamed.example.net' });
    expect((await call(session, 'GET', `/services/vps/v2/${vps2}`)).json().vps.hostname).toBe(hostname);

    await refused('POST', '/ssh-keys', { title: 'Sneaky', publicKey: KEY });
    // Refused before its input is read: a bad body gets the same answer.
    await refused('POST', '/ssh-keys', { title: '' });
    expect(await t.database.db.select().from(sshKeys).where(eq(sshKeys.userId, ownerId))).toEqual([]);
  });

  it('a full token does what its owner may: it powers the server off', async () => {
    const response = await call(fullToken, 'POST', `/services/vps/v2/${vps2}/powerOff`);
    expect(response.statusCode, response.body).toBe(200);
    await sim.advance(LONG_ENOUGH_MS);
    expect(await vmStatus()).toBe('stopped');
  });
});
