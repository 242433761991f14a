import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { DEFAULT_SIZES, describeSizes } from '../apps/api/src/seed/scale/scale-options.ts';
import { seedScale } from '../apps/api/src/seed/scale/seed-scale.ts';
import { BENCH_DATABASE_URL } from './postgres.ts';

/**
 * The database `npm run bench -- --scale` measures: BENCH_SCALE_DATABASE_URL (say, one filled at the
 * issue's full size by `npm run seed:scale`), else `rackdesk_bench_scale` on the bench's server
 * (BENCH_DATABASE_URL), kept between runs so that it is seeded once.
 */
export function scaleDatabaseUrl(): string {
  if (process.env.BENCH_SCALE_DATABASE_URL) return process.env.BENCH_SCALE_DATABASE_URL;
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = '/rackdesk_bench_scale';
  return url.toString();
}

/**
 * Makes the bench's database ready: creates it on its server when missing, applies the migrations
 * (before the server starts, so a migration on millions of rows is not cut short by its start-up
 * wait) and seeds it with the scale seed's default sizes when it holds no scale data yet.
 */
export async function prepareScaleDatabase(url: string): Promise<void> {
  await createIfMissing(url);
  const database = await openDatabase({ url });
  try {
    await database.migrate();
    const started = performance.now();
    const seeded = await seedScale(database, DEFAULT_SIZES, (step, ms) =>
      console.log(`  ${(ms / 1000).toFixed(1).padStart(6)} s  ${step}`),
    );
    if (seeded) {
      console.log(
        `  ${describeSizes(DEFAULT_SIZES)}: ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await database.close();
  }
}

async function createIfMissing(url: string) {
  const target = new URL(url);
  const name = decodeURIComponent(target.pathname.slice(1));
  const server = new URL(url);
  server.pathname = '/postgres';
  const admin = new pg.Client({ connectionString: server.toString() });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount === 0) await admin.query(`create database ${pg.escapeIdentifier(name)}`);
  } finally {
    await admin.end();
  }
}
