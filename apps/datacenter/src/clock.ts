/**
 * Simulated time. Machines store when a transition started and how long it lasts, and work out
 * their state from `now()` when asked, so no timers run and a restart loses nothing. Tests move
 * the clock forward through the control API instead of waiting.
 */
export class Clock {
  #offsetMs = 0;
  /** The simulated time the clock stands at while held, or null while it runs. */
  #heldAt: number | null = null;

  constructor(offsetMs = 0) {
    this.#offsetMs = offsetMs;
  }

  /** Milliseconds since the epoch, simulated. */
  now(): number {
    return this.#heldAt ?? Date.now() + this.#offsetMs;
  }

  /**
   * Stops simulated time where it is, so that an operation stays at its current step however slow
   * the machine watching it is (a browser journey checking what a page shows mid-operation).
   */
  hold(): void {
    this.#heldAt ??= this.now();
  }

  /** Runs the clock again from where it was held: no simulated time passed meanwhile. */
  release(): void {
    if (this.#heldAt === null) return;
    this.#offsetMs = this.#heldAt - Date.now();
    this.#heldAt = null;
  }

  get held(): boolean {
    return this.#heldAt !== null;
  }

  /** Seconds since the epoch, simulated: what the upstream APIs report. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
    if (this.#heldAt !== null) this.#heldAt += ms;
  }

  /** How far simulated time is ahead of the real one (while held: as it stands now). */
  get offsetMs(): number {
    return this.#heldAt === null ? this.#offsetMs : this.#heldAt - Date.now();
  }
}
