import { Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import { NotFoundError } from "../../http/errors.ts";
import { configValue } from "./service.ts";

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
      const value = await configValue(db, request.params.key);
      if (value === null) throw new NotFoundError("config_not_found", { value: request.params.key });
      return ok(request, value);
    },
  );
}
