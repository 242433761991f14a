import pino from 'pino';
import { createAppContext } from '../app-context.ts';
import { loadConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { printDemoCredentials, seedDemo } from './demo.ts';

/** `npm run seed`: migrates and creates the demo data in the configured database. */
const config = loadConfig();
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
try {
  await database.migrate();
  const ctx = createAppContext(config, database, pino({ level: config.logLevel }));
  const created = await seedDemo(ctx);
  if (!created) process.stdout.write('The demo data already exists; nothing changed.\n');
  printDemoCredentials(config.publicUrl);
} finally {
  await database.close();
}
