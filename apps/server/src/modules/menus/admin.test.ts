import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sysMenu } from "../../db/schema.ts";
import { signIn, signInDemoSiteOperator } from "../../testing/accounts.ts";
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
const idOf = async (column: "path" | "perms", value: string) =>
  (await t.database.db.select().from(sysMenu).where(eq(sysMenu[column], value)))[0]!.menuId;
const routers = async (language: string) =>
  JSON.stringify((await call("GET", `/prod-api/system/menu/getRouters/${language}`, as.admin!)).json().data);
let monitorId: number;
const page = (over: Record<string, unknown> = {}) => ({
  parentId: monitorId,
  menuType: "C",
  title: { en: "Status board", vi: "Bảng trạng thái" },
  orderNum: 9,
  path: "board",
  component: "monitor/server/index",
  query: "",
  perms: "monitor:board:view",
  icon: "server",
  isExternal: false,
  isCache: true,
  hidden: false,
  status: "0",
  ...over,
});

beforeAll(async () => {
  t = await openTestApp();
  as.lotus = await signInDemoSiteOperator(t.app, t.database.db);
  as.admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  monitorId = await idOf("path", "monitor");
});
afterAll(() => t.close());

describe("the menus in the console", () => {
  it("lists every entry with its titles in every language, to an administrator only", async () => {
    const menus = (await call("GET", "/prod-api/system/menu/list", as.admin!)).json().data as {
      perms: string;
      title: Record<string, string>;
    }[];
    expect(menus.find((m) => m.perms === "monitor:operlog:list")?.title).toMatchObject({
      en: "Operation log",
      "zh-CN": "操作日志",
    });
    expect((await call("GET", "/prod-api/system/menu/list", as.lotus!)).statusCode).toBe(403);
  });

  it("adds a page that shows in the menus at once, in each language, and follows an edit", async () => {
    expect(await routers("en")).not.toContain("Status board");
    const created = await call("POST", "/prod-api/system/menu", as.admin!, page());
    expect(created.statusCode).toBe(200);
    expect(await routers("en")).toContain("Status board");
    expect(await routers("vi")).toContain("Bảng trạng thái");
    const menuId = created.json().data.menuId as number;
    await call("PUT", `/prod-api/system/menu/${menuId}`, as.admin!, page({ title: { en: "Health board" } }));
    expect(await routers("en")).toContain("Health board");
    // No Vietnamese title any more: the English one stands in.
    expect(await routers("vi")).toContain("Health board");
  });

  it("keeps buttons under pages and pages under directories, and refuses unsafe values", async () => {
    const count = (await t.database.db.select().from(sysMenu)).length;
    const board = await idOf("path", "board");
    for (const bad of [
      { menuType: "F", parentId: 0 },
      { parentId: await idOf("perms", "monitor:online:forceLogout") },
      { path: "javascript:alert(1)" },
      { perms: "monitor board" },
      { component: "../../etc/passwd" },
    ]) {
      expect((await call("POST", "/prod-api/system/menu", as.admin!, page(bad))).statusCode, JSON.stringify(bad)).toBe(
        400,
      );
    }
    // A directory cannot move under its own page.
    const monitor = (await call("GET", "/prod-api/system/menu/list", as.admin!))
      .json()
      .data.find((m: { menuId: number }) => m.menuId === monitorId);
    const cycle = await call("PUT", `/prod-api/system/menu/${monitorId}`, as.admin!, {
      ...monitor,
      menuId: undefined,
      parentId: board,
    });
    expect(cycle.statusCode).toBe(400);
    expect((await t.database.db.select().from(sysMenu)).length).toBe(count);
  });

  it("removes an entry without entries under it, and it leaves the menus at once", async () => {
    const conflict = await call("DELETE", `/prod-api/system/menu/${monitorId}`, as.admin!);
    expect(conflict.statusCode).toBe(409);
    const board = await idOf("path", "board");
    expect((await call("DELETE", `/prod-api/system/menu/${board}`, as.admin!)).statusCode).toBe(200);
    expect(await routers("en")).not.toContain("Health board");
  });
});
