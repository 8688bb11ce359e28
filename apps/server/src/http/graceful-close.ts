import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A connection that has sent no request this long after opening is not waited for. */
const SILENT_CONNECTION_MS = 2_000;
/**
 * A keep-alive connection idle this long since its last answer (seen by the sweep) is closed. A
 * client that is using it sends its next request well within this, and gets it answered (with
 * Connection: close); closed at once, as Node's server.close() does, every connection between two
 * requests was reset under the client's next request (50 of 50 under a keep-alive load).
 */
const IDLE_KEEP_ALIVE_MS = 1_000;
const SWEEP_EVERY_MS = 50;

interface ConnectionState {
  openedAt: number;
  /** Its latest answer (it has carried a request: a keep-alive connection between requests once that is sent). */
  response: ServerResponse | undefined;
  /** When the sweep first found its latest answer finished (while stopping). */
  idleSince?: number;
}

/** Busy while its latest request is being answered (no listener per request: this is read when stopping). */
const isBusy = (state: ConnectionState) => state.response !== undefined && !state.response.writableFinished;

/**
 * Lets a stopping server drain without failing anyone. Once close() starts, no new connection is
 * accepted (a balancer then sends its requests to another process), every answer asks the client
 * to close the connection, and:
 * - a request that arrives on a connection already open is answered as usual (see app.ts,
 *   return503OnClosing): it was sent before the sender could know;
 * - a keep-alive connection between two requests is closed once it has been idle for
 *   IDLE_KEEP_ALIVE_MS. Node's server.close() would close every idle one at once, and a client
 *   sending its next request at that moment saw its connection reset (a client behind no balancer
 *   sees that as a failed request); a request that comes in the meantime is answered with
 *   Connection: close, after which Node closes the connection itself;
 * - a connection that was accepted but has not yet delivered its first request is left to deliver
 *   it. Node counts such a connection as idle, and closing it resets a request a balancer has
 *   already sent (nginx answers 502 to a POST it must not send elsewhere): under load, a rolling
 *   restart lost a few requests that way. One that stays silent is closed after a few seconds.
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    let sweeper: NodeJS.Timeout | undefined;
    const connections = new Map<Socket, ConnectionState>();

    app.server.on("connection", (socket: Socket) => {
      connections.set(socket, { openedAt: Date.now(), response: undefined });
      socket.once("close", () => connections.delete(socket));
    });
    app.server.on("request", (request, response) => {
      const state = connections.get(request.socket);
      if (state) state.response = response;
    });

    const sweep = () => {
      const now = Date.now();
      for (const [socket, state] of connections) {
        if (isBusy(state)) {
          state.idleSince = undefined;
        } else if (state.response !== undefined) {
          state.idleSince ??= now;
          if (now - state.idleSince >= IDLE_KEEP_ALIVE_MS) socket.destroy();
        } else if (now - state.openedAt > SILENT_CONNECTION_MS) socket.destroy();
      }
    };

    app.addHook("onSend", (_request, reply, payload, done) => {
      if (closing) reply.header("connection", "close");
      done(null, payload);
    });
    app.addHook("preClose", async () => {
      closing = true;
      // server.close(), which Fastify calls next, first closes every idle connection (Node 19+):
      // which to close, and when, is the sweep's decision.
      app.server.closeIdleConnections = () => {};
      sweep();
      sweeper = setInterval(sweep, SWEEP_EVERY_MS);
      sweeper.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweeper);
    });
  },
  { name: "graceful-close" },
);
