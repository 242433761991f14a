import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { printDemoCredentials, seedDemoIfWanted } from './seed/demo.ts';

/** Entry point: configuration → database → migrations → demo data → app → listen. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
await database.migrate();
const app = await buildApp(config, database);
const seeded = await seedDemoIfWanted(app.ctx, config);

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL server' },
  `Rackdesk is running on ${config.publicUrl}`,
);
if (seeded) printDemoCredentials(config.publicUrl);
