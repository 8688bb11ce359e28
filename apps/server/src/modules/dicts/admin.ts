import type { DictDataBody, DictDataView, DictTypeBody, DictTypeView } from "@rampart/contracts";
import { and, asc, count, eq, ne } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysDictData, sysDictType } from "../../db/schema.ts";
import { AppError, NotFoundError } from "../../http/errors.ts";

/** Dictionaries the product's own pages read: changed, never deleted. */
export const BUILT_IN_DICTS = new Set(["sys_normal_disable", "sys_show_hide", "sys_yes_no", "sys_common_status"]);

type DataRow = typeof sysDictData.$inferSelect;
const dataView = (row: DataRow): DictDataView => ({
  dictCode: row.dictCode,
  dictType: row.dictType,
  dictSort: row.dictSort,
  dictLabel: row.dictLabel,
  dictValue: row.dictValue,
  listClass: row.listClass,
  cssClass: row.cssClass,
  isDefault: row.isDefault,
  status: row.status,
});

export async function listDictTypes(db: Db): Promise<DictTypeView[]> {
  const [types, counts] = await Promise.all([
    db.select().from(sysDictType).orderBy(asc(sysDictType.dictType)),
    db.select({ dictType: sysDictData.dictType, n: count() }).from(sysDictData).groupBy(sysDictData.dictType),
  ]);
  return types.map((row) => ({
    dictType: row.dictType,
    dictName: row.dictName,
    status: row.status,
    values: counts.find((c) => c.dictType === row.dictType)?.n ?? 0,
    builtIn: BUILT_IN_DICTS.has(row.dictType),
  }));
}

export async function createDictType(db: Db, body: DictTypeBody) {
  const [taken] = await db.select().from(sysDictType).where(eq(sysDictType.dictType, body.dictType));
  if (taken) throw new AppError(409, "dict_taken", { value: body.dictType });
  const [row] = await db.insert(sysDictType).values(body).returning();
  return row!;
}

/** A dictionary's name and status (its key is fixed: pages refer to it). */
export async function updateDictType(
  db: Db,
  dictType: string,
  body: Pick<DictTypeBody, "dictName" | "status">,
  now: Date,
) {
  const [before] = await db.select().from(sysDictType).where(eq(sysDictType.dictType, dictType));
  if (!before) throw new NotFoundError("dict_not_found");
  const [after] = await db
    .update(sysDictType)
    .set({ dictName: body.dictName, status: body.status, updatedAt: now })
    .where(eq(sysDictType.dictType, dictType))
    .returning();
  return { before, after: after! };
}

export async function removeDictType(db: Db, dictType: string) {
  if (BUILT_IN_DICTS.has(dictType)) throw new AppError(409, "setting_built_in", { value: dictType });
  const [row] = await db.delete(sysDictType).where(eq(sysDictType.dictType, dictType)).returning();
  if (!row) throw new NotFoundError("dict_not_found");
  return row;
}

export async function listDictData(db: Db, dictType: string): Promise<DictDataView[]> {
  const rows = await db
    .select()
    .from(sysDictData)
    .where(eq(sysDictData.dictType, dictType))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  return rows.map(dataView);
}

async function assertValueFree(db: Db, body: DictDataBody, dictCode: number | null) {
  const [type] = await db.select().from(sysDictType).where(eq(sysDictType.dictType, body.dictType));
  if (!type) throw new NotFoundError("dict_not_found");
  const [taken] = await db
    .select()
    .from(sysDictData)
    .where(
      and(
        eq(sysDictData.dictType, body.dictType),
        eq(sysDictData.dictValue, body.dictValue),
        dictCode === null ? undefined : ne(sysDictData.dictCode, dictCode),
      ),
    );
  if (taken) throw new AppError(409, "dict_taken", { value: body.dictValue });
}

export async function createDictData(db: Db, body: DictDataBody): Promise<DictDataView> {
  await assertValueFree(db, body, null);
  const [row] = await db.insert(sysDictData).values(body).returning();
  return dataView(row!);
}

export async function updateDictData(db: Db, dictCode: number, body: DictDataBody, now: Date) {
  const [before] = await db.select().from(sysDictData).where(eq(sysDictData.dictCode, dictCode));
  if (!before) throw new NotFoundError("dict_not_found");
  await assertValueFree(db, { ...body, dictType: before.dictType }, dictCode);
  const [after] = await db
    .update(sysDictData)
    .set({ ...body, dictType: before.dictType, updatedAt: now })
    .where(eq(sysDictData.dictCode, dictCode))
    .returning();
  return { before: dataView(before), after: dataView(after!) };
}

export async function removeDictData(db: Db, dictCode: number): Promise<DictDataView> {
  const [row] = await db.delete(sysDictData).where(eq(sysDictData.dictCode, dictCode)).returning();
  if (!row) throw new NotFoundError("dict_not_found");
  return dataView(row);
}
