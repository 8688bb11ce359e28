import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** More requests than this in progress: the server is busy answering people. */
const BUSY_ABOVE = 4;
/** Background work waits at most this long for a quiet moment, then goes on anyway. */
export const LONGEST_WAIT_MS = 5_000;
/**
 * Background work that has waited its longest while the server stays busy goes on one step at a
 * time, a step this often: the jobs that began waiting together (a batch of ten, in each queue)
 * would otherwise all go on in one turn of the event loop, and a request (a balancer's health
 * check on a new connection among them) waited for all of them.
 */
export const PACED_EVERY_MS = 50;
const LOOK_EVERY_MS = 20;

/**
 * How many requests this process is answering (whose input has arrived). Background work (the
 * job runner's handlers) asks
 * `whenQuiet()` first: under a burst of requests it waits for a quiet moment (a few seconds at
 * most), so that writing mails never slows down the orders that cause them; on the embedded
 * database both run on the one thread.
 */
export class RequestsInFlight {
  #count = 0;
  /** When the next step of paced background work may go. */
  #nextPacedAt = 0;
  readonly #ended = () => {
    this.#count--;
  };

  get count(): number {
    return this.#count;
  }

  /** A request is being answered until the function returned is called (the plugin, and tests). */
  started(): () => void {
    this.#count++;
    let ended = false;
    return () => {
      if (!ended) this.#count--;
      ended = true;
    };
  }

  async whenQuiet(): Promise<void> {
    // The count is only as fresh as the last turn of the event loop: requests that arrived since
    // are counted once it turns. Without this, a job looping over quick database work never let
    // them in, and found the server quiet while it was starving it.
    await new Promise((resolve) => setImmediate(resolve));
    const until = Date.now() + LONGEST_WAIT_MS;
    while (this.#count > BUSY_ABOVE && Date.now() < until) {
      await new Promise((resolve) => setTimeout(resolve, LOOK_EVERY_MS));
    }
    if (this.#count <= BUSY_ABOVE) return;
    // Still busy: one step at a time, each in its own slot. Steps wait for their slot as long as
    // the server is busy; once it is quiet they all go on.
    const slot = Math.max(Date.now(), this.#nextPacedAt);
    this.#nextPacedAt = slot + PACED_EVERY_MS;
    while (Date.now() < slot && this.#count > BUSY_ABOVE) {
      await new Promise((resolve) => setTimeout(resolve, Math.min(LOOK_EVERY_MS, slot - Date.now())));
    }
  }

  readonly plugin = fp(
    async (app: FastifyInstance) => {
      // From the moment its input is read: a client still sending a body (slowly, perhaps on purpose)
      // occupies a connection, not the server's work, and must not make others wait or be refused.
      app.addHook("preHandler", (_request, reply, done) => {
        this.#count++;
        // Answered or abandoned, the response closes once.
        reply.raw.on("close", this.#ended);
        done();
      });
    },
    { name: "requests-in-flight" },
  );
}
