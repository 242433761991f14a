import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import type { ExtractTablesWithRelations, SQL } from 'drizzle-orm';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import * as schema from './schema/index.ts';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Either the database or a transaction on it: repositories accept both. */
export type DbOrTx = Db | Tx;

/** Runs raw SQL and returns its rows; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: DbOrTx, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

interface DatabaseBase {
  db: Db;
  migrate(): Promise<void>;
  /** Subscribes to a NOTIFY channel; used by the event bus to cross API instances. */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** A copy of an embedded database's files (tests start from a migrated template). */
  dump?(): Promise<Blob>;
  close(): Promise<void>;
}

/** The embedded database; `client` is for libraries that drive PGlite themselves (the job queue). */
export interface PgliteDatabase extends DatabaseBase {
  kind: 'pglite';
  client: PGlite;
}

/** A PostgreSQL server; `url` is for libraries that keep connections of their own (the job queue). */
export interface PostgresDatabase extends DatabaseBase {
  kind: 'postgres';
  url: string;
}

export type Database = PgliteDatabase | PostgresDatabase;

const migrationsFolder = path.join(import.meta.dirname, 'migrations');

export interface DatabaseOptions {
  /** PostgreSQL server URL. Without it the embedded PGlite is used. */
  url?: string | undefined;
  /** PGlite data directory, or 'memory://' for a throwaway database. */
  pgliteDir?: string;
  /** A PGlite data dump to start from (tests use a migrated template). */
  pgliteLoadFrom?: Blob | File;
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  return options.url
    ? openPostgres(options.url)
    : openPglite(options.pgliteDir ?? 'memory://', options.pgliteLoadFrom);
}

async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: 10 });
  // An idle connection can be cut by the server (restart, admin command); the pool drops it and
  // opens another on demand. Without a listener the error would crash the process.
  const reportLostConnection = (error: Error) =>
    process.emitWarning(`PostgreSQL connection lost: ${error.message}`);
  pool.on('error', reportLostConnection);
  const db = drizzleNodePg(pool, { schema }) as unknown as Db;
  const listeners: pg.Client[] = [];
  return {
    kind: 'postgres',
    url,
    db,
    migrate: () => migrateNodePg(drizzleNodePg(pool), { migrationsFolder }),
    async listen(channel, onPayload) {
      // LISTEN needs a connection of its own: pooled connections come and go.
      const client = new pg.Client({ connectionString: url });
      client.on('error', reportLostConnection);
      await client.connect();
      client.on('notification', (msg) => {
        if (msg.channel === channel && msg.payload) onPayload(msg.payload);
      });
      await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      listeners.push(client);
      return async () => {
        listeners.splice(listeners.indexOf(client), 1);
        await client.end();
      };
    },
    async close() {
      await Promise.all(listeners.map((c) => c.end()));
      await pool.end();
    },
  };
}

async function openPglite(dataDir: string, loadDataDir?: Blob | File): Promise<Database> {
  const releaseLock = dataDir.startsWith('memory://') ? () => {} : lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir, loadDataDir ? { loadDataDir } : {});
    const db = drizzlePglite(client, { schema }) as unknown as Db;
    return {
      kind: 'pglite',
      client,
      db,
      migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
      async listen(channel, onPayload) {
        const unsubscribe = await client.listen(channel, onPayload);
        return () => unsubscribe();
      },
      dump: () => client.dumpDataDir('none'),
      async close() {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

/**
 * PGlite does not lock its directory, and two processes writing it would corrupt it.
 * A lock file holding our pid refuses a second server; a stale one (dead pid) is taken over.
 */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockFile = path.join(dataDir, '..', `${path.basename(dataDir)}.lock`);
  if (existsSync(lockFile)) {
    const pid = Number(readFileSync(lockFile, 'utf8'));
    if (pid && pid !== process.pid && isAlive(pid)) {
      throw new Error(`The embedded database in ${dataDir} is in use by process ${pid}. Stop it first.`);
    }
  }
  writeFileSync(lockFile, String(process.pid));
  return () => rmSync(lockFile, { force: true });
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}
