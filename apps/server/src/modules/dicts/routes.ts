import { DictDatum, Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import { dictValues } from "./service.ts";

export async function dictRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** The enabled values of a dictionary, labels in the caller's language (unknown type: empty). */
  app.get<{ Params: { type: string } }>(
    "/prod-api/system/dict/data/type/:type",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ type: Type.String({ minLength: 1, maxLength: 100, pattern: "^[a-z][a-z0-9_]*$" }) }),
        response: { 200: Ok(Type.Array(DictDatum)) },
      },
    },
    async (request) => ok(request, await dictValues(db, request.params.type, request.language)),
  );
}
