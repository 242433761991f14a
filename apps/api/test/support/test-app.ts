import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadConfig } from '../../src/config.ts';
import { type Database, openDatabase } from '../../src/db/client.ts';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  dataDir: string;
  close(): Promise<void>;
}

/** Settings for tests that wait on jobs: workers and the schedule check look often. */
export const quickJobs = { JOBS_POLL_SECONDS: '0.5', JOBS_CRON_CHECK_SECONDS: '1' };

/** A database that outlives the apps built on it, for restart and two-instance tests. */
export interface TestDatabase {
  /** A connection of its own, as a separate server process would open. */
  open(): Promise<Database>;
  drop(): Promise<void>;
}

/**
 * Builds the real app on a fresh, migrated database: its own (an in-memory PGlite, or a new
 * database on the PostgreSQL server of TEST_DATABASE_URL, dropped again on close), or `shared`.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  shared?: TestDatabase,
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-test-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'test-secret-test-secret-test-secret-0123',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    PUBLIC_URL: 'http://rackdesk.test',
    CAPTCHA_COST: '1',
    CAPTCHA_COUNTER_MAX: '10',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    // The billing cycle runs when a test asks (ctx.billingCycle.run()), never on a tick that would
    // raise invoices or suspend services in the middle of another test.
    BILLING_CYCLE_CRON: 'off',
    // Every answer a test sees is checked by zod and written the production way too: they must agree.
    RESPONSE_SERIALIZER: 'checked',
    ...env,
  });
  const target = shared ?? (onPostgres() ? await createServerDatabase() : inMemoryDatabase);
  const database = await target.open();
  await database.migrate();
  const app = await buildApp(config, database);
  await app.ready();
  return {
    app,
    database,
    dataDir,
    async close() {
      await app.close();
      await database.close();
      if (!shared) await target.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, or an embedded one in a folder of
 * its own (so that it survives the app that closes it), loaded from the migrated template.
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  return onPostgres() ? createServerDatabase() : createPgliteFolderDatabase();
}

const onPostgres = () => process.env.TEST_DB_KIND === 'postgres';

const template = () => new Blob([readFileSync(inject('pgliteTemplate'))]);

const inMemoryDatabase: TestDatabase = {
  open: () => openDatabase({ pgliteLoadFrom: template() }),
  drop: async () => {},
};

function createPgliteFolderDatabase(): TestDatabase {
  const folder = mkdtempSync(path.join(tmpdir(), 'rackdesk-test-db-'));
  const pgliteDir = path.join(folder, 'db');
  let created = false;
  return {
    async open() {
      const pgliteLoadFrom = created ? undefined : template();
      created = true;
      return openDatabase({ pgliteDir, pgliteLoadFrom });
    },
    async drop() {
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

async function createServerDatabase(): Promise<TestDatabase> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) throw new Error('TEST_DB_KIND=postgres needs TEST_DATABASE_URL');
  const name = `rackdesk_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    open: () => openDatabase({ url: url.toString() }),
    async drop() {
      const client = new pg.Client({ connectionString: serverUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
