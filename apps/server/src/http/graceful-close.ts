import type { ServerResponse } from "node:http";
import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** A connection that has sent no request this long after opening is not waited for. */
const SILENT_CONNECTION_MS = 2_000;
const SWEEP_EVERY_MS = 50;

interface ConnectionState {
  openedAt: number;
  /** Its latest answer (it has carried a request: a keep-alive connection between requests once that is sent). */
  response: ServerResponse | undefined;
}

/** Busy while its latest request is being answered (no listener per request: this is read when stopping). */
const isBusy = (state: ConnectionState) => state.response !== undefined && !state.response.writableFinished;

/**
 * Lets a stopping server drain without failing anyone. Once close() starts, no new connection is
 * accepted (a balancer then sends its requests to another process), every answer asks the client
 * to close the connection, and:
 * - a request that arrives on a connection already open is answered as usual (see app.ts,
 *   return503OnClosing): it was sent before the sender could know;
 * - a keep-alive connection between two requests is closed as soon as it is idle (node's
 *   server.close() closes only those idle at that moment, so one finishing later would hold the
 *   process past its grace period);
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
        if (isBusy(state)) continue;
        if (state.response !== undefined || now - state.openedAt > SILENT_CONNECTION_MS) socket.destroy();
      }
    };

    app.addHook("onSend", (_request, reply, payload, done) => {
      if (closing) reply.header("connection", "close");
      done(null, payload);
    });
    app.addHook("preClose", async () => {
      closing = true;
      sweeper = setInterval(sweep, SWEEP_EVERY_MS);
      sweeper.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweeper);
    });
  },
  { name: "graceful-close" },
);
