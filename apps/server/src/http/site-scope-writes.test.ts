import { GLOBAL_PERMISSIONS } from "@rampart/contracts";
import { eq, like, or } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysConfig, sysMenu, sysRole, sysRoleMenu, sysSite } from "../db/schema.ts";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";

/**
 * RuoYi's CVE-2026-37669 pattern, as the attack review found it here: an operator bound to one
 * brand's site, holding the system-management permissions, deleted another brand's site, created
 * sites, closed registration on every site and gave every customer order confirmation through
 * ROLE_DEFAULT. Global objects are changed by an administrator or an operator bound to no site.
 */
let t: TestApp;
const as: Record<string, { authorization: string }> = {};
let lotusSite: number;
let defaultSite: number;
const call = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, headers: object, payload?: object) =>
  t.app.inject({ method, url, headers: { ...headers }, ...(payload ? { payload } : {}) });

beforeAll(async () => {
  t = await openTestApp();
  const { db } = t.database;
  const all = await db.select().from(sysSite);
  lotusSite = all.find((s) => s.agentCode === "LOTUS")!.siteId;
  defaultSite = all.find((s) => s.isDefault)!.siteId;
  const [role] = await db
    .insert(sysRole)
    .values({ roleKey: "brand_admin", roleName: { en: "Brand admin" } })
    .returning();
  const menus = await db
    .select({ menuId: sysMenu.menuId })
    .from(sysMenu)
    .where(or(like(sysMenu.perms, "system:%"), like(sysMenu.perms, "business:order:%")));
  await db.insert(sysRoleMenu).values(menus.map((m) => ({ roleId: role!.roleId, menuId: m.menuId })));
  await createUser(db, {
    userName: "brand.ops",
    password: "brand-ops-pass-1",
    roles: ["brand_admin"],
    siteId: lotusSite,
  });
  await createUser(db, { userName: "global.ops", password: "global-ops-pass-1", roles: ["brand_admin"] });
  as.brand = await signIn(t.app, "brand.ops", "brand-ops-pass-1", { host: "demo.localhost" });
  as.global = await signIn(t.app, "global.ops", "global-ops-pass-1");
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const siteBody = {
  company: "Mekong Shield",
  themeColor: "#0F766E",
  contactWay: "+84 28 7300 9999",
  logo1: "",
  webDomain: "mekong.example",
  consoleDomain: "console.mekong.example",
  region: "VN",
  agentCode: "MEKONG",
  currency: "VND",
  domains: ["mekong.example"],
};

describe("writes of an operator bound to a site", () => {
  it("cannot delete another brand's site or create sites", async () => {
    const removed = await call("DELETE", `/prod-api/system/site/${defaultSite}`, as.brand!);
    expect(removed.statusCode).toBe(403);
    expect(removed.json().msg).toBe(
      "This applies to every site; only an administrator or an operator who is not bound to a site can change it",
    );
    const created = await call("POST", "/prod-api/system/site", { ...as.brand!, "accept-language": "zh-TW" }, siteBody);
    expect(created.statusCode).toBe(403);
    expect(created.json().msg).toBe("此項對所有網站生效，只有管理員或未綁定網站的營運人員可以修改");
    expect((await t.database.db.select().from(sysSite)).length).toBe(2);
  });

  it("cannot change a global setting such as registration on every site", async () => {
    const closed = await call("PUT", "/prod-api/system/config/sys.account.registerUser", as.brand!, {
      configValue: "false",
    });
    expect(closed.statusCode).toBe(403);
    const [setting] = await t.database.db
      .select()
      .from(sysConfig)
      .where(eq(sysConfig.configKey, "sys.account.registerUser"));
    expect(setting!.configValue).not.toBe("false");
    const added = await call("POST", "/prod-api/system/config", as.brand!, {
      configKey: "brand.note",
      configName: { en: "Note" },
      configValue: "x",
    });
    expect(added.statusCode).toBe(403);
  });

  it("cannot give every site's customers a permission through ROLE_DEFAULT, nor change menus or dictionaries", async () => {
    const { db } = t.database;
    const [role] = await db.select().from(sysRole).where(eq(sysRole.roleKey, "ROLE_DEFAULT"));
    const before = await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role!.roleId));
    const [confirm] = await db.select().from(sysMenu).where(eq(sysMenu.perms, "business:order:confirm"));
    const changed = await call("PUT", `/prod-api/system/role/${role!.roleId}`, as.brand!, {
      roleName: { en: "Customer" },
      sort: 3,
      status: "0",
      menuIds: [...before.map((r) => r.menuId), confirm!.menuId],
    });
    expect(changed.statusCode).toBe(403);
    expect((await db.select().from(sysRoleMenu).where(eq(sysRoleMenu.roleId, role!.roleId))).length).toBe(
      before.length,
    );
    expect((await call("DELETE", `/prod-api/system/menu/${confirm!.menuId}`, as.brand!)).statusCode).toBe(403);
    expect(
      (
        await call("POST", "/prod-api/system/dict/type", as.brand!, {
          dictType: "brand_kind",
          dictName: { en: "Kind" },
        })
      ).statusCode,
    ).toBe(403);
  });

  it("still brands their own site; an operator bound to no site keeps the global writes", async () => {
    const [own] = (await call("GET", "/prod-api/system/site/list", as.brand!)).json().data;
    const branded = await call("PUT", `/prod-api/system/site/${lotusSite}`, as.brand!, {
      ...siteBody,
      company: "Lotus Shield Plus",
      agentCode: own.agentCode,
      currency: own.currency,
      domains: own.domains,
    });
    expect(branded.statusCode).toBe(200);
    const created = await call("POST", "/prod-api/system/site", as.global!, siteBody);
    expect(created.statusCode).toBe(200);
  });
});

describe("the list of global permissions the console hides from site-bound operators", () => {
  it("is exactly the permissions of the routes that refuse them", () => {
    const refused = new Set(
      t.app.accessTable.flatMap(({ access }) =>
        typeof access === "object" && "permission" in access && access.global ? [access.permission] : [],
      ),
    );
    expect([...refused].sort()).toEqual([...GLOBAL_PERMISSIONS].sort());
    // And no route that some site-bound operator may use asks for one of them.
    for (const { access, method, url } of t.app.accessTable) {
      if (typeof access === "object" && "permission" in access && GLOBAL_PERMISSIONS.has(access.permission)) {
        expect(access.global, `${method} ${url}`).toBe(true);
      }
    }
  });
});
