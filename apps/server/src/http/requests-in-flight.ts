import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** More requests than this in progress: the server is busy answering people. */
const BUSY_ABOVE = 4;
/** Background work waits at most this long for a quiet moment, then goes on anyway. */
const LONGEST_WAIT_MS = 5_000;
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
  readonly #ended = () => {
    this.#count--;
  };

  get count(): number {
    return this.#count;
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
