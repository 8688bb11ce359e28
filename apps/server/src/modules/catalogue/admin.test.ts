import { randomUUID } from "node:crypto";
import { type Catalogue, MAX_LIST_AMOUNT } from "@rampart/pricing";
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bizPriceList, sysMenu, sysRole, sysRoleMenu, sysSite } from "../../db/schema.ts";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};

const read = async (headers: Record<string, string>, currency = "CNY") => {
  const response = await t.app.inject({ url: `/prod-api/business/catalog/${currency}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as { currency: string; updatedAt: string; catalogue: Catalogue };
};
const save = (headers: Record<string, string>, catalogue: Catalogue, updatedAt: string, currency = "CNY") =>
  t.app.inject({
    method: "PUT",
    url: `/prod-api/business/catalog/${currency}`,
    headers,
    payload: { catalogue, updatedAt },
  });
/** The first DDoS package sold in mainland China by the month, and its index. */
const ddosPackage = (catalogue: Catalogue) => {
  const index = catalogue.products.ddos.editions.findIndex(
    (e) => e.regions.mainland !== undefined && !e.trialDays && !e.onRequest,
  );
  return { index, edition: catalogue.products.ddos.editions[index]! };
};
const orderAmount = async (edition: string) => {
  const response = await t.app.inject({
    method: "POST",
    url: "/prod-api/order/trade/order/createOrder",
    headers: as.customer,
    payload: {
      product: "ddos",
      configuration: `edition=${edition}&region=mainland&duration=month-1`,
      action: "new",
      payMethod: "offline",
      idempotencyKey: randomUUID(),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.amount as number;
};

beforeAll(async () => {
  t = await openTestApp();
  const db = t.database.db;
  // A pricing clerk bound to the demo brand, with the right to edit prices: still not theirs to change.
  const [role] = await db
    .insert(sysRole)
    .values({ roleKey: "pricing", roleName: { en: "Pricing" } })
    .returning();
  const menus = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(inArray(sysMenu.perms, ["business:manage:query", "business:catalog:list", "business:catalog:edit"]));
  await db.insert(sysRoleMenu).values(menus.map(({ menuId }) => ({ roleId: role!.roleId, menuId })));
  const [demo] = await db.select().from(sysSite).where(eq(sysSite.agentCode, "LOTUS"));
  await createUser(db, {
    userName: "lan.pricing",
    password: "lan-pricing-12",
    roles: ["pricing"],
    siteId: demo!.siteId,
  });
  await createUser(db, { userName: "nina", password: "nina-pass-12" });
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  as.bound = await signIn(t.app, "lan.pricing", "lan-pricing-12", { host: "demo.localhost" });
  as.customer = await signIn(t.app, "nina", "nina-pass-12");
});
afterAll(() => t.close());

describe("Business → Prices", () => {
  it("lists the price lists with the sites that sell from them", async () => {
    const response = await t.app.inject({ url: "/prod-api/business/catalog/list", headers: as.admin });
    const lists = response.json().data as { currency: string; sites: { company: string }[] }[];
    expect(lists.map((l) => l.currency)).toEqual(["CNY", "VND"]);
    expect(lists[1]!.sites.map((s) => s.company)).toEqual(["Lotus Shield"]);
    expect(lists[0]!.sites.length).toBeGreaterThan(0);
  });

  it("changes a price: the next order costs the new price", async () => {
    const { catalogue, updatedAt } = await read(as.admin!);
    const { index, edition } = ddosPackage(catalogue);
    const before = await orderAmount(edition.code);
    const price = edition.regions.mainland!;
    catalogue.products.ddos.editions[index]!.regions.mainland = price + 12_300;
    const response = await save(as.admin!, catalogue, updatedAt);
    expect(response.statusCode).toBe(200);
    expect((await read(as.admin!)).catalogue.products.ddos.editions[index]!.regions.mainland).toBe(price + 12_300);
    expect(await orderAmount(edition.code)).toBe(before + 12_300);
  });

  it("refuses wrong values field by field, and changes nothing", async () => {
    const { catalogue, updatedAt } = await read(as.admin!);
    const edited = structuredClone(catalogue);
    const { index } = ddosPackage(edited);
    edited.products.ddos.editions[index]!.regions.mainland = MAX_LIST_AMOUNT + 1;
    edited.products.ddos.durations[0]!.discountPercent = 99;
    const response = await save(as.admin!, edited, updatedAt);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("Some prices are not valid; please correct the highlighted fields");
    expect(response.json().data.map((p: { field: string }) => p.field)).toEqual([
      `products.ddos.editions.${index}.regions.mainland`,
      "products.ddos.durations.0.discountPercent",
    ]);
    // A fraction or a negative amount does not even pass the request's schema.
    const fraction = structuredClone(catalogue);
    fraction.products.ddos.editions[index]!.regions.mainland = 1.5;
    expect((await save(as.admin!, fraction, updatedAt)).json().msg).toBe(
      `Region prices (Packages, item ${index + 1}) has the wrong type`,
    );
    const negative = structuredClone(catalogue);
    negative.minimumAmount = -100;
    expect((await save(as.admin!, negative, updatedAt)).statusCode).toBe(400);
    const [row] = await t.database.db.select().from(bizPriceList).where(eq(bizPriceList.currency, "CNY"));
    expect(row!.catalogue).toEqual(catalogue);
    expect(row!.updatedAt.toISOString()).toBe(updatedAt);
  });

  it("reads and changes the overage rate per Mbps-month, checked like the other prices", async () => {
    const { catalogue, updatedAt } = await read(as.admin!);
    const { index, edition } = ddosPackage(catalogue);
    expect(edition.overageRate).toBe(750);
    const wrong = structuredClone(catalogue);
    wrong.products.ddos.editions[index]!.overageRate = MAX_LIST_AMOUNT + 1;
    const refused = await save(as.admin!, wrong, updatedAt);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().data.map((p: { field: string }) => p.field)).toEqual([
      `products.ddos.editions.${index}.overageRate`,
    ]);
    const fraction = structuredClone(catalogue);
    fraction.products.ddos.editions[index]!.overageRate = 7.5;
    expect((await save(as.admin!, fraction, updatedAt)).statusCode).toBe(400);
    const edited = structuredClone(catalogue);
    edited.products.ddos.editions[index]!.overageRate = 900;
    expect((await save(as.admin!, edited, updatedAt)).statusCode).toBe(200);
    expect(ddosPackage((await read(as.admin!)).catalogue).edition.overageRate).toBe(900);
  });

  it("changes prices only, on the list as it was read", async () => {
    const { catalogue, updatedAt } = await read(as.admin!);
    const fewer = structuredClone(catalogue);
    fewer.products.cdn.editions.pop();
    const structure = await save(as.admin!, fewer, updatedAt, "CNY");
    expect(structure.statusCode).toBe(400);
    expect(structure.json().msg).toMatch(/Only prices can be changed/);
    const stale = await save(as.admin!, catalogue, "2020-01-01T00:00:00.000Z");
    expect(stale.statusCode).toBe(409);
    expect((await save(as.admin!, catalogue, updatedAt, "USD")).statusCode).toBe(404);
  });

  it("lets an operator bound to a site read the lists but not change them; customers see nothing", async () => {
    const { catalogue, updatedAt } = await read(as.bound!, "VND");
    const refused = await save(as.bound!, catalogue, updatedAt, "VND");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().msg).toMatch(/shared by every site/);
    expect((await t.app.inject({ url: "/prod-api/business/catalog/list", headers: as.customer })).statusCode).toBe(403);
    expect((await save(as.customer!, catalogue, updatedAt, "VND")).statusCode).toBe(403);
  });
});
