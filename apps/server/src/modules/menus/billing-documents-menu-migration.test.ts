import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { sysMenu } from "../../db/schema.ts";
import { serverFile } from "../../server-files.ts";
import { openTestDatabase } from "../../testing/test-database.ts";

// Migration 0039 renames the operators' invoice menu entry from words that name a tax invoice
// (发票管理, Hóa đơn) to the title new installations are seeded with, but never an entry an
// operator has renamed.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

const migration = readFileSync(serverFile("drizzle", "0039_billing_documents_menu.sql"), "utf8");
const entry = eq(sysMenu.component, "business/invoice/index");
const titleOf = async () => (await database.db.select({ title: sysMenu.title }).from(sysMenu).where(entry))[0]?.title;

it("seeds the neutral title, and gives it to installations seeded with the old one", async () => {
  expect(await titleOf()).toMatchObject({ en: "Billing documents", "zh-CN": "单据管理", vi: "Chứng từ thanh toán" });
  const old = { en: "Invoices", "zh-CN": "发票管理", "zh-TW": "發票管理", id: "Faktur", vi: "Hóa đơn" };
  await database.db.update(sysMenu).set({ title: old }).where(entry);
  await database.db.execute(sql.raw(migration));
  expect(await titleOf()).toEqual({
    en: "Billing documents",
    "zh-CN": "单据管理",
    "zh-TW": "單據管理",
    id: "Dokumen tagihan",
    vi: "Chứng từ thanh toán",
  });
});

it("keeps a title an operator chose", async () => {
  const chosen = { en: "Receipts", "zh-CN": "收据", "zh-TW": "收據", id: "Kuitansi", vi: "Biên nhận" };
  await database.db.update(sysMenu).set({ title: chosen }).where(entry);
  await database.db.execute(sql.raw(migration));
  expect(await titleOf()).toEqual(chosen);
});
