import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessions, users } from '../src/db/schema/index.ts';
import { answerProblems } from './support/fuzz/answer-checks.ts';
import {
  CHANGES_ON_ANY_CALL,
  changedTables,
  type DatabaseDigest,
  databaseDigest,
} from './support/fuzz/database-digest.ts';
import { type FuzzCaller, fuzzCaller } from './support/fuzz/fuzz-fixtures.ts';
import { FUZZ_KINDS, type FuzzSources, takesKind } from './support/fuzz/fuzz-requests.ts';
import { type FuzzTally, fuzzKind } from './support/fuzz/fuzz-runner.ts';
import { type InputRoute, inputRoutes, registeredRoutes } from './support/fuzz/input-routes.ts';
import { gatewayEnv } from './support/gateways.ts';
import { startSimulator, type TestSimulator } from './support/simulator.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/**
 * Schema fuzzing (issue 19 §3): every route that reads a body, a query string or a path gets
 * requests generated from its own schemas, near-valid ones (one field wrong, missing or extra)
 * and wholly random ones (anything, invalid JSON, a wrong content type, nothing). Whatever is
 * sent, the answer is below 500, leaks no stack trace, source path or SQL, an error has the
 * API's error body, and a refused (4xx) call leaves the database as it was.
 *
 * The seed is fixed so that every run sends the same requests; FUZZ_SEED picks another one, and
 * FUZZ_ROUTE (part of a route's name, e.g. "POST /api/ssh-keys") narrows a replay to one route,
 * and FUZZ_TRACE=file writes every request and its answer to that file.
 */
// Issue 19, §3: any fixed number would do.
const SEED = Number(process.env.FUZZ_SEED ?? 1903);
const PER_KIND = 510;
const onlyRoute = process.env.FUZZ_ROUTE;
// A hang guard only: a run takes about a minute.
const KIND_TIMEOUT_MS = 600_000;

describe('schema fuzzing of every route that takes input', () => {
  let sim: TestSimulator;
  let t: TestApp;
  let caller: FuzzCaller;
  let digest: DatabaseDigest;
  let routes: InputRoute[];
  let sources: FuzzSources;
  const tallies: FuzzTally[] = [];

  beforeAll(async () => {
    sim = await startSimulator();
    t = await createTestApp({
      ...sim.env,
      // Every gateway played by the sandbox, so that a pay call reaches its rules, not "unavailable".
      ...gatewayEnv(sim.url),
      // Nothing may write behind the fuzzer's back between a call and the digest that follows it.
      JOBS_ENABLED: 'false',
      // Limits would answer 429 before most input is read: the fuzzer is one caller on one address.
      RATE_LIMIT_PER_MINUTE: '1000000',
      LOGIN_LIMIT_PER_ADDRESS: '1000000',
      REGISTER_LIMIT_PER_ADDRESS: '1000000',
    });
    caller = await fuzzCaller(t, sim);
    digest = await databaseDigest(t);
    const found = await inputRoutes(t.app);
    routes = found.routes.filter((route) => !onlyRoute || route.name.includes(onlyRoute));
    sources = { resolve: found.resolve, realValues: caller.realValues, fieldHints: caller.fieldHints };
    console.log(
      `schema fuzzing: seed ${SEED}, ${found.routes.length} routes take input; database digest of ${digest.tables.length} tables (not ${Object.keys(CHANGES_ON_ANY_CALL.tables).join(', ')})`,
    );
  }, 120_000);
  afterAll(async () => {
    for (const tally of tallies) {
      console.log(
        `schema fuzzing: ${tally.requests} ${tally.kind} values over ${tally.routes} routes in ${tally.seconds} s, answers ${JSON.stringify(tally.statuses)}, sessions renewed ${tally.renewedSessions}`,
      );
    }
    await t?.close();
    await sim?.close();
  });

  it('finds every route that takes input in the running app', () => {
    const registered = new Set(registeredRoutes(t.app).map(({ method, path }) => `${method} ${path}`));
    for (const route of routes) expect(registered, route.name).toContain(route.name);
    expect(routes.length).toBeGreaterThan(onlyRoute ? 0 : 100);
    if (onlyRoute) return;
    for (const kind of FUZZ_KINDS)
      expect(
        routes.some((route) => takesKind(route, kind)),
        kind,
      ).toBe(true);
  });

  it('notices a 500, a leak, an error body of another shape and a change of state', async () => {
    const json = { 'content-type': 'application/json; charset=utf-8' };
    const answer = (statusCode: number, body: unknown) => ({
      statusCode,
      headers: json,
      body: JSON.stringify(body),
    });
    expect(answerProblems(answer(500, { message: 'An internal error occurred.' }), [])).toEqual([
      'status 500',
    ]);
    const leak =
      'relation "users" does not exist\n    at Parser.parseErrorMessage (node_modules/pg/lib/parser.ts:1:1)';
    expect(answerProblems(answer(400, { message: leak }), []).length).toBeGreaterThanOrEqual(4);
    expect(answerProblems(answer(422, { message: 'select * from users' }), [])).toHaveLength(1);
    // What the caller sent may come back (a search term, a title) without being a leak.
    expect(
      answerProblems(answer(422, { message: 'No key named select * from users.' }), ['select * from users']),
    ).toEqual([]);
    expect(answerProblems(answer(404, { error: 'not_found' }), [])).toEqual([
      'error body without the error shape',
    ]);
    expect(answerProblems({ statusCode: 415, headers: {}, body: 'Unsupported' }, [])).toHaveLength(2);

    const before = await digest.take();
    await t.database.db.update(users).set({ lastname: 'Changed' }).where(eq(users.id, caller.userId));
    await t.database.db.update(sessions).set({ lastUsedAt: new Date(0) });
    expect(changedTables(before, await digest.take())).toEqual(['users']);
  });

  for (const kind of FUZZ_KINDS) {
    it(
      `answers ${PER_KIND} fuzzed ${kind} values below 500, without leaks, and changes nothing on a 4xx`,
      async () => {
        const { tally, findings } = await fuzzKind(t, caller, digest, {
          routes,
          kind,
          seed: SEED,
          total: onlyRoute ? 50 : PER_KIND,
          sources,
        });
        tallies.push(tally);
        if (!onlyRoute) expect(tally.requests).toBeGreaterThanOrEqual(PER_KIND);
        expect(findings).toEqual([]);
      },
      KIND_TIMEOUT_MS,
    );
  }
});
