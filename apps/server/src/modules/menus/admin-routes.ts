import { Id, MenuAdminView, MenuBody, Ok } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { actorOf } from "../../http/actor.ts";
import { ok } from "../../http/envelope.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { createMenu, listMenus, removeMenu, updateMenu } from "./admin.ts";

const MenuIdParams = Type.Object({ menuId: Id() });

/**
 * System management → Menus: the whole tree, add, edit and remove entries (directories, pages,
 * buttons) with titles in every language. Every change shows in getRouters at once, on every
 * process (the router cache is dropped with the grants).
 */
export async function menuAdminRoutes(
  app: FastifyInstance,
  { db, sessions, now }: { db: Db; sessions: SessionDirectory; now: () => Date },
) {
  app.get(
    "/prod-api/system/menu/list",
    {
      config: { access: { permission: "system:menu:list" } },
      schema: { response: { 200: Ok(Type.Array(MenuAdminView)) } },
    },
    async (request) => ok(request, await listMenus(db)),
  );

  app.post<{ Body: MenuBody }>(
    "/prod-api/system/menu",
    {
      config: { access: { permission: "system:menu:add", global: true } },
      schema: { body: MenuBody, response: { 200: Ok(MenuAdminView) } },
    },
    async (request) => {
      const menu = await createMenu(db, request.body, actorOf(request));
      await sessions.grantsChanged();
      request.changed = { before: null, after: menu };
      return ok(request, menu);
    },
  );

  app.put<{ Params: { menuId: number }; Body: MenuBody }>(
    "/prod-api/system/menu/:menuId",
    {
      config: { access: { permission: "system:menu:edit", global: true } },
      schema: { params: MenuIdParams, body: MenuBody, response: { 200: Ok(MenuAdminView) } },
    },
    async (request) => {
      const change = await updateMenu(db, request.params.menuId, request.body, actorOf(request), now());
      await sessions.grantsChanged();
      request.changed = change;
      return ok(request, change.after);
    },
  );

  app.delete<{ Params: { menuId: number } }>(
    "/prod-api/system/menu/:menuId",
    {
      config: { access: { permission: "system:menu:remove", global: true } },
      schema: { params: MenuIdParams, response: { 200: Ok(MenuAdminView) } },
    },
    async (request) => {
      const menu = await removeMenu(db, request.params.menuId, actorOf(request));
      await sessions.grantsChanged();
      request.changed = { before: menu, after: null };
      return ok(request, menu);
    },
  );
}
