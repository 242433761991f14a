import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';

/** A call of the API, made with a bearer token. */
export interface ApiCall {
  title: string;
  path: string;
  token: string;
}

/** A read an API call sent to PostgreSQL, with the values it was sent with. */
export interface CapturedStatement {
  text: string;
  values: unknown[];
}

/** The reads of one call, in the order the API sent them. */
export interface CapturedCall {
  title: string;
  /** The call's path and query string. */
  path: string;
  /** The answer's status code. */
  status: number;
  statements: CapturedStatement[];
}

/**
 * Runs each call once in an app of this process on the database (no jobs, no demo seed) and
 * records every read (`select` or `with`) it sends through `pg`: what the API's own code asks of
 * the database for that call, taken from the code rather than written out again.
 */
export async function captureReads(databaseUrl: string, calls: ApiCall[]): Promise<CapturedCall[]> {
  const captured: CapturedCall[] = calls.map(({ title, path }) => ({
    title,
    path,
    status: 0,
    statements: [],
  }));
  let current: CapturedStatement[] | undefined;
  const query = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0] as string | { text?: string; values?: unknown[] };
    const text = typeof config === 'string' ? config : config?.text;
    const values = (typeof config === 'object' && config?.values) || (Array.isArray(args[1]) ? args[1] : []);
    if (current && text && /^\s*(select|with)\b/i.test(text)) current.push({ text, values });
    return (query as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof query;

  const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-bench-capture-'));
  const database = await openDatabase({ url: databaseUrl });
  const app = await buildApp(
    loadConfig({
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      SEED_DEMO: 'false',
      JOBS_ENABLED: 'false',
      BILLING_CYCLE_CRON: 'off',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      RATE_LIMIT_PER_MINUTE: '1000000',
    }),
    database,
  );
  try {
    for (const [index, call] of calls.entries()) {
      current = captured[index]!.statements;
      const answer = await app.inject({
        method: 'GET',
        url: call.path,
        headers: { authorization: `Bearer ${call.token}` },
      });
      current = undefined;
      captured[index]!.status = answer.statusCode;
    }
  } finally {
    pg.Client.prototype.query = query;
    await app.close();
    await database.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
  return captured;
}
