import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/**
 * Lets a stopping server drain: once close() starts, answers ask the client to close the connection,
 * and keep-alive connections are closed as soon as they fall idle (node's server.close() closes only
 * the connections idle at that moment, so a response finishing later would hold a keep-alive socket
 * open until its timeout and the process would overrun its grace period).
 */
export const gracefulClosePlugin = fp(
  async (app: FastifyInstance) => {
    let closing = false;
    let sweeper: NodeJS.Timeout | undefined;
    app.addHook("onSend", async (_request, reply) => {
      if (closing) reply.header("connection", "close");
    });
    app.addHook("preClose", async () => {
      closing = true;
      sweeper = setInterval(() => app.server.closeIdleConnections(), 50);
      sweeper.unref();
    });
    app.addHook("onClose", async () => {
      clearInterval(sweeper);
    });
  },
  { name: "graceful-close" },
);
