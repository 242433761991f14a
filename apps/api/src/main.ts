import { pino } from 'pino';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startSimulatorIfNeeded } from './providers/simulator.ts';
import { printDemoCredentials, seedDemoIfWanted } from './seed/demo.ts';
import { ensureDemoCard } from './seed/demo-card.ts';
import { ensureDemoMachines } from './seed/demo-machines.ts';

/** Entry point: configuration → simulator → database → migrations → app → demo data → listen. */
const baseConfig = loadConfig();
const { config, simulator } = await startSimulatorIfNeeded(baseConfig, pino({ level: baseConfig.logLevel }));
const database = await openDatabase({ url: config.databaseUrl, pgliteDir: `${config.dataDir}/db` });
await database.migrate();
const app = await buildApp(config, database);
const seeded = await seedDemoIfWanted(app.ctx, config);
if (simulator && config.seedDemo !== 'never') {
  await ensureDemoMachines(simulator.url);
  if (config.payments.stripe.url === simulator.url) await ensureDemoCard(app.ctx, app.log);
}

const shutdown = async (signal: string) => {
  app.log.info({ signal }, 'shutting down');
  await app.close();
  await simulator?.close();
  await database.close();
  process.exit(0);
};
process.once('SIGINT', () => void shutdown('SIGINT'));
process.once('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Played by the simulator, Stripe learns where to send its webhooks from the panel itself.
await app.ctx.cardGateway.registerSandboxWebhook(config.payments.callbackUrl);
app.log.info(
  {
    database: database.kind === 'pglite' ? `embedded PGlite in ${config.dataDir}/db` : 'PostgreSQL server',
    jobs: config.jobs.workersEnabled ? 'run here' : 'enqueued only (JOBS_ENABLED=false)',
  },
  `Rackdesk is running on ${config.publicUrl}`,
);
if (seeded) printDemoCredentials(config.publicUrl);
