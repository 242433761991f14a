import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type Stripe from 'stripe';
import type { Database } from '../../src/db/client.ts';
import { DemoProduct, seedCatalog } from '../../src/seed/catalog.ts';
import { demoNodes } from '../../src/seed/demo-inventory.ts';
import { ensureDemoMachines } from '../../src/seed/demo-machines.ts';
import { ApiProcess } from '../support/api-process.ts';
import { sandboxStripe } from '../support/cards.ts';
import { freePort, gatewayEnv } from '../support/gateways.ts';
import { quickProvisioning } from '../support/provisioning.ts';
import { startSimulator, type TestSimulator } from '../support/simulator.ts';
import { createTestDatabase, type TestDatabase } from '../support/test-app.ts';
import { type CrashCounts, CrashClient } from './crash-client.ts';

/**
 * What the crash cycles run against: a PostgreSQL database of their own, the datacenter
 * simulator in this process (its machines and payment sandbox outlive the API's deaths, as the
 * real upstreams and gateways would), and the API as a child process the harness kills.
 */
export interface CrashRig {
  api: ApiProcess;
  client: CrashClient;
  counts: CrashCounts;
  database: Database;
  sim: TestSimulator;
  stripe: Stripe;
  close(): Promise<void>;
}

export async function startCrashRig(): Promise<CrashRig> {
  const sim = await startSimulator({ timeScale: 0.01 });
  await ensureDemoMachines(sim.url);
  await widenAddressPool(sim);
  const target: TestDatabase = await createTestDatabase();
  const database = await target.open();
  if (database.kind !== 'postgres') throw new Error('the crash cycles run on a PostgreSQL server');
  await database.migrate();
  await seedCatalog(database.db);

  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-crash-'));
  const api = new ApiProcess(url, {
    ...sim.env,
    ...gatewayEnv(sim.url),
    ...quickProvisioning,
    DATABASE_URL: database.url,
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: url,
    PAYMENT_CALLBACK_URL: url,
    DATA_DIR: dataDir,
    APP_SECRET: 'crash-secret-crash-secret-crash-secret-01',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    DATACENTER_SIMULATOR: 'off',
    BILLING_CYCLE_CRON: 'off',
    FRAUD_CHECK: 'off',
    // Every cycle signs a new customer in from this one address.
    LOGIN_LIMIT_PER_ADDRESS: '100000',
    RATE_LIMIT_PER_MINUTE: '100000',
    // A retry takes over a dead call's key (one that changed nothing) after this, not 30 s.
    IDEMPOTENCY_CLAIM_SECONDS: '2',
    // A job killed with its instance resumes about ten seconds later, not thirty or more.
    JOBS_HEARTBEAT_SECONDS: '10',
    JOBS_SUPERVISE_SECONDS: '2',
  });
  await api.start();
  const counts: CrashCounts = { cycles: 0, kills: {}, retries: {}, checks: 0, seconds: [] };
  return {
    api,
    client: new CrashClient(api, counts),
    counts,
    database,
    sim,
    stripe: sandboxStripe(sim),
    async close() {
      await api.kill();
      await database.close();
      await target.drop();
      await sim.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Every cycle's VPS keeps its address: the demo pool of New York (32 addresses) would run out
 * after 32 cycles, so its node takes a second pool of 253 (enough for `npm run test:crash`).
 */
async function widenAddressPool(sim: TestSimulator) {
  const newYork = demoNodes.find((node) => node.location === 'New York')!;
  await sim.control('POST', '/proxmox/nodes', {
    ...newYork,
    notes: [...newYork.notes, 'IPv4 pool: 203.0.113.2-203.0.113.254 prefix 24 gateway 203.0.113.1'],
  });
}

/** The product every cycle orders: a VPS v2, set up on the simulated Proxmox VE. */
export const crashProduct = DemoProduct.dw2gNewYork;
