import { DEFAULT_CATALOGUE, defaultConfiguration, quote } from "@rampart/pricing";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Database } from "../../db/client.ts";
import { bizPriceList } from "../../db/schema.ts";
import { openTestDatabase } from "../../testing/test-database.ts";
import { loadCatalogue } from "./service.ts";

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase(); // seeded as at first start
});
afterAll(() => database.close());

it("seeds a CNY price list and a VND one whose prices end in thousands", async () => {
  const cny = await loadCatalogue(database.db, "CNY");
  expect(cny).toEqual(DEFAULT_CATALOGUE);
  const vnd = await loadCatalogue(database.db, "vnd");
  expect(vnd.currency).toBe("VND");
  expect(vnd.products.ddos.editions.find((e) => e.code === "enterprise")?.regions.mainland).toBe(10_797_000);
  const result = quote(vnd, defaultConfiguration(vnd, "waf"));
  expect(result.ok && result.fee.amount % 1000).toBe(0);
});

it("keeps the catalogue's order of regions although the stored document does not keep its keys' order", async () => {
  const cny = await loadCatalogue(database.db, "CNY");
  expect(defaultConfiguration(cny, "waf").region).toBe("mainland");
});

it("answers a currency without a list with the CNY one", async () => {
  expect((await loadCatalogue(database.db, "USD")).currency).toBe("CNY");
});

it("reads the operator's prices from the database, not the seed", async () => {
  const changed = structuredClone(DEFAULT_CATALOGUE);
  changed.minimumAmount = 4242;
  await database.db.update(bizPriceList).set({ catalogue: changed }).where(eq(bizPriceList.currency, "CNY"));
  expect((await loadCatalogue(database.db, "CNY")).minimumAmount).toBe(4242);
});
