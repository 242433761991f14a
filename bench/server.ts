import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');

/** The compiled server, run as `npm start` and production run it. */
export const COMPILED_SERVER = ['--enable-source-maps', path.join(root, 'apps/api/dist/main.js')];
/** The TypeScript sources through tsx, as `npm run dev` runs them: only for comparison. */
export const SOURCE_SERVER = ['--import', 'tsx', path.join(root, 'apps/api/src/main.ts')];
/** Lets the bench ask the server for its memory figures (bench/memory-probe.mjs). */
const PROBE = ['--expose-gc', '--import', path.join(import.meta.dirname, 'memory-probe.mjs')];

/** Port of the first server of a run: BENCH_PORT, else 8199. */
export const BENCH_PORT = Number(process.env.BENCH_PORT ?? 8199);

export interface ServerOptions {
  /** BENCH_PORT (8199) unless given. */
  port?: number;
  /** Settings on top of the bench's (scratch data folder, demo data, warn-level logs). */
  env?: Record<string, string>;
  /** Fills the scratch data folder before the server opens it (the embedded database). */
  prepare?: (dataDir: string) => Promise<void>;
  /** A PostgreSQL database for the server (DATABASE_URL); unset, embedded PGlite in the folder. */
  databaseUrl?: string;
}

/** One running server process. */
export interface ServerProcess {
  url: string;
  /** From spawning the process to the first answer of GET /api/health. */
  startupMs: number;
  /** The server's memory now; after a full garbage collection with `afterGc`. */
  memory(afterGc?: boolean): Promise<NodeJS.MemoryUsage>;
  /** SIGTERM (the server's orderly shutdown); resolves once it exited. */
  stop(): Promise<void>;
}

export interface BenchServer extends ServerProcess {
  /** Its scratch data folder (the embedded database lives in `db/`). */
  dataDir: string;
}

let built = false;
/** Builds the web app and the server when their sources changed since the last build (once a run). */
export function buildIfChanged(): void {
  if (built) return;
  const run = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: ['ignore', 'ignore', 'inherit'] });
  if (run.status !== 0) throw new Error('npm run build failed');
  built = true;
}

/**
 * Waits for GET /api/health to answer 200, or fails when the process exits or three minutes pass
 * (a first start on a busy machine: migrations, demo data).
 */
async function waitForHealth(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 180_000;
  for (;;) {
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline || child.exitCode !== null) throw new Error('the server did not start');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  child.kill('SIGTERM');
  return exited;
}

function memoryOf(child: ChildProcess, afterGc: boolean): Promise<NodeJS.MemoryUsage> {
  return new Promise((resolve) => {
    child.once('message', (usage) => resolve(usage as NodeJS.MemoryUsage));
    child.send(afterGc ? 'memory-after-gc' : 'memory');
  });
}

/**
 * Spawns the server on `dataDir` as it is (a second start on the same folder opens the existing
 * database) and waits until it answers. `entry` is the compiled server unless told otherwise.
 */
export async function spawnServer(
  options: ServerOptions & { dataDir: string; entry?: string[] },
): Promise<ServerProcess> {
  const port = options.port ?? BENCH_PORT;
  const started = performance.now();
  const child = spawn(process.execPath, [...PROBE, ...(options.entry ?? COMPILED_SERVER)], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: options.dataDir,
      PORT: String(port),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      // The simulator on a free port: servers of one run side by side must not collide on 8190.
      DATACENTER_PORT: '0',
      ...(options.databaseUrl && { DATABASE_URL: options.databaseUrl }),
      ...options.env,
    },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  const url = `http://127.0.0.1:${port}`;
  try {
    await waitForHealth(url, child);
  } catch (error) {
    await stopProcess(child);
    throw error;
  }
  return {
    url,
    startupMs: performance.now() - started,
    memory: (afterGc = false) => memoryOf(child, afterGc),
    stop: () => stopProcess(child),
  };
}

/**
 * Starts the compiled server (built first when stale) with demo data on a scratch data folder,
 * on embedded PGlite or on the PostgreSQL database of `databaseUrl`. Also callable as
 * `startServer(port, env, prepare)`.
 */
export async function startServer(options?: ServerOptions): Promise<BenchServer>;
export async function startServer(
  port: number,
  env?: Record<string, string>,
  prepare?: ServerOptions['prepare'],
): Promise<BenchServer>;
export async function startServer(
  first?: ServerOptions | number,
  env: Record<string, string> = {},
  prepare?: ServerOptions['prepare'],
): Promise<BenchServer> {
  const options = typeof first === 'number' ? { port: first, env, prepare } : (first ?? {});
  buildIfChanged();
  const dataDir = mkdtempSync(path.join(tmpdir(), 'rackdesk-bench-'));
  try {
    await options.prepare?.(dataDir);
    const server = await spawnServer({ ...options, dataDir });
    return {
      ...server,
      dataDir,
      async stop() {
        await server.stop();
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
