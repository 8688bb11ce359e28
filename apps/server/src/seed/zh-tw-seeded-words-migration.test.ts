import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../db/client.ts";
import { sysConfig, sysMenu } from "../db/schema.ts";
import { serverFile } from "../server-files.ts";
import { openTestDatabase } from "../testing/test-database.ts";

// Migration 0040 gives installations seeded earlier the Traditional Chinese titles a new one is
// seeded with (issue 45: 客戶線索, 站點管理, 重新投遞, 續費 are mainland usage), but never one an
// operator has changed, and touches no other language.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

// Its statements one at a time, as the migrator runs them.
const statements = readFileSync(serverFile("drizzle", "0040_zh_tw_seeded_words.sql"), "utf8").split(
  "--> statement-breakpoint",
);
const migrate = async () => {
  for (const statement of statements) await database.db.execute(sql.raw(statement));
};
const menus = {
  lead: eq(sysMenu.component, "business/lead/index"),
  site: eq(sysMenu.component, "system/site/index"),
  replay: eq(sysMenu.perms, "system:webhook:replay"),
};
const renewal = eq(sysConfig.configKey, "sys.lifecycle.renewalDays");
const titles = async () => {
  const out: Record<string, Record<string, string>> = {};
  for (const [name, where] of Object.entries(menus))
    out[name] = (await database.db.select({ title: sysMenu.title }).from(sysMenu).where(where))[0]!.title;
  out.renewal = (await database.db.select({ name: sysConfig.configName }).from(sysConfig).where(renewal))[0]!.name;
  return out;
};
const zhTw = (all: Record<string, Record<string, string>>) =>
  Object.fromEntries(Object.entries(all).map(([name, title]) => [name, title["zh-TW"]]));
/** Sets the zh-TW text of each entry named, as an operator or an older seed left it. */
const setZhTw = async (over: Record<string, string>) => {
  const zhTwOf = (column: string, text: string) =>
    sql`jsonb_set(${sql.raw(column)}, '{zh-TW}', to_jsonb(${text}::text))`;
  for (const [name, text] of Object.entries(over)) {
    if (name === "renewal")
      await database.db
        .update(sysConfig)
        .set({ configName: zhTwOf("config_name", text) })
        .where(renewal);
    else
      await database.db
        .update(sysMenu)
        .set({ title: zhTwOf("title", text) })
        .where(menus[name as keyof typeof menus]);
  }
};

const NEW = { lead: "潛在客戶", site: "網站管理", replay: "重新傳送", renewal: "續約訂單產生時間（到期前天數）" };

it("seeds the Taiwanese titles, and gives them to installations seeded with the old ones", async () => {
  const seeded = await titles();
  expect(zhTw(seeded)).toEqual(NEW);
  await setZhTw({ lead: "客戶線索", site: "站點管理", replay: "重新投遞", renewal: "續費訂單產生時間（到期前天數）" });
  await migrate();
  const migrated = await titles();
  expect(zhTw(migrated)).toEqual(NEW);
  // The other languages are the seeded ones still.
  expect(migrated).toEqual(seeded);
});

it("keeps a title an operator chose", async () => {
  const chosen = { lead: "客戶諮詢", site: "品牌網站", replay: "再送一次", renewal: "續約單提前天數" };
  await setZhTw(chosen);
  await migrate();
  expect(zhTw(await titles())).toEqual(chosen);
});
