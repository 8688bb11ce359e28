import { isLanguage, type Language, Ok, RouterEntry } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import { buildRouterTree } from "./router-tree.ts";
import { menusFor } from "./service.ts";

export async function menuRoutes(app: FastifyInstance, { db }: { db: Db }) {
  /** The menu tree the caller may see, with titles in the language of the path. */
  app.get<{ Params: { lang: string } }>(
    "/prod-api/system/menu/getRouters/:lang",
    {
      config: { access: "signed-in" },
      schema: {
        params: Type.Object({ lang: Type.String({ maxLength: 16 }) }),
        response: { 200: Ok(Type.Array(RouterEntry)) },
      },
    },
    async (request) => {
      const { lang } = request.params;
      if (!isLanguage(lang)) throw new BadRequestError("language_invalid", { value: lang.slice(0, 16) });
      const principal = principalOf(request);
      return ok(request, buildRouterTree(await menusFor(db, principal), lang as Language));
    },
  );
}
