import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMenu, sysRole } from "../../db/schema.ts";
import { createUser, signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
const as: Record<string, Record<string, string>> = {};
const call = (
  method: "GET" | "POST" | "PUT" | "DELETE",
  url: string,
  headers: Record<string, string>,
  payload?: object,
) => t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });
const menuId = async (perms: string) =>
  (await t.database.db.select().from(sysMenu).where(eq(sysMenu.perms, perms)))[0]!.menuId;
const roleCount = async () => (await t.database.db.select().from(sysRole)).length;

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
});
afterAll(() => t.close());

const auditor = async () => ({
  roleKey: "auditor",
  roleName: { en: "Auditor", vi: "Kiểm toán viên" },
  sort: 4,
  status: "0",
  menuIds: [await menuId("monitor:logininfor:list")],
});

describe("roles", () => {
  it("are listed in order with what they grant and who holds them, searched in any language", async () => {
    const list = (await call("GET", "/prod-api/system/role/list", as.admin!)).json();
    expect(list.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(["admin", "operator", "ROLE_DEFAULT"]);
    expect(list.rows[0]).toMatchObject({ builtIn: true, users: 1 });
    expect(list.rows[1]).toMatchObject({ builtIn: false, users: 1 });
    expect(list.rows[1].menuIds.length).toBeGreaterThan(5);
    const found = (
      await call("GET", `/prod-api/system/role/list?keyword=${encodeURIComponent("vận hành")}`, as.admin!)
    ).json();
    expect(found.rows.map((r: { roleKey: string }) => r.roleKey)).toEqual(["operator"]);
    expect((await call("GET", "/prod-api/system/role/list", as.lotus!)).statusCode).toBe(403);
  });

  it("offers the menu tree in the caller's language", async () => {
    const tree = (
      await t.app.inject({
        url: "/prod-api/system/menu/treeselect",
        headers: { ...as.admin!, "accept-language": "zh-CN" },
      })
    ).json().data as { title: string; perms: string; menuType: string }[];
    expect(tree.find((n) => n.perms === "monitor:logininfor:list")?.title).toBe("登录日志");
    expect(tree.some((n) => n.menuType === "F")).toBe(true);
  });

  it("creates a role whose holders get its pages (with their directories) at once, and lose them when taken", async () => {
    const created = await call("POST", "/prod-api/system/role", as.admin!, await auditor());
    expect(created.statusCode).toBe(200);
    const role = created.json().data as { roleId: number; menuIds: number[] };
    const monitorDirectory = (await t.database.db.select().from(sysMenu).where(eq(sysMenu.path, "monitor")))[0]!;
    expect(role.menuIds).toContain(monitorDirectory.menuId);

    await createUser(t.database.db, { userName: "kim.auditor", password: "kim-pass-123", roles: ["auditor"] });
    const kim = await signIn(t.app, "kim.auditor", "kim-pass-123");
    expect((await call("GET", "/prod-api/monitor/logininfor/list", kim)).statusCode).toBe(200);
    expect((await call("GET", "/prod-api/monitor/online/list", kim)).statusCode).toBe(403);
    const routers = (await call("GET", "/prod-api/system/menu/getRouters/en", kim)).json().data;
    expect(JSON.stringify(routers)).toContain("Login log");

    const emptied = await call("PUT", `/prod-api/system/role/${role.roleId}`, as.admin!, {
      ...(await auditor()),
      roleKey: undefined,
      menuIds: [await menuId("monitor:server:list")],
    });
    expect(emptied.statusCode).toBe(200);
    expect((await call("GET", "/prod-api/monitor/logininfor/list", kim)).statusCode).toBe(403);
    expect((await call("GET", "/prod-api/monitor/server", kim)).statusCode).toBe(200);
  });

  it("refuses a taken or malformed key, an unknown menu, and writes nothing", async () => {
    const before = await roleCount();
    const taken = await call("POST", "/prod-api/system/role", as.admin!, { ...(await auditor()), roleKey: "AUDITOR" });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().msg).toBe("The role key AUDITOR is already used");
    expect(
      (await call("POST", "/prod-api/system/role", as.admin!, { ...(await auditor()), roleKey: "1bad key" }))
        .statusCode,
    ).toBe(400);
    expect(
      (
        await call("POST", "/prod-api/system/role", as.admin!, {
          ...(await auditor()),
          roleKey: "other",
          menuIds: [99999],
        })
      ).statusCode,
    ).toBe(400);
    expect(
      (await call("POST", "/prod-api/system/role", as.admin!, { ...(await auditor()), roleKey: "admin" })).statusCode,
    ).toBe(409);
    expect(await roleCount()).toBe(before);
  });

  it("keeps the built-in roles, and removes a role only when nobody holds it", async () => {
    const roles = (await call("GET", "/prod-api/system/role/list", as.admin!)).json().rows as {
      roleId: number;
      roleKey: string;
    }[];
    const id = (key: string) => roles.find((r) => r.roleKey === key)!.roleId;
    expect(
      (
        await call("PUT", `/prod-api/system/role/${id("admin")}`, as.admin!, {
          ...(await auditor()),
          roleKey: undefined,
        })
      ).statusCode,
    ).toBe(403);
    expect((await call("DELETE", `/prod-api/system/role/${id("ROLE_DEFAULT")}`, as.admin!)).statusCode).toBe(403);
    const held = await call("DELETE", `/prod-api/system/role/${id("auditor")}`, as.admin!);
    expect(held.statusCode).toBe(409);
    expect(held.json().msg).toBe("Users holding this role: 1; take it from them first");
    const spare = (
      await call("POST", "/prod-api/system/role", as.admin!, { ...(await auditor()), roleKey: "spare", menuIds: [] })
    ).json().data;
    expect((await call("DELETE", `/prod-api/system/role/${spare.roleId}`, as.admin!)).statusCode).toBe(200);
    expect((await call("DELETE", `/prod-api/system/role/${spare.roleId}`, as.admin!)).statusCode).toBe(404);
  });
});
