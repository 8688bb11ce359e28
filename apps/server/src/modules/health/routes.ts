import { Health, Ok, Readiness } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import type { Database } from "../../db/client.ts";
import { ok, refusal } from "../../http/envelope.ts";
import { RETRY_AFTER_SECONDS } from "../../http/errors.ts";
import { translate } from "../../http/messages.ts";
import type { JobRunner } from "../../jobs/job-runner.ts";
import { SERVER_VERSION } from "../../version.ts";

/**
 * Liveness and readiness, for a load balancer or an orchestrator.
 *
 * `GET /prod-api/health` (liveness) says the process answers, and nothing else: it asks the
 * database nothing, so a slow database does not make every process look dead at once (a balancer
 * would drop them all, a supervisor restart them all). `GET /prod-api/health/ready` (readiness) is
 * 200 only while this process should receive traffic: its database answers on a connection of its
 * own, every migration is applied, the job runner runs; 503 otherwise, and while it stops.
 */
export async function healthRoutes(app: FastifyInstance, { database, jobs }: { database: Database; jobs: JobRunner }) {
  let closing = false;
  // Once current, the schema stays so for this process's life: asked again only until then.
  let migrationsCurrent: { applied: number; expected: number } | null = null;
  app.addHook("preClose", async () => {
    closing = true;
  });

  app.get(
    "/prod-api/health",
    { config: { access: "public" }, schema: { response: { 200: Ok(Health) } } },
    async (request) =>
      ok(request, {
        status: "up" as const,
        database: database.kind,
        version: SERVER_VERSION,
        uptimeSeconds: Math.round(process.uptime()),
      }),
  );

  app.get(
    "/prod-api/health/ready",
    { config: { access: "public" }, schema: { response: { 200: Ok(Readiness), 503: Ok(Readiness) } } },
    async (request, reply) => {
      const notAnswering = (error: unknown) => {
        request.log.error({ err: error }, "readiness: the database is not answering");
        return null;
      };
      const pinged = await database.ping().then(() => true, notAnswering);
      // Read through the pool, which may fail where the ping's own connection did not (PostgreSQL
      // going away between the two): that too is a database down, never an error of this route.
      const migrations = migrationsCurrent ?? (pinged ? await database.migrations().catch(notAnswering) : null);
      const databaseUp = pinged === true && migrations !== null;
      if (migrations && migrations.expected > 0 && migrations.applied >= migrations.expected) {
        migrationsCurrent = migrations;
      }
      const readiness: Readiness = {
        status: "ready",
        database: databaseUp ? "up" : "down",
        migrations: migrations ?? { applied: 0, expected: 0 },
        jobs: jobs.started ? "started" : "stopped",
      };
      const ready =
        !closing && databaseUp && migrations !== null && migrations.applied >= migrations.expected && jobs.started;
      if (ready) return ok(request, readiness);
      const key = databaseUp ? "service_unavailable" : "database_down";
      return reply
        .code(503)
        .header("retry-after", String(RETRY_AFTER_SECONDS))
        .send(refusal(request, 503, translate(request.language, key), { ...readiness, status: "not-ready" as const }));
    },
  );
}
