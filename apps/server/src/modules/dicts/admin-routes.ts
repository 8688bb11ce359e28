import {
  DICT_TYPE_PATTERN,
  DictDataBody,
  DictDataView,
  DictTypeBody,
  DictTypeView,
  Id,
  LocalizedInput,
  Ok,
} from "@rampart/contracts";
import type { FastifyInstance } from "fastify";
import { Type } from "typebox";
import type { Db } from "../../db/client.ts";
import { ok } from "../../http/envelope.ts";
import {
  createDictData,
  createDictType,
  listDictData,
  listDictTypes,
  removeDictData,
  removeDictType,
  updateDictData,
  updateDictType,
} from "./admin.ts";

const TypeParams = Type.Object({ dictType: Type.String({ pattern: DICT_TYPE_PATTERN }) });
const CodeParams = Type.Object({ dictCode: Id() });
const TypeUpdate = Type.Object(
  { dictName: LocalizedInput, status: Type.Union([Type.Literal("0"), Type.Literal("1")]) },
  { additionalProperties: false },
);
const list = { permission: "system:dict:list" } as const;
const add = { permission: "system:dict:add", global: true } as const;
const edit = { permission: "system:dict:edit", global: true } as const;
const remove = { permission: "system:dict:remove", global: true } as const;

/** System management → Dictionaries: types and their values, labels in every language. */
export async function dictAdminRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }) {
  app.get(
    "/prod-api/system/dict/type/list",
    { config: { access: list }, schema: { response: { 200: Ok(Type.Array(DictTypeView)) } } },
    async (request) => ok(request, await listDictTypes(db)),
  );
  app.post<{ Body: DictTypeBody }>(
    "/prod-api/system/dict/type",
    { config: { access: add }, schema: { body: DictTypeBody } },
    async (request) => {
      const row = await createDictType(db, request.body);
      request.changed = { before: null, after: row };
      return ok(request, null);
    },
  );
  app.put<{ Params: { dictType: string }; Body: Type.Static<typeof TypeUpdate> }>(
    "/prod-api/system/dict/type/:dictType",
    { config: { access: edit }, schema: { params: TypeParams, body: TypeUpdate } },
    async (request) => {
      request.changed = await updateDictType(db, request.params.dictType, request.body, now());
      return ok(request, null);
    },
  );
  app.delete<{ Params: { dictType: string } }>(
    "/prod-api/system/dict/type/:dictType",
    { config: { access: remove }, schema: { params: TypeParams } },
    async (request) => {
      request.changed = { before: await removeDictType(db, request.params.dictType), after: null };
      return ok(request, null);
    },
  );

  app.get<{ Querystring: { dictType: string } }>(
    "/prod-api/system/dict/data/list",
    {
      config: { access: list },
      schema: { querystring: TypeParams, response: { 200: Ok(Type.Array(DictDataView)) } },
    },
    async (request) => ok(request, await listDictData(db, request.query.dictType)),
  );
  app.post<{ Body: DictDataBody }>(
    "/prod-api/system/dict/data",
    { config: { access: add }, schema: { body: DictDataBody, response: { 200: Ok(DictDataView) } } },
    async (request) => {
      const datum = await createDictData(db, request.body);
      request.changed = { before: null, after: datum };
      return ok(request, datum);
    },
  );
  app.put<{ Params: { dictCode: number }; Body: DictDataBody }>(
    "/prod-api/system/dict/data/:dictCode",
    {
      config: { access: edit },
      schema: { params: CodeParams, body: DictDataBody, response: { 200: Ok(DictDataView) } },
    },
    async (request) => {
      const change = await updateDictData(db, request.params.dictCode, request.body, now());
      request.changed = change;
      return ok(request, change.after);
    },
  );
  app.delete<{ Params: { dictCode: number } }>(
    "/prod-api/system/dict/data/:dictCode",
    { config: { access: remove }, schema: { params: CodeParams } },
    async (request) => {
      request.changed = { before: await removeDictData(db, request.params.dictCode), after: null };
      return ok(request, null);
    },
  );
}
