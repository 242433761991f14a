import type { FastifySchema } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../src/http/route-table.ts';
import { routeChanges } from '../src/http/token-access.ts';
import { bearer } from './support/fixtures.ts';
import { gatewayEnv } from './support/gateways.ts';
import {
  bodyOf,
  fillPath,
  kindOf,
  type ObjectKind,
  type PreparedBodies,
  queryOf,
} from './support/matrix-requests.ts';
import {
  answerMatches,
  type Expected,
  expectedAnswer,
  type MatrixCaller,
  type Target,
} from './support/matrix-rule.ts';
import {
  type AccountObjects,
  createMatrixWorld,
  type MatrixWorld,
  missingObjects,
} from './support/matrix-world.ts';
import { vpsOrder } from './support/orders.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { watchDatabase, watchSimulator } from './support/state-digest.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * The authorization matrix generated from the routes themselves: every API route the app
 * registered × every kind of caller × A's, B's and a missing object of the route's kind. Each
 * answer is compared with what the route's declaration (`config.access`, and whether it changes
 * state) implies (support/matrix-rule.ts), and after every refused call the database and the
 * simulator are as they were.
 */

/** Run last, in this order: each ends sessions that the probes of other routes use. */
const lastRoutes = ['POST /api/sessions/revoke-others', 'POST /api/logout'];

interface Probe {
  caller: MatrixCaller;
  target: Target;
  expected: Expected;
}

const nameOf = (route: { method: string; url: string }) => `${route.method} ${route.url}`;

describe('the generated authorization matrix', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let world: MatrixWorld;
  let prepared: PreparedBodies;

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({
      ...sim.env,
      ...gatewayEnv(sim.url),
      // Thousands of calls from the one test address, and the sign-ins of every caller.
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      // No job runs behind the probes' backs: what a state check sees is what the call did.
      JOBS_ENABLED: 'false',
    });
    world = await createMatrixWorld(t, sim);
    prepared = { order: await vpsOrder(t), login: world.signIn };
  }, 120_000);
  afterAll(async () => {
    await t?.close();
    await sim?.close();
  });

  it('answers every route, caller and object as the declarations say, and refusals change nothing', async () => {
    const routes = t.app.routeTable.filter(
      // HEAD routes are the GET routes' own twins (Fastify adds them).
      (route) => route.url.startsWith('/api/') && route.method !== 'HEAD',
    );
    const undeclared = routes.filter((route) => route.config.access === undefined).map(nameOf);
    expect(undeclared, 'routes with no config.access').toEqual([]);
    const ordered = [
      ...routes.filter((route) => !lastRoutes.includes(nameOf(route))),
      ...lastRoutes.map((name) => routes.find((route) => nameOf(route) === name)!),
    ];

    const databaseChanges = await watchDatabase(t);
    const simulatorChanges = watchSimulator(sim);
    let snapshotMs = 0;
    /** What changed in the database and the simulator since the last look. */
    const stateChangesSinceLastLook = async () => {
      const started = performance.now();
      const changes = await Promise.all([databaseChanges(), simulatorChanges()]);
      snapshotMs += performance.now() - started;
      return changes.flat();
    };
    const mismatches: string[] = [];
    const stateChanges: string[] = [];
    const counts = {
      routes: ordered.length,
      callers: world.callers.length,
      probes: 0,
      denied: 0,
      allowed: 0,
      stateChecks: 0,
    };

    const objectsOf = (target: Target): AccountObjects =>
      target === 'missing' ? missingObjects : world.objects[target === 'B' ? 'B' : 'A'];

    for (const route of ordered) {
      const kind = kindOf(route.method, route.url);
      const access = route.config.access!;
      const changes = routeChanges(route.method, route.config);
      const targets: Target[] =
        !kind || kind.accountLevel ? ['none'] : kind.unowned ? ['none', 'missing'] : ['A', 'B', 'missing'];
      const probes: Probe[] = world.callers.flatMap((caller) =>
        targets.map((target) => ({
          caller,
          target,
          expected: expectedAnswer({ access, changes }, caller, target, kind ?? {}),
        })),
      );
      // Refused probes first, while every object is as it was made.
      // Whatever the calls before started upstream ends now, not while a refused call is watched.
      await world.settle();
      await stateChangesSinceLastLook();
      for (const probe of probes.filter((candidate) => !candidate.expected.allowed)) {
        const answer = await send(route, probe);
        counts.denied += 1;
        check(route, probe, answer);
        const changed = await stateChangesSinceLastLook();
        counts.stateChecks += 1;
        if (changed.length > 0) {
          stateChanges.push(
            `${nameOf(route)} as ${probe.caller.name} on ${probe.target}: ${changed.join(', ')}`,
          );
        }
      }
      for (const probe of probes.filter((candidate) => candidate.expected.allowed)) {
        if (probe.target === 'A' || probe.target === 'B') await world.prepare(nameOf(route), probe.target);
        const answer = await send(route, probe);
        counts.allowed += 1;
        check(route, probe, answer);
        await renewConsumed(route, kind, probe, answer.status);
      }
      counts.probes += probes.length;
    }

    console.log(
      `generated authorization matrix: ${counts.routes} routes, ${counts.callers} callers, ${counts.probes} probes ` +
        `(${counts.denied} refused, ${counts.allowed} allowed), ${counts.stateChecks} state checks (${Math.round(snapshotMs)} ms)`,
    );
    // Both lists at once: a refusal that went missing usually changed something too.
    expect(
      { mismatches, refusedCallsThatChangedState: stateChanges },
      `${mismatches.length} answers differ from the declarations, ${stateChanges.length} refused calls changed the state`,
    ).toEqual({ mismatches: [], refusedCallsThatChangedState: [] });
    expect(counts.probes).toBeGreaterThanOrEqual(4000);

    async function send(route: RegisteredRoute, probe: Probe) {
      const objects = objectsOf(probe.target);
      const token = world.tokenOf(probe.caller);
      const schema = route.schema as (FastifySchema & { body?: unknown }) | undefined;
      const payload = bodyOf({ ...route, hasBody: Boolean(schema?.body) }, objects, prepared);
      const query = queryOf(route.method, route.url, objects);
      const response = await t.app.inject({
        method: route.method as 'GET',
        url: fillPath(route.url, kind(route), objects),
        ...(query && { query }),
        headers: token ? bearer(token) : {},
        ...(payload && { payload }),
        // A stream stays open: its status and headers are its answer.
        ...(route.streams && { payloadAsStream: true }),
      });
      const body = await bodyText(response, route.streams);
      const json = response.headers['content-type']?.toString().startsWith('application/json');
      const error = json ? (JSON.parse(body) as { error?: string }).error : undefined;
      return { status: response.statusCode, error, body: body.slice(0, 200) };
    }

    /** The answer's body; an open stream (a stream that was let in) is left unread. */
    async function bodyText(response: Awaited<ReturnType<typeof t.app.inject>>, streams: boolean) {
      if (!streams) return response.body;
      const stream = response.stream();
      if (response.statusCode === 200) {
        stream.destroy();
        return '';
      }
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(Buffer.from(chunk));
      return Buffer.concat(chunks).toString();
    }

    function check(
      route: RegisteredRoute,
      probe: Probe,
      answer: { status: number; error?: string; body: string },
    ) {
      if (answerMatches(probe.expected, probe.target, answer)) return;
      const wanted = probe.expected.allowed
        ? 'not refused'
        : `${probe.expected.status}${'error' in probe.expected ? ` ${probe.expected.error}` : ''}`;
      mismatches.push(
        `${nameOf(route)} as ${probe.caller.name} on ${probe.target}: expected ${wanted}, got ${answer.status} ${answer.body}`,
      );
    }

    /** A call that deleted its object: the object is made again, for the probes after it. */
    async function renewConsumed(
      route: RegisteredRoute,
      kind: ObjectKind | undefined,
      probe: Probe,
      status: number,
    ) {
      const consumes =
        kind?.consumedBy?.(route.method, route.url) ??
        (route.method === 'DELETE' || route.url.endsWith('/delete'));
      if (!kind?.renewable || !consumes || status >= 300) return;
      if (probe.target === 'A' || probe.target === 'B') await world.renew(kind.renewable, probe.target);
    }

    function kind(route: RegisteredRoute) {
      return kindOf(route.method, route.url);
    }
  }, 600_000);
});
