import { type ChildProcess, fork } from 'node:child_process';
import path from 'node:path';
import type autocannon from 'autocannon';
import { type Measurement, measure } from './api-reads.ts';
import type { CapturedStatement } from './captured-reads.ts';

/** A minimal raw `pg` (or PGlite) server on the same database: the yardstick of the API's reads. */
export interface RawServer {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts bench/raw-server.ts in a process of its own, as the API runs in one; on PostgreSQL it
 * also replays the reads of `replays`, by request path.
 */
export async function startRawServer(
  port: number,
  databaseUrl?: string,
  replays: Record<string, CapturedStatement[]> = {},
): Promise<RawServer> {
  const script = path.join(import.meta.dirname, 'raw-server.ts');
  const child: ChildProcess = fork(script, [String(port), ...(databaseUrl ? [databaseUrl] : [])], {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, RAW_REPLAY: JSON.stringify(replays) },
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`the raw server exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    async stop() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    },
  };
}

export interface ReadsOptions {
  connections: number;
  seconds: number;
  /** Rounds of every read in turn (the raw server first); each figure is the median of them. */
  rounds: number;
}

export interface ReadFigure extends Measurement {
  /** Requests per second as a share of the raw server's on the same database. */
  ofRaw: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
};

/**
 * Measures each read and the raw server in interleaved rounds, so that a busy moment of the
 * machine weighs on all of them alike, and gives each figure as the median of its rounds.
 */
export async function measureReadsAgainstRaw(
  raw: RawServer,
  reads: { title: string; options: autocannon.Options }[],
  options: ReadsOptions,
): Promise<{ raw: Measurement; reads: ReadFigure[] }> {
  const all = [{ title: 'raw pg: one prepared primary-key select', options: { url: raw.url } }, ...reads];
  const rounds: Measurement[][] = all.map(() => []);
  for (let round = 0; round < options.rounds; round += 1) {
    for (const [index, read] of all.entries()) {
      rounds[index]!.push(
        await measure(read.title, {
          ...read.options,
          connections: options.connections,
          duration: options.seconds,
        }),
      );
    }
  }
  const figures = all.map((read, index) => {
    const runs = rounds[index]!;
    return {
      title: read.title,
      requestsPerSecond: median(runs.map((run) => run.requestsPerSecond)),
      p50Ms: median(runs.map((run) => run.p50Ms)),
      p99Ms: median(runs.map((run) => run.p99Ms)),
      errors: runs.reduce((sum, run) => sum + run.errors, 0),
    };
  });
  const [rawFigure, ...readFigures] = figures;
  return {
    raw: rawFigure!,
    reads: readFigures.map((figure) => ({
      ...figure,
      ofRaw: figure.requestsPerSecond / rawFigure!.requestsPerSecond,
    })),
  };
}

/** One table per database: req/s, the share of the raw server's, p50 and p99. */
export function printReads(database: string, figures: { raw: Measurement; reads: ReadFigure[] }) {
  console.log(`\n${database}:`);
  console.log(`  ${'read'.padEnd(42)} ${'req/s'.padStart(7)} ${'of raw'.padStart(7)}   p50    p99  errors`);
  const line = (figure: Measurement, ofRaw: string) =>
    console.log(
      `  ${figure.title.padEnd(42)} ${String(figure.requestsPerSecond).padStart(7)} ${ofRaw.padStart(7)} ${`${figure.p50Ms}`.padStart(5)} ms ${`${figure.p99Ms}`.padStart(4)} ms  ${figure.errors}`,
    );
  line(figures.raw, '1.00');
  for (const figure of figures.reads) line(figure, figure.ofRaw.toFixed(2));
}
