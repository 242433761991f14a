import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** Everything the simulator keeps, by section: one per upstream plus the clock. */
export type StateData = Record<string, unknown>;

/**
 * The simulator's state, kept in one JSON file so that machines survive a restart. Writes go to
 * a temporary file first and are renamed over the old one, so a crash never leaves half a file.
 * Without a file (tests that want a throwaway simulator) state lives in memory only.
 */
export class Store {
  readonly #file: string | undefined;
  #data: StateData;

  constructor(file?: string) {
    this.#file = file;
    this.#data = file ? readState(file) : {};
  }

  /** A section of the state, created from `initial` the first time. Mutate it, then `save()`. */
  section<T extends object>(name: string, initial: () => T): T {
    if (!(name in this.#data)) this.#data[name] = initial();
    return this.#data[name] as T;
  }

  /** Forgets every section (control API reset). */
  reset(): void {
    for (const key of Object.keys(this.#data)) delete this.#data[key];
  }

  snapshot(): StateData {
    return structuredClone(this.#data);
  }

  save(): void {
    if (!this.#file) return;
    mkdirSync(path.dirname(this.#file), { recursive: true });
    const temporary = `${this.#file}.tmp`;
    writeFileSync(temporary, JSON.stringify(this.#data));
    renameSync(temporary, this.#file);
  }
}

function readState(file: string): StateData {
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as StateData;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new Error(`Cannot read the simulator state in ${file}: ${(error as Error).message}`, {
      cause: error,
    });
  }
}
