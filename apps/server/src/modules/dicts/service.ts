import type { DictDatum, Language } from "@rampart/contracts";
import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db/client.ts";
import { sysDictData, sysDictType } from "../../db/schema.ts";

/** The enabled values of an enabled dictionary, labels in a language (an unknown type: none). */
export async function dictValues(db: Db, dictType: string, language: Language): Promise<DictDatum[]> {
  const rows = await db
    .select({ data: sysDictData })
    .from(sysDictData)
    .innerJoin(sysDictType, eq(sysDictType.dictType, sysDictData.dictType))
    .where(and(eq(sysDictData.dictType, dictType), eq(sysDictData.status, "0"), eq(sysDictType.status, "0")))
    .orderBy(asc(sysDictData.dictSort), asc(sysDictData.dictCode));
  return rows.map(({ data }) => ({
    dictCode: data.dictCode,
    dictSort: data.dictSort,
    dictLabel: data.dictLabel[language] || data.dictLabel.en || data.dictValue,
    dictValue: data.dictValue,
    dictType: data.dictType,
    listClass: data.listClass,
    cssClass: data.cssClass,
    isDefault: data.isDefault ? "Y" : "N",
    status: data.status,
  }));
}
