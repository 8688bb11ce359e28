import { randomUUID } from "node:crypto";
import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  bizCoupon,
  bizLead,
  sysConfig,
  sysDictType,
  sysLoginLog,
  sysMenu,
  sysNotice,
  sysRole,
  sysSite,
  sysUser,
} from "../db/schema.ts";
import { createUser, signIn } from "../testing/accounts.ts";
import { openTestApp, type TestApp } from "../testing/test-app.ts";
import { TEST_ADMIN_PASSWORD } from "../testing/test-database.ts";

let t: TestApp;
let admin: Record<string, string>;
let nina: Record<string, string>;
beforeAll(async () => {
  t = await openTestApp();
  admin = await signIn(t.app, "admin", TEST_ADMIN_PASSWORD);
  await createUser(t.database.db, { userName: "nina", password: "nina-pass-12" });
  nina = await signIn(t.app, "nina", "nina-pass-12");
});
afterAll(() => t.close());

const send = (method: "POST" | "PUT" | "DELETE" | "GET", url: string, headers: Record<string, string>, json?: string) =>
  t.app.inject({
    method,
    url,
    headers: { ...headers, ...(json !== undefined ? { "content-type": "application/json" } : {}) },
    ...(json !== undefined ? { payload: json } : {}),
  });

/** The rows of a table (to show that a refused request stored nothing). */
const rowsOf = async (table: Parameters<ReturnType<typeof t.database.db.select>["from"]>[0]) =>
  (await t.database.db.select({ n: count() }).from(table))[0]!.n;

describe("a NUL character or a lone surrogate in any string", () => {
  // JSON text, so that the escapes reach the server as they would from any client.
  const NUL = "\\u0000";
  const LONE = "\\ud800";
  const cases = [
    {
      what: "the login form (anonymous)",
      method: "POST" as const,
      url: "/prod-api/auth/admin/login",
      headers: () => ({}),
      body: (bad: string) => `{"username":"adm${bad}in","password":"whatever-1"}`,
      field: "User name",
      table: sysLoginLog,
    },
    {
      what: "the apply form",
      method: "POST" as const,
      url: "/prod-api/lead/apply",
      headers: () => ({}),
      body: (bad: string) =>
        `{"name":"Lan${bad}","email":"lan@example.vn","phone":"+84901234567","address":"Hanoi","content":"Hi"}`,
      field: "Name",
      table: bizLead,
    },
    {
      what: "the profile",
      method: "PUT" as const,
      url: "/prod-api/system/user/profile",
      headers: () => nina,
      body: (bad: string) => `{"nickName":"Nina${bad}","email":"","phonenumber":""}`,
      field: "Display name",
      table: sysUser,
    },
    {
      what: "a notice",
      method: "POST" as const,
      url: "/prod-api/system/notice",
      headers: () => admin,
      body: (bad: string) =>
        `{"title":"Maintenance${bad}","noticeType":"notice","content":"<p>x</p>","attachments":[],"siteId":null,"status":"draft"}`,
      field: "Title",
      table: sysNotice,
    },
    {
      what: "a coupon",
      method: "POST" as const,
      url: "/prod-api/order/coupon",
      headers: () => admin,
      body: (bad: string) =>
        `{"code":"ODD10","name":{"en":"Odd${bad}"},"kind":"percent","value":10,"products":["waf"],"perCustomer":1}`,
      field: "Name (English)",
      table: bizCoupon,
    },
    {
      what: "a setting",
      method: "POST" as const,
      url: "/prod-api/system/config",
      headers: () => admin,
      body: (bad: string) => `{"configKey":"odd.setting","configName":{"en":"Odd"},"configValue":"on${bad}"}`,
      field: "Parameter value",
      table: sysConfig,
    },
    {
      what: "a dictionary type",
      method: "POST" as const,
      url: "/prod-api/system/dict/type",
      headers: () => admin,
      body: (bad: string) => `{"dictType":"odd_type","dictName":{"en":"Odd${bad}"},"status":"0"}`,
      field: "Dictionary name (English)",
      table: sysDictType,
    },
    {
      what: "a role (in a key)",
      method: "POST" as const,
      url: "/prod-api/system/role",
      headers: () => admin,
      body: (bad: string) =>
        `{"roleKey":"odd","roleName":{"en":"Odd","${bad}":"x"},"sort":1,"status":"0","menuIds":[]}`,
      field: "A field of Role name",
      table: sysRole,
    },
  ];

  for (const { what, method, url, headers, body, field, table } of cases) {
    it(`is refused in ${what} with 400 naming the field, and nothing is stored`, async () => {
      const before = await rowsOf(table);
      for (const bad of [NUL, LONE]) {
        const response = await send(method, url, { ...headers(), "accept-language": "en" }, body(bad));
        expect(response.statusCode).toBe(400);
        expect(response.json().msg).toBe(
          `${field} contains characters that cannot be stored (a NUL character or an unpaired surrogate)`,
        );
      }
      expect(await rowsOf(table)).toBe(before);
    });
  }

  it("is refused in the caller's language, and in a query too", async () => {
    const response = await send(
      "GET",
      "/prod-api/system/user/list?userName=ni%00na",
      { ...admin, "accept-language": "zh-CN" },
      undefined,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: 400,
      msg: "用户名包含无法保存的字符（NUL 字符或不成对的代理项）",
      requestId: expect.any(String),
    });
  });
});

describe("ids out of the database's range", () => {
  const deletions = [
    ["/prod-api/system/site/", "siteId", "Site", "Trang web", sysSite],
    ["/prod-api/system/role/", "roleId", "Role ID", "ID vai trò", sysRole],
    ["/prod-api/system/menu/", "menuId", "Menu ID", "ID menu", sysMenu],
    ["/prod-api/system/dict/data/", "dictCode", "Dictionary entry ID", "ID dữ liệu từ điển", undefined],
    ["/prod-api/system/notice/", "noticeId", "Notice ID", "ID thông báo", sysNotice],
    ["/prod-api/order/coupon/", "couponId", "Coupon ID", "ID mã giảm giá", bizCoupon],
  ] as const;

  for (const [path, field, label, vietnamese, table] of deletions) {
    it(`are refused with 400 by DELETE ${path}{${field}}`, async () => {
      const before = table ? await rowsOf(table) : 0;
      const tooBig = await send("DELETE", `${path}9999999999999999999999`, admin);
      expect(tooBig.statusCode).toBe(400);
      expect(tooBig.json().msg).toBe(`${label} must be at most 2147483647`);
      expect((await send("DELETE", `${path}2147483648`, admin)).json().msg).toBe(`${label} must be at most 2147483647`);
      const infinite = await send("DELETE", `${path}1e400`, { ...admin, "accept-language": "vi" });
      expect(infinite.statusCode).toBe(400);
      expect(infinite.json().msg).toBe(`${vietnamese} phải là một số hữu hạn`);
      if (table) expect(await rowsOf(table)).toBe(before);
    });
  }

  it("are refused in bodies and in a page number", async () => {
    const notice = `{"title":"T","noticeType":"notice","content":"","attachments":[],"siteId":2147483648,"status":"draft"}`;
    const response = await send("POST", "/prod-api/system/notice", admin, notice);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("Site must be at most 2147483647");
    const page = await send("GET", "/prod-api/system/role/list?pageNum=1e400", admin);
    expect(page.statusCode).toBe(400);
    expect(page.json().msg).toBe("Page number must be a finite number");
  });
});

describe("text kinds", () => {
  it("refuses control characters, line breaks and direction overrides in a name", async () => {
    const before = await rowsOf(bizCoupon);
    for (const name of ["Spring\\nsale", "Spring\\u0007", "\\u202eelas gnirps", "Spring\\u2028sale"]) {
      const response = await send(
        "POST",
        "/prod-api/order/coupon",
        admin,
        `{"code":"SPRING5","name":{"en":"${name}"},"kind":"percent","value":5,"products":["waf"],"perCustomer":1}`,
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().msg).toBe("Name (English) contains control characters that are not allowed");
    }
    expect(await rowsOf(bizCoupon)).toBe(before);
  });

  it("keeps line breaks and tabs in text of several lines", async () => {
    const content = "First line\n\tindented second line\r\nthird";
    const response = await t.app.inject({
      method: "POST",
      url: "/prod-api/lead/apply",
      headers: { "x-forwarded-for": randomUUID() },
      payload: { name: "Lan", email: "lan@example.vn", phone: "+84901234567", address: "Hanoi", content },
    });
    expect(response.statusCode).toBe(200);
    const [lead] = await t.database.db.select().from(bizLead);
    expect(lead?.content).toBe(content);
    const bell = await send(
      "POST",
      "/prod-api/lead/apply",
      {},
      `{"name":"Lan","email":"lan@example.vn","phone":"+84901234567","address":"Hanoi","content":"ring\\u0007"}`,
    );
    expect(bell.json().msg).toBe("Content contains control characters that are not allowed");
  });
});

describe("malformed requests", () => {
  it("refuses input nested deeper than 32 levels", async () => {
    const deep = `{"roleKey":"deep","roleName":${'{"en":'.repeat(40)}"x"${"}".repeat(40)},"sort":1,"status":"0","menuIds":[]}`;
    const response = await send("POST", "/prod-api/system/role", admin, deep);
    expect(response.statusCode).toBe(400);
    expect(response.json().msg).toBe("A field of Role name (English) is nested too deeply (at most 32 levels)");
  });

  it("answers a path that is not valid percent-encoding with 400 in the caller's language", async () => {
    const response = await send("DELETE", "/prod-api/system/role/%ED%A0%80", { ...admin, "accept-language": "zh-TW" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 400, msg: "請求位址不正確", requestId: expect.any(String) });
  });
});
