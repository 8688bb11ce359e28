import { DictDatum, Ok } from "@rampart/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { sysDictData, sysDictType } from "../../db/schema.ts";
import { ok } from "../../http/envelope.ts";

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
    async (request) => {
      const rows = await db
        .select({ data: sysDictData })
        .from(sysDictData)
        .innerJoin(sysDictType, eq(sysDictType.dictType, sysDictData.dictType))
        .where(
          and(eq(sysDictData.dictType, request.params.type), eq(sysDictData.status, "0"), eq(sysDictType.status, "0")),
        )
        .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
      return ok(
        request,
        rows.map(({ data }) => ({
          dictCode: data.dictCode,
          dictSort: data.dictSort,
          dictLabel: data.dictLabel[request.language] || data.dictLabel.en || data.dictValue,
          dictValue: data.dictValue,
          dictType: data.dictType,
          listClass: data.listClass,
          cssClass: data.cssClass,
          isDefault: data.isDefault ? "Y" : "N",
          status: data.status,
        })),
      );
    },
  );
}
