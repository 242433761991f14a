import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';
import { ownServer, serverOf, workerCount } from './servers.ts';

const here = path.dirname(fileURLToPath(import.meta.url));

// The config is loaded again in every worker process, which inherits the environment: choose the
// ports and clean the data directories once, before the servers start. A random first port (unless
// E2E_PORT says otherwise) lets two runs share a machine; each gets its own data directories.
if (!process.env.RACKDESK_E2E_PORT) {
  process.env.RACKDESK_E2E_PORT = process.env.E2E_PORT ?? String(20_000 + Math.floor(Math.random() * 20_000));
  process.env.RACKDESK_E2E_DATA_DIR = path.join(here, '.data', process.env.RACKDESK_E2E_PORT);
  for (let index = 0; index < workerCount; index += 1) {
    rmSync(serverOf(index).dataDir, { recursive: true, force: true });
  }
}
const FIRST_PORT = Number(process.env.RACKDESK_E2E_PORT);

/** The production server, as plain Node on the compiled bundle, so the journeys also prove the build. */
const SERVE = 'exec node --enable-source-maps apps/api/dist/main.js';

export default defineConfig({
  testDir: './tests',
  // Per run, like the data directory: a concurrent run must not clear this one's traces.
  outputDir: path.join(here, 'test-results', String(FIRST_PORT)),
  // Files run side by side, each worker against its own server; the tests of a file run in order
  // in one worker (some files are serial journeys through one account's state).
  fullyParallel: false,
  workers: workerCount,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  // CI runs two workers, their two servers and PostgreSQL on two cores: a journey that takes 8 s
  // on an idle machine (the authenticator one: four sign-ins) has been seen past 30 s there.
  // A page's first data on such a machine, just after both servers started, has been seen past
  // 10 s (the account pages' 'Loading' in a full run, while they pass alone in 5–20 s).
  timeout: 60_000,
  expect: { timeout: 20_000 },
  use: {
    ...devices['Desktop Chrome'],
    // Worker processes load this config after Playwright set their TEST_PARALLEL_INDEX.
    baseURL: `http://localhost:${ownServer().port}`,
    trace: 'retain-on-failure',
    launchOptions: {
      executablePath: '/usr/bin/chromium',
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  // Started one after the other: the first builds (when its sources changed; a no-op after
  // `npm run test:e2e`'s build), the others start from its output.
  webServer: Array.from({ length: workerCount }, (_, index) => {
    const { port, dataDir, datacenterPort } = serverOf(index);
    return {
      command: index === 0 ? `npm run build && ${SERVE}` : SERVE,
      cwd: path.join(here, '..'),
      url: `http://localhost:${port}/api/health`,
      reuseExistingServer: false,
      // Room for a build first when the sources changed and `npm run test:e2e` did not build them.
      timeout: 300_000,
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
      env: {
        DATA_DIR: dataDir,
        PORT: String(port),
        SEED_DEMO: 'true',
        // As in production: answers go through the compiled serialiser (RESPONSE_SERIALIZER=auto).
        NODE_ENV: 'production',
        CAPTCHA_COST: '1',
        CAPTCHA_COUNTER_MAX: '20',
        LOG_LEVEL: 'warn',
        // Every journey signs in from loopback: more than a real address would in 15 minutes.
        LOGIN_LIMIT_PER_ADDRESS: '1000',
        // …and all of one worker's journeys call the API from it, the attack corpora's hundreds of
        // texts a minute among them: more than the 600 a minute one real address may.
        RATE_LIMIT_PER_MINUTE: '100000',
        // …and registers fresh owners for the account journeys.
        REGISTER_LIMIT_PER_ADDRESS: '1000',
        // Journeys place many orders from loopback and the demo accounts: the fraud check's velocity
        // rules would hold them. The fraud journey orders from a throwaway mailbox of this domain.
        FRAUD_ACCOUNT_ORDERS_PER_HOUR: '1000',
        FRAUD_ADDRESS_ORDERS_PER_HOUR: '1000',
        FRAUD_DISPOSABLE_DOMAINS: 'throwaway.example',
        // The simulator stands in for every upstream; its operations run 20 times faster here.
        DATACENTER_PORT: String(datacenterPort),
        DATACENTER_TIME_SCALE: '0.05',
      },
    };
  }),
});
