import { Health, Ok } from "@rampart/contracts";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import { ServiceUnavailableError } from "../../http/errors.ts";
import { SERVER_VERSION } from "../../version.ts";

/** `GET /prod-api/health`: answers 200 only when the database answers too (for load balancers). */
export async function healthRoutes(app: FastifyInstance, { database }: { database: Database }) {
  app.get(
    "/prod-api/health",
    { config: { access: "public" }, schema: { response: { 200: Ok(Health) } } },
    async (request) => {
      try {
        await database.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, "health check: database not answering");
        throw new ServiceUnavailableError("database_down");
      }
      return ok(request, {
        status: "up" as const,
        database: database.kind,
        version: SERVER_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      });
    },
  );
}
