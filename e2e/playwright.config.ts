import { rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const here = path.dirname(fileURLToPath(import.meta.url));

// The config is loaded again in every worker process, which inherits the environment: choose the
// port and clean the data directory once, before the server starts. A random port (unless
// E2E_PORT says otherwise) lets two runs share a machine; each gets its own data directory.
if (!process.env.RACKDESK_E2E_PORT) {
  process.env.RACKDESK_E2E_PORT = process.env.E2E_PORT ?? String(20_000 + Math.floor(Math.random() * 20_000));
  process.env.RACKDESK_E2E_DATA_DIR = path.join(here, '.data', process.env.RACKDESK_E2E_PORT);
  rmSync(process.env.RACKDESK_E2E_DATA_DIR, { recursive: true, force: true });
}
const PORT = Number(process.env.RACKDESK_E2E_PORT);
/** A fresh data directory per run: the API seeds the demo accounts into it. */
const DATA_DIR = process.env.RACKDESK_E2E_DATA_DIR!;

export default defineConfig({
  testDir: './tests',
  // Per run, like the data directory: a concurrent run must not clear this one's traces.
  outputDir: path.join(here, 'test-results', String(PORT)),
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env.CI),
  reporter: [['list']],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    ...devices['Desktop Chrome'],
    baseURL: `http://localhost:${PORT}`,
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
  webServer: {
    // The production server: built when its sources changed (a no-op after `npm run test:e2e`'s
    // build), then plain Node on the compiled bundle, so the journeys also prove the build.
    command: 'npm run build && exec node --enable-source-maps apps/api/dist/main.js',
    cwd: path.join(here, '..'),
    url: `http://localhost:${PORT}/api/health`,
    reuseExistingServer: false,
    // Room for a build first when the sources changed and `npm run test:e2e` did not build them.
    timeout: 300_000,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      DATA_DIR,
      PORT: String(PORT),
      SEED_DEMO: 'true',
      // As in production: answers go through the compiled serialiser (RESPONSE_SERIALIZER=auto).
      NODE_ENV: 'production',
      CAPTCHA_COST: '1',
      CAPTCHA_COUNTER_MAX: '20',
      LOG_LEVEL: 'warn',
      // Every journey signs in from loopback: more than a real address would in 15 minutes.
      LOGIN_LIMIT_PER_ADDRESS: '1000',
      // …and registers fresh owners for the account journeys.
      REGISTER_LIMIT_PER_ADDRESS: '1000',
      // Journeys place many orders from loopback and the demo accounts: the fraud check's velocity
      // rules would hold them. The fraud journey orders from a throwaway mailbox of this domain.
      FRAUD_ACCOUNT_ORDERS_PER_HOUR: '1000',
      FRAUD_ADDRESS_ORDERS_PER_HOUR: '1000',
      FRAUD_DISPOSABLE_DOMAINS: 'throwaway.example',
      // The simulator stands in for every upstream; its operations run 20 times faster here.
      DATACENTER_PORT: '0',
      DATACENTER_TIME_SCALE: '0.05',
    },
  },
});
