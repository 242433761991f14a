import { appendFileSync } from 'node:fs';
import fc from 'fast-check';
import { bearer } from '../fixtures.ts';
import type { TestApp } from '../test-app.ts';
import { answerProblems } from './answer-checks.ts';
import { changedTables, type DatabaseDigest } from './database-digest.ts';
import type { FuzzCaller } from './fuzz-fixtures.ts';
import {
  type FuzzKind,
  type FuzzRequest,
  type FuzzSources,
  fuzzRequests,
  preview,
  takesKind,
} from './fuzz-requests.ts';
import type { InputRoute } from './input-routes.ts';

/** A file to write every request and its answer to, one line each (tab-separated), to see what a run sends. */
const trace = process.env.FUZZ_TRACE;

export interface FuzzFinding {
  route: string;
  /** Replays this request alone: FUZZ_SEED=seed and the same route's sample `index`. */
  seed: number;
  index: number;
  request: string;
  status: number;
  problems: string[];
  answer: string;
}

export interface FuzzTally {
  kind: FuzzKind;
  routes: number;
  requests: number;
  /** Answers by status code. */
  statuses: Record<string, number>;
  /** How often a fuzzed call ended the caller's own session (a real one named in a path). */
  renewedSessions: number;
  seconds: number;
}

/**
 * Sends at least `total` requests with `kind` fuzzed, spread evenly over the routes that read that
 * kind of input, and checks each answer and, after a 4xx, that the database did not change. Every
 * route gets a seed of its own derived from `seed`, so one route's requests do not depend on how
 * many the others got.
 */
export async function fuzzKind(
  t: TestApp,
  caller: FuzzCaller,
  digest: DatabaseDigest,
  options: { routes: InputRoute[]; kind: FuzzKind; seed: number; total: number; sources: FuzzSources },
): Promise<{ tally: FuzzTally; findings: FuzzFinding[] }> {
  const started = performance.now();
  const { kind, seed } = options;
  const routes = options.routes.filter((route) => takesKind(route, kind));
  const perRoute = Math.ceil(options.total / routes.length);
  const tally: FuzzTally = {
    kind,
    routes: routes.length,
    requests: 0,
    statuses: {},
    renewedSessions: 0,
    seconds: 0,
  };
  const findings: FuzzFinding[] = [];
  // Strings sent in this run: a stored one may come back in a later answer (a key's title).
  const echoes = new Set<string>();
  let state = await digest.take();

  for (const [routeIndex, route] of routes.entries()) {
    const routeSeed = seed + routeIndex;
    const requests = fc.sample(fuzzRequests(route, kind, options.sources), {
      seed: routeSeed,
      numRuns: perRoute,
    });
    for (const [index, request] of requests.entries()) {
      for (const text of request.sent) echoes.add(text);
      const answer = await send(t, caller, request);
      tally.requests += 1;
      const status = String(answer.statusCode);
      tally.statuses[status] = (tally.statuses[status] ?? 0) + 1;
      const problems = answerProblems(answer, echoes);
      if (trace) {
        const line = [route.name, answer.statusCode, request.description, request.payload ?? '', answer.body];
        appendFileSync(
          trace,
          `${line.map((part) => preview(String(part)).replaceAll(/\s/g, ' ')).join('\t')}\n`,
        );
      }

      const after = await digest.take();
      const changed = changedTables(state, after);
      if (answer.statusCode >= 400 && answer.statusCode < 500 && changed.length > 0) {
        problems.push(`${answer.statusCode} changed ${changed.join(', ')}`);
      }
      state = after;
      if (answer.statusCode === 401 && !request.asGuest && !(await signedIn(t, caller))) {
        await caller.renew();
        tally.renewedSessions += 1;
        state = await digest.take();
      }
      if (problems.length > 0) {
        findings.push({
          route: route.name,
          seed: routeSeed,
          index,
          request: `${request.method} ${preview(request.url)} ${request.description} ${preview(request.payload ?? '')}`,
          status: answer.statusCode,
          problems,
          answer: preview(answer.body),
        });
      }
    }
  }
  tally.seconds = Math.round((performance.now() - started) / 100) / 10;
  return { tally, findings };
}

function send(t: TestApp, caller: FuzzCaller, request: FuzzRequest) {
  return t.app.inject({
    method: request.method as 'GET',
    url: request.url,
    headers: { ...request.headers, ...(request.asGuest ? {} : bearer(caller.token)) },
    ...(request.payload !== undefined && { payload: request.payload }),
  });
}

async function signedIn(t: TestApp, caller: FuzzCaller): Promise<boolean> {
  const answer = await t.app.inject({ method: 'GET', url: '/api/user', headers: bearer(caller.token) });
  return answer.statusCode === 200;
}
