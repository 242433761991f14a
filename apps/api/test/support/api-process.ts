import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';

const apiDir = path.resolve(import.meta.dirname, '../..');

/**
 * The API server as a process of its own, started from source (`npm test` runs the API tests
 * before anything is built), so that a test can kill it as a crash would (SIGKILL: no shutdown
 * hook runs) and start it again on the same port and database.
 */
export class ApiProcess {
  #child: ChildProcess | undefined;
  #starting: Promise<void> | undefined;
  #recovering: Promise<void> | undefined;
  /** The last lines the server wrote, shown when it fails to start. */
  #output: string[] = [];
  starts = 0;

  constructor(
    readonly url: string,
    private readonly env: Record<string, string>,
  ) {}

  /** Starts the server and resolves once it answers its health check. */
  start(): Promise<void> {
    this.#starting ??= this.#start().finally(() => {
      this.#starting = undefined;
    });
    return this.#starting;
  }

  /** Resolves once the server answers again, after a crash and restart in progress. */
  async ready(): Promise<void> {
    await this.#recovering;
    await this.#starting;
  }

  /** A crash and the supervisor's restart: SIGKILL, then a start on the same port and database. */
  crash(): Promise<void> {
    this.#recovering ??= (async () => {
      // A server still starting is killed once up: a crash mid-start proves nothing more.
      await this.#starting;
      await this.kill();
      await this.start();
    })().finally(() => {
      this.#recovering = undefined;
    });
    return this.#recovering;
  }

  /** Kills the process at once, as a crash or an OOM kill would, and waits until it is gone. */
  async kill(): Promise<void> {
    const child = this.#child;
    this.#child = undefined;
    if (!child || child.exitCode !== null || child.signalCode !== null) return;
    const exited = once(child, 'exit');
    child.kill('SIGKILL');
    await exited;
  }

  async #start(): Promise<void> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
      cwd: apiDir,
      env: { PATH: process.env.PATH ?? '', ...this.env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    this.#child = child;
    this.starts += 1;
    const keep = (chunk: Buffer) => {
      this.#output.push(...chunk.toString().split('\n').filter(Boolean));
      this.#output.splice(0, Math.max(0, this.#output.length - 40));
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
    let exited = false;
    child.once('exit', () => {
      exited = true;
    });
    for (;;) {
      if (exited || this.#child !== child) {
        if (this.#child !== child) return; // killed while starting: the caller starts it again
        throw new Error(`the API exited while starting:\n${this.#output.join('\n')}`);
      }
      if (await this.#healthy()) return;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }

  async #healthy(): Promise<boolean> {
    try {
      const response = await fetch(`${this.url}/api/health`, { signal: AbortSignal.timeout(2_000) });
      return response.ok;
    } catch {
      return false;
    }
  }
}
