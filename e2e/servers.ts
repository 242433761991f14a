/**
 * The journeys' servers: one per parallel worker, each with its own port and data directory (and so
 * its own demo accounts, mails and simulator), because journeys change what the demo accounts hold
 * (servers powered off, orders, tickets) and two files running at once against one server would
 * see each other's changes. playwright.config.ts chooses the first port and the data directories'
 * stem once per run and hands them to the worker processes through the environment.
 */

const requestedWorkers = Number.parseInt(process.env.E2E_WORKERS ?? '', 10);

/** How many workers (and servers): E2E_WORKERS, 2 by default. */
export const workerCount = requestedWorkers > 0 ? requestedWorkers : 2;

export interface JourneyServer {
  port: number;
  dataDir: string;
  /** The server's own datacenter simulator, whose control API the journeys use to hold its clock. */
  datacenterPort: number;
}

/** The server of the worker with this parallel index (0 to workerCount - 1). */
export function serverOf(parallelIndex: number): JourneyServer {
  if (!(parallelIndex < workerCount)) {
    // `--workers` above E2E_WORKERS would give a worker no server of its own.
    throw new Error(`worker ${parallelIndex} has no server: set E2E_WORKERS rather than --workers`);
  }
  const port = Number(process.env.RACKDESK_E2E_PORT) + parallelIndex;
  return {
    port,
    dataDir: `${process.env.RACKDESK_E2E_DATA_DIR}-${parallelIndex}`,
    datacenterPort: port + 1_000,
  };
}

/**
 * The server of this process: Playwright sets TEST_PARALLEL_INDEX in each worker before it loads
 * the config and the test files; the runner itself has none and takes the first.
 */
export const ownServer = (): JourneyServer => serverOf(Number(process.env.TEST_PARALLEL_INDEX ?? 0));
