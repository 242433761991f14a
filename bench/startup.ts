import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { scratchPostgresDatabase } from './postgres.ts';
import {
  BENCH_PORT,
  buildIfChanged,
  COMPILED_SERVER,
  type ServerProcess,
  SOURCE_SERVER,
  spawnServer,
} from './server.ts';

/** Its own port, clear of the servers the other sections start on BENCH_PORT and beside it. */
const PORT = BENCH_PORT + 10;
const RESTARTS = 3;
const LOAD_SECONDS = 5;
const LOAD_CONNECTIONS = 20;

const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

interface Setup {
  title: string;
  entry: string[];
  databaseUrl?: string;
}

/**
 * Start-up time: a first start on an empty database (migrations and demo data), then the median
 * of a few restarts on the database it left, from spawning `node` to GET /api/health answering.
 * With `load`, also the memory of the last start: idle after a full collection, and under a short
 * load of the signed-in hot reads (peak resident size, sampled while it runs).
 */
async function measureSetup(setup: Setup, load: boolean): Promise<void> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-startup-'));
  const start = () =>
    spawnServer({ port: PORT, dataDir, entry: setup.entry, databaseUrl: setup.databaseUrl });
  try {
    const first = await start();
    await first.stop();
    const restarts: number[] = [];
    let last: ServerProcess | undefined;
    for (let round = 0; round < RESTARTS; round += 1) {
      await last?.stop();
      last = await start();
      restarts.push(last.startupMs);
    }
    console.log(
      `  ${setup.title.padEnd(46)} first start ${first.startupMs.toFixed(0).padStart(5)} ms   restart ${median(restarts).toFixed(0).padStart(5)} ms`,
    );
    if (load) await measureMemory(last!);
    await last!.stop();
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

async function measureMemory(server: ServerProcess): Promise<void> {
  const idle = await server.memory(true);
  console.log(
    `    idle after start: RSS ${mb(idle.rss)}, heap used ${mb(idle.heapUsed)} of ${mb(idle.heapTotal)}`,
  );
  const login = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'demo@example.com', password2: 'demo-password' }),
  });
  const { token } = (await login.json()) as { token: string };
  let peakRss = 0;
  let peakHeap = 0;
  let loading = true;
  const sampling = (async () => {
    while (loading) {
      const usage = await server.memory();
      peakRss = Math.max(peakRss, usage.rss);
      peakHeap = Math.max(peakHeap, usage.heapUsed);
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const result = await autocannon({
    url: server.url,
    connections: LOAD_CONNECTIONS,
    duration: LOAD_SECONDS,
    headers: { authorization: `Bearer ${token}`, 'accept-encoding': 'br, gzip' },
    requests: [{ path: '/api/user' }, { path: '/api/services' }],
  });
  loading = false;
  await sampling;
  console.log(
    `    under load (GET user and services, ${LOAD_CONNECTIONS} connections, ${LOAD_SECONDS} s, ${Math.round(result.requests.average)} req/s): peak RSS ${mb(peakRss)}, heap used ${mb(peakHeap)}`,
  );
}

/**
 * The API server's start-up time and memory, compiled (as `npm start` and production run it) on
 * embedded PGlite and on PostgreSQL when a server answers, and the sources through tsx for
 * comparison.
 */
export async function measureStartup(): Promise<void> {
  buildIfChanged();
  console.log(
    `\nAPI server start-up (spawn to /api/health answering; restart: median of ${RESTARTS} on the existing database):`,
  );
  await measureSetup(
    { title: 'compiled (node dist/main.js), embedded PGlite', entry: COMPILED_SERVER },
    true,
  );
  await measureSetup({ title: 'sources through tsx (dev), embedded PGlite', entry: SOURCE_SERVER }, false);
  const postgres = await scratchPostgresDatabase('startup');
  if (!postgres) {
    console.log('  PostgreSQL: no server answers at BENCH_DATABASE_URL, left out');
    return;
  }
  try {
    await measureSetup(
      {
        title: 'compiled (node dist/main.js), PostgreSQL',
        entry: COMPILED_SERVER,
        databaseUrl: postgres.url,
      },
      true,
    );
  } finally {
    await postgres.drop();
  }
}
