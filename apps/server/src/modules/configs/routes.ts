import { Ok } from "@rampart/contracts";
import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { sysConfig } from "../../db/schema.ts";
import { ok } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";

export async function configRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** The value of a named setting. */
  app.get<{ Params: { key: string } }>(
    "/prod-api/system/config/configKey/:key",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ key: Type.String({ minLength: 1, maxLength: 100, pattern: "^[A-Za-z0-9_.-]+$" }) }),
        response: { 200: Ok(Type.String()) },
      },
    },
    async (request) => {
      const [row] = await db.select().from(sysConfig).where(eq(sysConfig.configKey, request.params.key));
      if (!row) throw new NotFoundError("config_not_found", { value: request.params.key });
      return ok(request, row.configValue);
    },
  );
}
