import { hotReads } from './api-reads.ts';
import { captureReads } from './captured-reads.ts';
import { scratchPostgresDatabase } from './postgres.ts';
import { measureReadsAgainstRaw, printReads, type ReadsOptions, startRawServer } from './reads-vs-raw.ts';
import { BENCH_PORT, type BenchServer, startServer } from './server.ts';

/** BENCH_CONNECTIONS (50), BENCH_READ_SECONDS (3), BENCH_READ_ROUNDS (3). */
export function readsOptions(): ReadsOptions {
  return {
    connections: Number(process.env.BENCH_CONNECTIONS ?? 50),
    seconds: Number(process.env.BENCH_READ_SECONDS ?? 3),
    rounds: Number(process.env.BENCH_READ_ROUNDS ?? 3),
  };
}

/** The raw server listens beside the API: BENCH_RAW_PORT, or the API's port + 1. */
const RAW_PORT = Number(process.env.BENCH_RAW_PORT ?? BENCH_PORT + 1);

/** What the API is started with for the reads: production answers, no per-address limit in the way. */
export const readsEnv = {
  NODE_ENV: 'production',
  RATE_LIMIT_PER_MINUTE: '1000000',
};

/** What a read's statements alone are titled, under the read. */
const ALONE = '  └ its statements alone, on raw pg';

/**
 * Each read beside the raw server, and on PostgreSQL each signed-in read's own statements replayed
 * by the raw server right under it: the most any server could make of those statements, so what
 * is left between the two lines is the API's own work (framework, hooks, mapping, checks).
 */
async function againstRaw(title: string, server: BenchServer, options: ReadsOptions, databaseUrl?: string) {
  const reads = await hotReads(server);
  const captured = databaseUrl
    ? await captureReads(
        databaseUrl,
        reads.flatMap((read) =>
          read.token ? [{ title: read.title, path: read.path, token: read.token }] : [],
        ),
      )
    : [];
  const replays = Object.fromEntries(captured.map((call) => [call.path, call.statements]));
  const raw = await startRawServer(RAW_PORT, databaseUrl, replays);
  const loads = reads.flatMap((read) => [
    {
      title: read.title,
      options: { url: `${server.url}${read.path}`, ...(read.token && { headers: bearer(read.token) }) },
    },
    ...(replays[read.path] ? [{ title: ALONE, options: { url: `${raw.url}${read.path}` } }] : []),
  ]);
  try {
    printReads(title, await measureReadsAgainstRaw(raw, loads, options));
  } finally {
    await raw.stop();
  }
}

const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** The hot reads on each database, each beside a raw server on the same database. */
export const measureHotReads = {
  /** On a scratch database of BENCH_DATABASE_URL's server (or the local one), dropped after. */
  async postgres(options: ReadsOptions) {
    const scratch = await scratchPostgresDatabase('reads');
    if (!scratch) {
      console.log('\nPostgreSQL: skipped, no server answers at BENCH_DATABASE_URL');
      return;
    }
    try {
      const server = await startServer({ env: readsEnv, databaseUrl: scratch.url });
      try {
        await againstRaw('PostgreSQL', server, options, scratch.url);
      } finally {
        await server.stop();
      }
    } finally {
      await scratch.drop();
    }
  },

  /** On the embedded database of a server already started; its raw server has a PGlite of its own. */
  async pglite(server: BenchServer, options: ReadsOptions) {
    await againstRaw('PGlite (embedded; the raw server opens a PGlite of its own)', server, options);
  },
};
