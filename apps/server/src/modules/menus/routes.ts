import { isLanguage, type Language, Ok, RouterEntry, SingleLine } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { buildRouterTree } from "./router-tree.ts";
import { menusFor } from "./service.ts";

export async function menuRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionDirectory }) {
  // The tree depends only on the roles and the language: kept per both, dropped when grants change
  // (on every process, through the session directory's notification).
  // Kept as JSON text, so that a request costs no serialisation of the tree.
  const trees = new LRUCache<string, string>({ max: 1_000, ttl: 60_000 });
  sessions.onGrantsChanged(() => trees.clear());

  /** The menu tree the caller may see, with titles in the language of the path. */
  app.get<{ Params: { lang: string } }>(
    "/prod-api/system/menu/getRouters/:lang",
    {
      config: { access: "signed-in", allowedBeforeTwoFactor: true },
      schema: {
        params: Type.Object({ lang: SingleLine({ maxLength: 16 }) }),
        response: { 200: Ok(Type.Array(RouterEntry)) },
      },
    },
    async (request, reply) => {
      const { lang } = request.params;
      if (!isLanguage(lang)) throw new BadRequestError("language_invalid", { value: lang.slice(0, 16) });
      const principal = principalOf(request);
      const key = `${[...principal.roles].sort().join(",")}\n${lang}`;
      let tree = trees.get(key);
      if (!tree) {
        tree = JSON.stringify(buildRouterTree(await menusFor(db, principal), lang as Language));
        trees.set(key, tree);
      }
      const { code, msg } = ok(request, null);
      return reply
        .type("application/json; charset=utf-8")
        .send(`{"code":${code},"msg":${JSON.stringify(msg)},"data":${tree}}`);
    },
  );
}
