import { statfsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { sql } from 'drizzle-orm';
import { loadConfig } from '../../config.ts';
import { type Database, openDatabase, queryRows } from '../../db/client.ts';
import { scaleAccounts } from './customers.ts';
import { describeSizes, parseSizes } from './scale-options.ts';
import { seedScale } from './seed-scale.ts';

/**
 * `npm run seed:scale -- --customers 100000 --services 1000000 --invoices 10000000 [--database URL]`:
 * migrates the database (DATABASE_URL, or the embedded one for small sizes) and fills it.
 */
const { values } = parseArgs({
  options: {
    database: { type: 'string' },
    customers: { type: 'string' },
    services: { type: 'string' },
    invoices: { type: 'string' },
    'tickets-per-customer': { type: 'string' },
    'big-services': { type: 'string' },
    'big-invoices': { type: 'string' },
    'big-tickets': { type: 'string' },
  },
  strict: true,
});
const sizes = parseSizes(values);
const config = loadConfig();
const url = values.database ?? config.databaseUrl;
const database = await openDatabase({ url, pgliteDir: `${config.dataDir}/db` });
const seconds = (milliseconds: number) => `${(milliseconds / 1000).toFixed(1).padStart(7)} s`;
try {
  const started = performance.now();
  await database.migrate();
  console.log(`${seconds(performance.now() - started)}  migrations`);
  console.log(describeSizes(sizes));
  const seeded = await seedScale(database, sizes, (step, ms) => console.log(`${seconds(ms)}  ${step}`));
  if (seeded) console.log(`${seconds(performance.now() - started)}  in all`);
  else console.log('This database holds the scale data already; nothing changed.');
  await printDiskUse(database);
  console.log(`
Sign in as:
  small account  ${scaleAccounts.small.email} / ${scaleAccounts.small.password}
  big account    ${scaleAccounts.big.email} / ${scaleAccounts.big.password}
  staff          ${scaleAccounts.staff.email} / ${scaleAccounts.staff.password}
  any customer   (e-mail from the users table) / ${scaleAccounts.customers.password}`);
} finally {
  await database.close();
}

async function printDiskUse(database: Database) {
  const [size] = await queryRows<{ size: string }>(
    database.db,
    sql`select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  console.log(`\nDatabase size: ${size!.size}`);
  if (database.kind !== 'postgres') return;
  try {
    const [setting] = await queryRows<{ dir: string }>(
      database.db,
      sql`select current_setting('data_directory') as dir`,
    );
    const disk = statfsSync(setting!.dir);
    const gb = (blocks: number) => ((blocks * disk.bsize) / 1024 ** 3).toFixed(1);
    console.log(`Disk of ${setting!.dir}: ${gb(disk.bavail)} GB free of ${gb(disk.blocks)} GB`);
  } catch {
    // The server is elsewhere or its data directory is not readable here: only its size is known.
  }
}
