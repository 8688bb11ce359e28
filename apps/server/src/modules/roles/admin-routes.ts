import {
  Id,
  MenuGrantNode,
  Ok,
  Page,
  RoleCreateBody,
  RoleListQuery,
  RoleTwoFactorBody,
  RoleUpdateBody,
  RoleView,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { actorOf } from "../../http/actor.ts";
import { ok, page } from "../../http/envelope.ts";
import type { SessionDirectory } from "../auth/sessions.ts";
import { createRole, grantableMenus, listRoles, removeRole, setRoleTwoFactor, updateRole } from "./admin.ts";

const RoleIdParams = Type.Object({ roleId: Id() });

/**
 * System management → Roles: the list, the menu tree a role can be granted, create, edit (names,
 * order, status, menus and buttons) and remove. Nobody grants what they do not hold; every change
 * reaches every process's sessions at once.
 */
export async function roleAdminRoutes(
  app: FastifyInstance,
  { db, sessions, now }: { db: Db; sessions: SessionDirectory; now: () => Date },
) {
  app.get<{ Querystring: RoleListQuery }>(
    "/prod-api/system/role/list",
    {
      config: { access: { permission: "system:role:list" } },
      schema: { querystring: RoleListQuery, response: { 200: Page(RoleView) } },
    },
    async (request) => {
      const { rows, total } = await listRoles(db, request.query);
      return page(request, rows, total);
    },
  );

  /** The menus and buttons the caller may grant, titled in their language (RuoYi's treeselect). */
  app.get(
    "/prod-api/system/menu/treeselect",
    {
      config: { access: { permission: "system:role:list" } },
      schema: { response: { 200: Ok(Type.Array(MenuGrantNode)) } },
    },
    async (request) => ok(request, await grantableMenus(db, actorOf(request), request.language)),
  );

  app.post<{ Body: RoleCreateBody }>(
    "/prod-api/system/role",
    {
      config: { access: { permission: "system:role:add", global: true } },
      schema: { body: RoleCreateBody, response: { 200: Ok(RoleView) } },
    },
    async (request) => {
      const role = await createRole(db, request.body, actorOf(request));
      request.changed = { before: null, after: role };
      return ok(request, role);
    },
  );

  app.put<{ Params: { roleId: number }; Body: RoleUpdateBody }>(
    "/prod-api/system/role/:roleId",
    {
      config: { access: { permission: "system:role:edit", global: true } },
      schema: { params: RoleIdParams, body: RoleUpdateBody, response: { 200: Ok(RoleView) } },
    },
    async (request) => {
      const change = await updateRole(db, request.params.roleId, request.body, actorOf(request), now());
      await sessions.grantsChanged();
      request.changed = change;
      return ok(request, change.after);
    },
  );

  /** Members of the role must (or need no longer) sign in with a second factor. */
  app.put<{ Params: { roleId: number }; Body: RoleTwoFactorBody }>(
    "/prod-api/system/role/:roleId/twoFactor",
    {
      config: { access: { permission: "system:role:edit", global: true } },
      schema: { params: RoleIdParams, body: RoleTwoFactorBody, response: { 200: Ok(RoleView) } },
    },
    async (request) => {
      const change = await setRoleTwoFactor(db, request.params.roleId, request.body.required, actorOf(request), now());
      await sessions.grantsChanged(); // members' sessions learn at once whether they must enrol
      request.changed = change;
      return ok(request, change.after);
    },
  );

  app.delete<{ Params: { roleId: number } }>(
    "/prod-api/system/role/:roleId",
    {
      config: { access: { permission: "system:role:remove", global: true } },
      schema: { params: RoleIdParams, response: { 200: Ok(RoleView) } },
    },
    async (request) => {
      const role = await removeRole(db, request.params.roleId, actorOf(request));
      await sessions.grantsChanged();
      request.changed = { before: role, after: null };
      return ok(request, role);
    },
  );
}
