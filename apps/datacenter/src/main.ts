import path from 'node:path';
import { defaultCredentials, proxmoxCredentials } from './context.ts';
import { buildDatacenter } from './server.ts';

/** Standalone entry: `npm start -w apps/datacenter`. The panel's `npm start` runs it itself. */
const port = Number(process.env.DATACENTER_PORT ?? 8190);
const host = process.env.DATACENTER_HOST ?? '127.0.0.1';
const stateFile = path.resolve(process.env.DATACENTER_STATE_FILE ?? './data/datacenter/state.json');
const timeScale = Number(process.env.DATACENTER_TIME_SCALE ?? 1);
const credentials = {
  ...defaultCredentials,
  proxmox: proxmoxCredentials(process.env.DATACENTER_PROXMOX_TOKEN, process.env.DATACENTER_PROXMOX_LOGIN),
};

const app = await buildDatacenter({
  stateFile,
  timeScale,
  credentials,
  logLevel: process.env.LOG_LEVEL ?? 'info',
});
await app.listen({ port, host });
app.log.info(`Datacenter simulator (for demos and tests, not a real host) on http://${host}:${port}`);
