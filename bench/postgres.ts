import pg from 'pg';

/** The PostgreSQL server of the bench: BENCH_DATABASE_URL, else the machine's own. */
export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

export interface ScratchDatabase {
  url: string;
  drop(): Promise<void>;
}

/**
 * A new, empty database on the bench's PostgreSQL server, or undefined when no server answers
 * (the PostgreSQL figures are then left out). `drop()` removes it again.
 */
export async function scratchPostgresDatabase(label: string): Promise<ScratchDatabase | undefined> {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL, connectionTimeoutMillis: 2_000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `rackdesk_bench_${label}_${process.pid}`;
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name}`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
      await client.connect();
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await client.end();
      }
    },
  };
}
