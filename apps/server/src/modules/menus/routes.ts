import { isLanguage, type Language, Ok, RouterEntry, SingleLine } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { LRUCache } from "lru-cache";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { principalOf } from "../../http/access.ts";
import { ok } from "../../http/envelope.ts";
import { BadRequestError } from "../../http/errors.ts";
import { type Precompressed, precompress, sendPrecompressed } from "../../http/precompressed.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { buildRouterTree } from "./router-tree.ts";
import { menusFor } from "./service.ts";

export async function menuRoutes(app: FastifyInstance, { db, sessions }: { db: Db; sessions: SessionDirectory }) {
  // The tree depends only on the roles and the language: kept per both, dropped when grants change
  // (on every process, through the session directory's notification).
  // Kept as the whole answer, compressed once, so that a request costs neither the serialisation
  // nor the compression of the tree (the answer's message is in the caller's language: part of
  // the key).
  const trees = new LRUCache<string, Precompressed>({ max: 1_000, ttl: 60_000 });
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
      const key = `${[...principal.roles].sort().join(",")}\n${lang}\n${request.language}`;
      let answer = trees.get(key);
      if (!answer) {
        const tree = buildRouterTree(await menusFor(db, principal), lang as Language);
        answer = precompress(JSON.stringify(ok(request, tree)));
        trees.set(key, answer);
      }
      return sendPrecompressed(request, reply.type("application/json; charset=utf-8"), answer);
    },
  );
}
