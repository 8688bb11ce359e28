import { CONFIG_KEY_PATTERN, ConfigBody, ConfigUpdate, ConfigView, Ok, SingleLine } from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import { createConfig, listConfigs, removeConfig, updateConfig } from "./admin.ts";

const KeyParams = Type.Object({ configKey: Type.String({ pattern: CONFIG_KEY_PATTERN }) });

/** System management → Settings: named values the product and its pages read. */
export async function configAdminRoutes(
  app: FastifyInstance,
  { db, sessions, now }: { db: Db; sessions: { userChanged(): Promise<void> }; now: () => Date },
) {
  // Sessions carry what some settings decide (whether a customer may order yet): a change of a
  // setting has every process reload them on their next request, before the change is answered.
  app.addHook("onSend", async (request, reply, payload) => {
    if (request.method !== "GET" && reply.statusCode < 400) await sessions.userChanged();
    return payload;
  });
  app.get<{ Querystring: { keyPrefix?: string } }>(
    "/prod-api/system/config/list",
    {
      config: { access: { permission: "system:config:list" } },
      schema: {
        querystring: Type.Object({ keyPrefix: Type.Optional(SingleLine({ maxLength: 100 })) }),
        response: { 200: Ok(Type.Array(ConfigView)) },
      },
    },
    async (request) => ok(request, await listConfigs(db, request.query.keyPrefix)),
  );
  app.post<{ Body: ConfigBody }>(
    "/prod-api/system/config",
    {
      config: { access: { permission: "system:config:add", global: true } },
      schema: { body: ConfigBody, response: { 200: Ok(ConfigView) } },
    },
    async (request) => {
      const config = await createConfig(db, request.body);
      request.changed = { before: null, after: config };
      return ok(request, config);
    },
  );
  app.put<{ Params: { configKey: string }; Body: Type.Static<typeof ConfigUpdate> }>(
    "/prod-api/system/config/:configKey",
    {
      config: { access: { permission: "system:config:edit", global: true } },
      schema: { params: KeyParams, body: ConfigUpdate, response: { 200: Ok(ConfigView) } },
    },
    async (request) => {
      const change = await updateConfig(db, request.params.configKey, request.body, now());
      request.changed = change;
      return ok(request, change.after);
    },
  );
  app.delete<{ Params: { configKey: string } }>(
    "/prod-api/system/config/:configKey",
    {
      config: { access: { permission: "system:config:remove", global: true } },
      schema: { params: KeyParams, response: { 200: Ok(ConfigView) } },
    },
    async (request) => {
      const config = await removeConfig(db, request.params.configKey);
      request.changed = { before: config, after: null };
      return ok(request, config);
    },
  );
}
