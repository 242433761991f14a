/**
 * Simulated time. Machines store when a transition started and how long it lasts, and work out
 * their state from `now()` when asked, so no timers run and a restart loses nothing. Tests move
 * the clock forward through the control API instead of waiting.
 */
export class Clock {
  #offsetMs = 0;

  constructor(offsetMs = 0) {
    this.#offsetMs = offsetMs;
  }

  /** Milliseconds since the epoch, simulated. */
  now(): number {
    return Date.now() + this.#offsetMs;
  }

  /** Seconds since the epoch, simulated: what the upstream APIs report. */
  nowSeconds(): number {
    return Math.floor(this.now() / 1000);
  }

  advance(ms: number): void {
    this.#offsetMs += ms;
  }

  get offsetMs(): number {
    return this.#offsetMs;
  }
}
