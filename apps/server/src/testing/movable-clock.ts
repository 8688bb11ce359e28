/**
 * The server's clock for tests that talk to something outside with a clock of its own (Pebble dates
 * its certificates, a Standard Webhooks verifier checks timestamps, a TLS server's certificate is
 * valid from now): real time, moved ahead by the test to reach a renewal or age a failure instead
 * of waiting. The test reads the time from it too (`clock.now()`), never from Date.now(), so what it
 * sends and what the server sees are the same moment.
 */
export class MovableClock {
  #offsetMs = 0;

  /** The time: hand it to the app as its clock (`openTestApp({ now: clock.now })`). */
  readonly now = (): Date => new Date(Date.now() + this.#offsetMs);

  /** Moves the clock so that it reads `at` now (and goes on from there). */
  moveTo(at: Date): void {
    this.#offsetMs = at.getTime() - Date.now();
  }

  /** Moves the clock ahead (or back) by `ms`. */
  moveBy(ms: number): void {
    this.#offsetMs += ms;
  }

  /** Back to real time. */
  reset(): void {
    this.#offsetMs = 0;
  }
}
