import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';

/**
 * `npm run api-document -- <file>`: writes the OpenAPI document the server serves at
 * /api/docs/json, for the linter. The app is built as the API tests build it, on a throwaway
 * embedded database, without the simulator, jobs or a listening socket.
 */
const [target] = process.argv.slice(2);
if (!target) throw new Error('usage: write-api-document.ts <file>');

const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-api-document-'));
const database = await openDatabase({ pgliteDir: 'memory://' });
try {
  await database.migrate();
  const config = loadConfig({
    DATA_DIR: dataDir,
    APP_SECRET: 'api-document-only-no-secret-is-used-here',
    LOG_LEVEL: 'silent',
    SEED_DEMO: 'false',
    DATACENTER_SIMULATOR: 'off',
    JOBS_ENABLED: 'false',
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
  });
  const app = await buildApp(config, database);
  try {
    await app.ready();
    mkdirSync(path.dirname(path.resolve(target)), { recursive: true });
    writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
  } finally {
    await app.close();
  }
} finally {
  await database.close();
  rmSync(dataDir, { recursive: true, force: true });
}
