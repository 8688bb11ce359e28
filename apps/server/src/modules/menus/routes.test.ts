import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { RouterEntry } from "@rampart/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createUser, signIn } from "../../testing/accounts.ts";
import { openTestApp, type TestApp } from "../../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../../testing/test-database.ts";

let t: TestApp;
let admin: { authorization: string };
let operator: { authorization: string };
let customer: { authorization: string };

beforeAll(async () => {
  t = await openTestApp();
  await createUser(t.database.db, { userName: "olga", password: "olga-pass-1", roles: ["operator"] });
  await createUser(t.database.db, { userName: "cuong", password: "cuong-pass-1" });
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  operator = await signIn(t.app, "olga", "olga-pass-1");
  customer = await signIn(t.app, "cuong", "cuong-pass-1");
});
afterAll(() => t.close());

const routers = async (headers: Record<string, string>, lang = "en") => {
  const response = await t.app.inject({ method: "GET", url: `/prod-api/system/menu/getRouters/${lang}`, headers });
  expect(response.statusCode).toBe(200);
  return response.json().data as RouterEntry[];
};
const topPaths = (tree: RouterEntry[]) => tree.map((entry) => entry.path);

describe("GET /prod-api/system/menu/getRouters/{lang}", () => {
  it("gives the administrator every top menu", async () => {
    expect(topPaths(await routers(admin))).toEqual(["/control", "/system", "/business", "/monitor", "/tool"]);
  });

  it("gives an operator what the operator role grants, and a customer the control center only", async () => {
    expect(topPaths(await routers(operator))).toEqual(["/control", "/system", "/business", "/monitor"]);
    const customerTree = await routers(customer);
    expect(topPaths(customerTree)).toEqual(["/control"]);
    expect(customerTree[0]?.children?.map((c) => c.path)).toEqual([
      "customer",
      "orders",
      "services",
      "balance",
      "monitors",
      "certificates",
      "support",
      "services/domains",
      "services/usage",
    ]);
  });

  it("names the menus in the language of the path, in all five languages", async () => {
    const titles: Record<string, string> = {};
    for (const lang of ["en", "zh-CN", "zh-TW", "id", "vi"]) {
      titles[lang] = (await routers(admin, lang))[1]!.meta!.title;
    }
    expect(titles).toEqual({
      en: "System management",
      "zh-CN": "系统管理",
      "zh-TW": "系統管理",
      id: "Manajemen sistem",
      vi: "Quản lý hệ thống",
    });
  });

  it("answers the same tree compressed as the client accepts, its message in the caller's language", async () => {
    const plain = await t.app.inject({ url: "/prod-api/system/menu/getRouters/en", headers: admin });
    for (const encoding of ["gzip", "br"] as const) {
      const response = await t.app.inject({
        url: "/prod-api/system/menu/getRouters/en",
        headers: { ...admin, "accept-encoding": encoding, "accept-language": "vi" },
      });
      expect(response.headers["content-encoding"]).toBe(encoding);
      expect(response.headers.vary).toBe("Accept-Encoding");
      const body = encoding === "gzip" ? gunzipSync(response.rawPayload) : brotliDecompressSync(response.rawPayload);
      const answer = JSON.parse(body.toString("utf8"));
      expect(answer.msg).toBe("Thành công");
      expect(answer.data).toEqual(plain.json().data);
    }
    expect(plain.json().msg).toBe("Success");
  });

  it("refuses an unknown language", async () => {
    const response = await t.app.inject({ method: "GET", url: "/prod-api/system/menu/getRouters/fr", headers: admin });
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toMatch(/Unknown language fr/);
  });

  it("holds the permissions of the operator's menus, and not the administrator's own", async () => {
    const info = await t.app.inject({ method: "GET", url: "/prod-api/system/user/getInfo", headers: operator });
    const { permissions, roles } = info.json().data;
    expect(roles).toEqual(["operator"]);
    expect(permissions).toContain("system:manage:query");
    expect(permissions).toContain("monitor:online:list");
    expect(permissions).not.toContain("system:tool:query");
    expect(permissions).not.toContain("system:role:list");
  });
});

describe("dictionaries and settings", () => {
  it("answers a dictionary with labels in the caller's language", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/dict/data/type/sys_normal_disable",
      headers: { ...customer, "accept-language": "zh-TW" },
    });
    expect(
      response.json().data.map((d: { dictLabel: string; dictValue: string }) => [d.dictValue, d.dictLabel]),
    ).toEqual([
      ["0", "正常"],
      ["1", "停用"],
    ]);
  });

  it("answers an unknown dictionary with an empty list and a bad name with 400", async () => {
    const unknown = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/dict/data/type/no_such_dict",
      headers: customer,
    });
    expect(unknown.json().data).toEqual([]);
    const bad = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/dict/data/type/Bad-Name",
      headers: customer,
    });
    expect(bad.statusCode).toBe(400);
  });

  it("answers a setting by key, and 404 for an unknown key", async () => {
    const known = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/config/configKey/sys.account.registerUser",
      headers: customer,
    });
    expect(known.json().data).toBe("true");
    const unknown = await t.app.inject({
      method: "GET",
      url: "/prod-api/system/config/configKey/no.such.key",
      headers: customer,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().msg).toBe("No setting is called no.such.key");
  });
});
